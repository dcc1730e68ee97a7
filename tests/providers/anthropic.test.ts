import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ModelError, type ModelRequest, type StreamChunk } from "@/lib/engine/model";
import { getProvider } from "@/lib/providers";
import { toAnthropicMessages } from "@/lib/providers/anthropic";
import {
  anthropicError,
  anthropicMessage,
  anthropicPromptTooLong,
  anthropicStream,
  anthropicStreamError,
  startFakeAnthropic,
  type FakeAnthropic,
} from "./fakes/anthropic";

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const provider = () =>
  getProvider("anthropic:claude-haiku-4-5", { anthropic: { apiKey: "sk-ant-test", baseURL: fake.baseURL } });

const weather = { name: "get_weather", description: "Weather for a city", parameters: { type: "object", properties: { city: { type: "string" } } } };

const request: ModelRequest = {
  model: "claude-haiku-4-5",
  messages: [
    { role: "system", content: "Be brief." },
    { role: "user", content: "Weather in Paris and Rome?" },
    {
      role: "assistant",
      content: "Checking.",
      toolCalls: [
        { id: "toolu_1", name: "get_weather", arguments: '{"city":"Paris"}' },
        { id: "toolu_2", name: "get_weather", arguments: '{"city":"Rome"}' },
      ],
    },
    { role: "tool", toolCallId: "toolu_1", toolName: "get_weather", content: "sunny" },
    { role: "tool", toolCallId: "toolu_2", toolName: "get_weather", content: "no such city", error: true },
  ],
  tools: [weather],
  temperature: 0.5,
};

async function collect(stream: AsyncIterable<StreamChunk>): Promise<StreamChunk[]> {
  const chunks: StreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe("anthropic provider, complete", () => {
  it("maps system, tool calls and tool results to the Messages API", async () => {
    fake.enqueue(anthropicMessage({ text: "Paris is sunny.", usage: { input_tokens: 30, output_tokens: 4 } }));
    const response = await provider().complete(request);

    expect(response).toEqual({
      content: "Paris is sunny.",
      toolCalls: [],
      usage: { inputTokens: 30, outputTokens: 4, totalTokens: 34 },
      finishReason: "stop",
    });
    const [sent] = fake.requests;
    expect(sent?.path).toBe("/v1/messages");
    // this SDK generation sends the API key as a bearer token
    expect(sent?.headers.authorization).toBe("Bearer sk-ant-test");
    expect(sent?.body).toEqual({
      model: "claude-haiku-4-5",
      system: "Be brief.",
      max_tokens: 4096,
      temperature: 0.5,
      stream: false,
      messages: [
        { role: "user", content: [{ type: "text", text: "Weather in Paris and Rome?" }] },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Checking." },
            { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Paris" } },
            { type: "tool_use", id: "toolu_2", name: "get_weather", input: { city: "Rome" } },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "toolu_1", content: "sunny" },
            { type: "tool_result", tool_use_id: "toolu_2", content: "no such city", is_error: true },
          ],
        },
      ],
      tools: [{ name: "get_weather", description: "Weather for a city", input_schema: weather.parameters }],
    });
  });

  it("returns tool_use blocks as tool calls with JSON arguments", async () => {
    fake.enqueue(anthropicMessage({ text: "Let me look.", toolUses: [{ id: "toolu_9", name: "get_weather", input: { city: "Oslo" } }] }));
    const response = await provider().complete(request);
    expect(response).toMatchObject({
      content: "Let me look.",
      toolCalls: [{ id: "toolu_9", name: "get_weather", arguments: '{"city":"Oslo"}' }],
      finishReason: "tool_calls",
    });
  });

  it("sends structured output as output_config.format and honours maxTokens", async () => {
    fake.enqueue(anthropicMessage({ text: '{"answer":1}' }));
    const schema = { type: "object", properties: { answer: { type: "number" } } };
    await provider().complete({ ...request, maxTokens: 64, outputSchema: { name: "answer", schema } });
    expect(fake.requests[0]?.body).toMatchObject({ max_tokens: 64, output_config: { format: { type: "json_schema", schema } } });
  });
});

describe("anthropic provider, stream", () => {
  it("yields text deltas and assembles input_json_delta into tool calls", async () => {
    fake.enqueue(
      anthropicStream({
        text: ["Look", "ing."],
        toolUses: [
          { id: "toolu_a", name: "get_weather", jsonPieces: ['{"city"', ':"Paris"}'] },
          { id: "toolu_b", name: "now", jsonPieces: [] },
        ],
        usage: { input_tokens: 20, output_tokens: 9 },
      }),
    );
    const chunks = await collect(provider().stream(request));
    expect(chunks.slice(0, 2)).toEqual([
      { type: "text_delta", text: "Look" },
      { type: "text_delta", text: "ing." },
    ]);
    expect(chunks.filter((chunk) => chunk.type === "tool_call_delta")).toEqual([
      { type: "tool_call_delta", index: 0, id: "toolu_a", name: "get_weather" },
      { type: "tool_call_delta", index: 0, argumentsDelta: '{"city"' },
      { type: "tool_call_delta", index: 0, argumentsDelta: ':"Paris"}' },
      { type: "tool_call_delta", index: 1, id: "toolu_b", name: "now" },
    ]);
    expect(chunks.at(-1)).toEqual({
      type: "done",
      response: {
        content: "Looking.",
        toolCalls: [
          { id: "toolu_a", name: "get_weather", arguments: '{"city":"Paris"}' },
          { id: "toolu_b", name: "now", arguments: "{}" },
        ],
        usage: { inputTokens: 20, outputTokens: 9, totalTokens: 29 },
        finishReason: "tool_calls",
      },
    });
    expect(fake.requests[0]?.body).toMatchObject({ stream: true });
  });

  it("an overloaded error event mid-stream is a retryable server error", async () => {
    fake.enqueue(anthropicStreamError({ type: "overloaded_error", message: "Overloaded" }));
    expect(await failure(collect(provider().stream(request)))).toMatchObject({ reason: "server", retryable: true });
  });
});

describe("anthropic provider, errors", () => {
  it("429 is a retryable rate_limit with retry-after in ms", async () => {
    fake.enqueue(anthropicError(429, { type: "rate_limit_error", message: "Too many requests" }, { "retry-after": "3" }));
    expect(await failure(provider().complete(request))).toMatchObject({ reason: "rate_limit", status: 429, retryAfterMs: 3000, retryable: true });
    expect(fake.requests).toHaveLength(1);
  });

  it("500 and 529 are retryable server errors", async () => {
    fake.enqueue(anthropicError(500, { type: "api_error", message: "Internal error" }));
    expect(await failure(provider().complete(request))).toMatchObject({ reason: "server", status: 500 });
    fake.enqueue(anthropicError(529, { type: "overloaded_error", message: "Overloaded" }));
    expect(await failure(provider().complete(request))).toMatchObject({ reason: "server", status: 529, retryable: true });
  });

  it('400 "prompt is too long" is a non-retryable context_length error', async () => {
    fake.enqueue(anthropicPromptTooLong());
    expect(await failure(provider().complete(request))).toMatchObject({ reason: "context_length", retryable: false });
  });

  it("403 is auth, other 400s bad_request", async () => {
    fake.enqueue(anthropicError(403, { type: "permission_error", message: "No access" }));
    expect(await failure(provider().complete(request))).toMatchObject({ reason: "auth" });
    fake.enqueue(anthropicError(400, { type: "invalid_request_error", message: "messages: field required" }));
    expect(await failure(provider().complete(request))).toMatchObject({ reason: "bad_request" });
  });

  it("aborting a stream rejects promptly with the signal's reason", async () => {
    fake.enqueue({ kind: "hang" });
    const controller = new AbortController();
    const pending = collect(provider().stream({ ...request, signal: controller.signal }));
    setTimeout(() => controller.abort(new Error("user cancelled")), 20);
    await expect(pending).rejects.toThrow("user cancelled");
  });
});

describe("toAnthropicMessages", () => {
  it("drops empty messages and merges the turns around them", () => {
    expect(
      toAnthropicMessages([
        { role: "user", content: "first" },
        { role: "assistant", content: "", toolCalls: [] },
        { role: "user", content: "" },
        { role: "user", content: "second" },
        { role: "system", content: "A" },
        { role: "system", content: "B" },
      ]),
    ).toEqual({
      system: "A\n\nB",
      messages: [{ role: "user", content: [{ type: "text", text: "first" }, { type: "text", text: "second" }] }],
    });
  });
});

describe("anthropic provider, aborting mid-stream", () => {
  it("rejects with the signal's reason instead of ending with a partial answer", async () => {
    fake.enqueue(anthropicStream({ text: ["a", "b", "c", "d"], delayMs: 40 }));
    const controller = new AbortController();
    const received: StreamChunk[] = [];
    const pending = (async () => {
      for await (const chunk of provider().stream({ ...request, signal: controller.signal })) {
        received.push(chunk);
        if (received.length === 1) controller.abort(new Error("stop streaming"));
      }
    })();
    await expect(pending).rejects.toThrow("stop streaming");
    expect(received).toHaveLength(1);
  });
});
