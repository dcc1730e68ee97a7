import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, AgentError, LoopError, run, tool, ToolError, type ToolMessage } from "@/lib/engine";
import { maxOverlap, ScriptedProvider } from "./stubs";

const add = tool({
  name: "add",
  description: "Adds two numbers",
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => a + b, // sync on purpose
});

function toolMessages(messages: readonly { role: string }[]): ToolMessage[] {
  return messages.filter((m): m is ToolMessage => m.role === "tool");
}

describe("agent tool loop", () => {
  it("lists parameters with defaults, like optional ones, as not required; zod fills them in (issue 16.1)", async () => {
    const seen: unknown[] = [];
    const repeat = tool({
      name: "repeat",
      description: "Repeats a word",
      parameters: z.object({ word: z.string(), times: z.number().int().default(2), separator: z.string().optional() }),
      execute: (args) => {
        seen.push(args);
        return args.word.repeat(args.times);
      },
    });
    expect(repeat.parameters).toMatchObject({ required: ["word"], properties: { times: { type: "integer", default: 2 } } });
    const provider = new ScriptedProvider([{ toolCalls: [{ name: "repeat", arguments: { word: "ab" } }] }, { content: "done" }]);
    const result = await run(new Agent({ name: "a", model: "mock:x", tools: [repeat] }), "go", { provider });
    expect(provider.calls[0]!.request.tools![0]!.parameters).toMatchObject({ required: ["word"] });
    expect(seen).toEqual([{ word: "ab", times: 2 }]);
    expect(toolMessages(result.messages)[0]!.content).toBe("abab");
  });

  it("runs tools (sync and async) and feeds results back until a final answer", async () => {
    const echo = tool({
      name: "echo",
      description: "Echoes",
      parameters: z.object({ text: z.string() }),
      execute: async ({ text }) => ({ echoed: text }),
    });
    const provider = new ScriptedProvider([
      {
        toolCalls: [
          { name: "add", arguments: { a: 2, b: 3 } },
          { name: "echo", arguments: { text: "x" } },
        ],
      },
      { content: "five" },
    ]);
    const agent = new Agent({
      name: "calc",
      model: "openai:gpt-4o-mini",
      instructions: "Be exact",
      tools: [add, echo],
    });
    const result = await run(agent, "2+3?", { provider });

    expect(result.output).toBe("five");
    expect(result.steps).toBe(2);
    expect(toolMessages(result.messages).map((m) => m.content)).toEqual(["5", '{"echoed":"x"}']);
    const first = provider.calls[0]!.request;
    expect(first.model).toBe("gpt-4o-mini"); // without the provider prefix
    expect(first.messages[0]).toEqual({ role: "system", content: "Be exact" });
    expect(first.tools.map((t) => t.name)).toEqual(["add", "echo"]);
    expect(first.tools[0]!.parameters).toMatchObject({ type: "object", properties: { a: { type: "number" } } });
    expect(first.temperature).toBe(1);
  });

  it("runs the tool calls of one message concurrently", async () => {
    const spans: { startedAt: number; endedAt: number }[] = [];
    const slow = tool({
      name: "slow",
      description: "waits",
      parameters: z.object({ i: z.number() }),
      execute: async () => {
        const span = { startedAt: performance.now(), endedAt: 0 };
        await new Promise((resolve) => setTimeout(resolve, 40));
        span.endedAt = performance.now();
        spans.push(span);
        return "ok";
      },
    });
    const provider = new ScriptedProvider([
      { toolCalls: [0, 1, 2].map((i) => ({ name: "slow", arguments: { i } })) },
      { content: "done" },
    ]);
    await run(new Agent({ name: "a", tools: [slow] }), "go", { provider });
    expect(spans).toHaveLength(3);
    expect(maxOverlap(spans)).toBe(3);
  });

  it("sends ToolError, unknown tools and invalid arguments back to the model", async () => {
    const fails = tool({
      name: "fails",
      description: "always refuses",
      parameters: z.object({}),
      execute: () => {
        throw new ToolError("not today");
      },
    });
    const provider = new ScriptedProvider([
      {
        toolCalls: [
          { name: "fails" },
          { name: "nope" },
          { name: "add", arguments: { a: "x" } },
          { name: "add", arguments: "{not json" },
        ],
      },
      { content: "recovered" },
    ]);
    const result = await run(new Agent({ name: "a", tools: [fails, add] }), "go", { provider });
    expect(result.output).toBe("recovered");
    const results = toolMessages(result.messages);
    expect(results.every((m) => m.error)).toBe(true);
    expect(results[0]!.content).toContain("not today");
    expect(results[1]!.content).toContain('no tool named "nope"');
    expect(results[2]!.content).toContain("invalid arguments");
    expect(results[3]!.content).toContain("not valid JSON");
    const toolNodes = [...result.state.nodes.values()].filter((n) => n.kind === "tool_call");
    expect(toolNodes.map((n) => n.status)).toEqual(["failed", "failed", "failed", "failed"]);
  });

  it("fails the agent when a tool throws anything but ToolError", async () => {
    const broken = tool({
      name: "broken",
      description: "bug",
      parameters: z.object({}),
      execute: () => {
        throw new RangeError("boom");
      },
    });
    const provider = new ScriptedProvider([{ toolCalls: [{ name: "broken" }] }]);
    const error = await run(new Agent({ name: "a", tools: [broken] }), "go", { provider }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentError);
    expect((error as AgentError).cause).toBeInstanceOf(RangeError);
  });

  it("cancels the sibling tool calls when one fails the agent", async () => {
    const broken = tool({
      name: "broken",
      description: "bug",
      parameters: z.object({}),
      execute: async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        throw new RangeError("boom");
      },
    });
    const hang = tool({ name: "hang", description: "", parameters: z.object({}), execute: () => new Promise(() => {}) });
    const provider = new ScriptedProvider([{ toolCalls: [{ name: "hang" }, { name: "broken" }] }]);
    const nodes = new Map<string, { name: string; status: string }>();
    const error = await run(new Agent({ name: "a", tools: [broken, hang] }), "go", {
      provider,
      recorder: { onNodeUpdated: (n) => void nodes.set(n.id, n) },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentError);
    const statusOf = (name: string) => [...nodes.values()].find((n) => n.name === name)!.status;
    expect(statusOf("hang")).toBe("cancelled");
    expect(statusOf("broken")).toBe("failed");
    expect(statusOf("a")).toBe("failed");
  });

  it("stops at maxSteps", async () => {
    let n = 0;
    const provider = new ScriptedProvider(() => ({ toolCalls: [{ name: "add", arguments: { a: n++, b: 0 } }] }));
    const error = await run(new Agent({ name: "a", tools: [add], maxSteps: 4 }), "go", { provider }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AgentError);
    expect((error as Error).message).toContain("maxSteps (4)");
    expect(provider.calls).toHaveLength(4);
  });

  it("detects a loop of identical tool calls", async () => {
    const provider = new ScriptedProvider([{ toolCalls: [{ name: "add", arguments: { a: 1, b: 1 } }] }]);
    const error = await run(new Agent({ name: "a", tools: [add] }), "go", { provider, loopThreshold: 3 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LoopError);
    expect((error as LoopError).count).toBe(3);
    expect((error as LoopError).signature).toBe('add:{"a":1,"b":1}');
    expect(provider.calls).toHaveLength(3); // the third identical step is not executed
  });

  it("does not flag changing tool calls as a loop", async () => {
    let n = 0;
    const provider = new ScriptedProvider(() =>
      n < 5 ? { toolCalls: [{ name: "add", arguments: { a: n++, b: 1 } }] } : { content: "ok" },
    );
    const result = await run(new Agent({ name: "a", tools: [add] }), "go", { provider });
    expect(result.output).toBe("ok");
  });

  it("resolves function instructions with the input", async () => {
    const provider = new ScriptedProvider([{ content: "ok" }]);
    const agent = new Agent({ name: "a", instructions: async ({ input }) => `Answer about ${input}` });
    await run(agent, "cats", { provider });
    expect(provider.calls[0]!.request.messages[0]!.content).toBe("Answer about cats");
  });

  it("resolves providers through resolveProvider with the full model string", async () => {
    const seen: string[] = [];
    const provider = new ScriptedProvider([{ content: "ok" }]);
    await run(new Agent({ name: "a", model: "anthropic:claude-x" }), "hi", {
      resolveProvider: (model) => {
        seen.push(model);
        return provider;
      },
    });
    expect(seen).toEqual(["anthropic:claude-x"]);
    expect(provider.calls[0]!.model).toBe("claude-x");
  });

  it("uses lib/providers by default (mock:echo)", async () => {
    const result = await run(new Agent({ name: "a", model: "mock:echo" }), "hello");
    expect(result.output).toContain("hello");
  });

  it("resumes from stored messages: the planner continues where the history stops", async () => {
    const provider = new ScriptedProvider([{ content: "final" }]);
    const call = { id: "c1", name: "add", arguments: '{"a":1,"b":2}' };
    const result = await run(new Agent({ name: "a", tools: [add] }), "", {
      provider,
      messages: [
        { role: "user", content: "1+2" },
        { role: "assistant", content: "", toolCalls: [call] },
      ],
    });
    expect(result.output).toBe("final");
    expect(toolMessages(result.messages)[0]!.content).toBe("3");
    expect(provider.calls).toHaveLength(1);
  });
});

describe("structured output", () => {
  const Answer = z.object({ city: z.string(), population: z.number() });

  it("sends the schema and parses a valid answer (zod)", async () => {
    const provider = new ScriptedProvider([{ content: '{"city":"Oslo","population":700000}' }]);
    const result = await run(new Agent({ name: "a", outputSchema: Answer }), "?", { provider });
    expect(result.parsed).toEqual({ city: "Oslo", population: 700000 });
    expect(provider.calls[0]!.request.outputSchema?.schema).toMatchObject({
      type: "object",
      required: ["city", "population"],
    });
  });

  it("accepts JSON Schema too", async () => {
    const schema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
    const provider = new ScriptedProvider([{ content: '{"n":"x"}' }, { content: '{"n":3}' }]);
    const result = await run(new Agent({ name: "a", outputSchema: schema }), "?", { provider });
    expect(result.parsed).toEqual({ n: 3 });
  });

  it("tells the model once, then fails with AgentError", async () => {
    const provider = new ScriptedProvider([{ content: "not json" }, { content: '{"city":1}' }]);
    const error = await run(new Agent({ name: "a", outputSchema: Answer }), "?", { provider }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentError);
    expect((error as Error).message).toContain("output schema");
    expect(provider.calls).toHaveLength(2);
    expect(provider.calls[1]!.request.messages.at(-1)!.content).toContain("not valid JSON");
  });
});
