import { describe, expect, it } from "vitest";
import { Agent, run } from "@/lib/engine";
import { ModelError, type ModelRequest, type StreamChunk } from "@/lib/engine/model";
import { createScriptedProvider, getProvider, parseMockModel } from "@/lib/providers";
import { splitIntoChunks } from "@/lib/providers/scripted";

const ask = (content: string, extra: Partial<ModelRequest> = {}): ModelRequest => ({
  model: "echo",
  messages: [
    { role: "system", content: "You are terse." },
    { role: "user", content },
  ],
  tools: [],
  ...extra,
});

async function collect(stream: AsyncIterable<StreamChunk>): Promise<StreamChunk[]> {
  const chunks: StreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe("mock model strings", () => {
  it("parses behaviours and parameters, keeping + and percent-decoding", () => {
    expect(parseMockModel("echo")).toEqual({ behaviour: "echo", latency: 0 });
    expect(parseMockModel("reply?text=Hi%20there&latency=300")).toEqual({ behaviour: "reply", text: "Hi there", latency: 300 });
    expect(parseMockModel('tool?name=calculator&args={"expression":"1+2"}')).toEqual({
      behaviour: "tool",
      name: "calculator",
      args: '{"expression":"1+2"}',
      latency: 0,
    });
    expect(parseMockModel("reply?text=50% off")).toMatchObject({ text: "50% off" });
    expect(parseMockModel("fail?kind=rate_limit&retry_after=1500")).toMatchObject({ kind: "rate_limit", retry_after: 1500 });
  });

  it.each([
    ["nope", /behaviour/],
    ["echo?latnecy=3", /latnecy/],
    ["echo?latency=-1", /latency/],
    ["echo?latency=soon", /latency/],
    ["reply", /text/],
    ["tool?args={}", /name/],
    ["tool?name=x&args=[1]", /JSON object/],
    ["tool?name=x&args={oops", /JSON object/],
    ["fail?kind=explode", /kind/],
  ])("rejects mock:%s with a readable error", (model, message) => {
    expect(() => parseMockModel(model)).toThrow(message);
    expect(() => getProvider(`mock:${model}`)).toThrow(/Invalid mock model/);
  });

  it("mock:echo replies with the last user message and counts tokens roughly", async () => {
    const response = await getProvider("mock:echo").complete(ask("Hello there, world"));
    expect(response).toEqual({
      content: "Hello there, world",
      toolCalls: [],
      // "You are terse." = 14 chars -> 4 tokens, the question 18 chars -> 5
      usage: { inputTokens: 9, outputTokens: 5, totalTokens: 14 },
      finishReason: "stop",
    });
  });

  it("mock:reply answers fixed text", async () => {
    expect((await getProvider("mock:reply?text=Fixed").complete(ask("x"))).content).toBe("Fixed");
  });

  it("mock:tool calls the tool, then answers from the tool result in the history", async () => {
    const provider = getProvider('mock:tool?name=calculator&args={"expression":"6*7"}');
    const first = await provider.complete(ask("what is 6*7?"));
    expect(first.finishReason).toBe("tool_calls");
    expect(first.toolCalls).toEqual([{ id: expect.any(String), name: "calculator", arguments: '{"expression":"6*7"}' }]);
    const call = first.toolCalls[0]!;
    const second = await provider.complete(
      ask("what is 6*7?", {
        messages: [
          { role: "user", content: "what is 6*7?" },
          { role: "assistant", content: "", toolCalls: [call] },
          { role: "tool", toolCallId: call.id, toolName: "calculator", content: "42" },
        ],
      }),
    );
    expect(second).toMatchObject({ content: "calculator returned: 42", toolCalls: [], finishReason: "stop" });
  });

  it("mock:fail throws a ModelError of the given kind", async () => {
    const error = await getProvider("mock:fail?kind=rate_limit&retry_after=250&message=slow").complete(ask("x")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ reason: "rate_limit", retryAfterMs: 250, message: "slow", retryable: true });
    const streamed = await collect(getProvider("mock:fail?kind=context_length").stream(ask("x"))).catch((e: unknown) => e);
    expect(streamed).toMatchObject({ reason: "context_length", retryable: false });
  });

  it("mock:fail with times fails the first calls, then answers", async () => {
    const provider = getProvider("mock:fail?kind=server&times=2&text=recovered");
    await expect(provider.complete(ask("x"))).rejects.toMatchObject({ reason: "server" });
    await expect(collect(provider.stream(ask("x")))).rejects.toMatchObject({ reason: "server" });
    expect((await provider.complete(ask("x"))).content).toBe("recovered");
    expect(() => getProvider("mock:fail?kind=timeout&times=0")).toThrow(/times/);
  });

  it("drives the engine's retries offline", async () => {
    const agent = new Agent({ name: "flaky", model: "mock:fail?kind=rate_limit&times=2" });
    const result = await run(agent, "still there?", { retryBaseMs: 1 });
    expect(result.output).toBe("still there?");
  });

  it("waits the latency, and streams text in a few deltas spread over it, ending with done", async () => {
    const provider = getProvider("mock:echo?latency=120");
    const started = performance.now();
    const times: number[] = [];
    const chunks: StreamChunk[] = [];
    for await (const chunk of provider.stream(ask("one two three four five six seven eight"))) {
      times.push(performance.now() - started);
      chunks.push(chunk);
    }
    const deltas = chunks.filter((chunk) => chunk.type === "text_delta");
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((delta) => delta.text).join("")).toBe("one two three four five six seven eight");
    expect(times[0]).toBeGreaterThanOrEqual(25); // the first delta waits its share, not everything
    expect(times[0]).toBeLessThan(times.at(-1)! * 0.75);
    expect(times.at(-1)).toBeGreaterThanOrEqual(115);
    expect(chunks.at(-1)).toMatchObject({ type: "done", response: { content: "one two three four five six seven eight" } });
  });

  it("rejects promptly when the signal aborts, during complete and stream", async () => {
    const provider = getProvider("mock:echo?latency=10000");
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(new Error("stop")), 20);
    await expect(provider.complete(ask("x", { signal: controller.signal }))).rejects.toThrow("stop");
    expect(performance.now() - started).toBeLessThan(5_000); // half the latency: it did not wait it out

    const aborted = AbortSignal.abort(new Error("already"));
    await expect(collect(provider.stream(ask("x", { signal: aborted })))).rejects.toThrow("already");
  });
});

describe("createScriptedProvider", () => {
  it("plays steps in order, records requests and fails clearly when the script runs out", async () => {
    const provider = createScriptedProvider([
      { toolCalls: [{ name: "lookup", arguments: { q: "a" } }], usage: { inputTokens: 100, outputTokens: 10 } },
      { fail: { kind: "server", status: 503 } },
      { text: "done" },
    ]);
    const first = await provider.complete(ask("go"));
    expect(first).toMatchObject({
      toolCalls: [{ id: "call_0_0", name: "lookup", arguments: '{"q":"a"}' }],
      usage: { inputTokens: 100, outputTokens: 10, totalTokens: 110 },
    });
    await expect(provider.complete(ask("go"))).rejects.toMatchObject({ reason: "server", status: 503, retryable: true });
    expect((await provider.complete(ask("go"))).content).toBe("done");
    await expect(provider.complete(ask("go"))).rejects.toThrow(/no step for call #4/);
    expect(provider.requests).toHaveLength(4);
  });

  it("streams tool calls as deltas and a done chunk holding them", async () => {
    const provider = createScriptedProvider(() => ({ text: "Checking", toolCalls: [{ id: "t1", name: "now", arguments: "{}" }] }));
    const chunks = await collect(provider.stream(ask("time?")));
    expect(chunks).toEqual([
      { type: "text_delta", text: "Checking" },
      { type: "tool_call_delta", index: 0, id: "t1", name: "now", argumentsDelta: "{}" },
      { type: "done", response: expect.objectContaining({ finishReason: "tool_calls", toolCalls: [{ id: "t1", name: "now", arguments: "{}" }] }) },
    ]);
  });

  it("validates steps", async () => {
    const provider = createScriptedProvider([{ latencyMs: -5 }]);
    await expect(provider.complete(ask("x"))).rejects.toThrow(/latencyMs/);
  });

  it("splits text at word boundaries into at most n chunks", () => {
    expect(splitIntoChunks("", 4)).toEqual([]);
    expect(splitIntoChunks("a b c d e f g h i", 4).length).toBeLessThanOrEqual(4);
    expect(splitIntoChunks("a b c d e f g h i", 4).join("")).toBe("a b c d e f g h i");
    expect(splitIntoChunks("  leading", 4).join("")).toBe("  leading");
  });
});
