// A run's "model for every agent" replaces the model everywhere: the provider chosen and
// the model name sent to it (it used to switch the provider and send the agent's own name).
import { describe, expect, it } from "vitest";
import { run, type ModelProvider, type ModelRequest } from "@/lib/engine";
import { compileFlow, FlowCompileError } from "@/lib/runs/compile";

const DOCUMENT = `agents:
  a: { model: "openai:gpt-4o", instructions: "A." }
  b: { model: "anthropic:claude-sonnet-4-5", instructions: "B." }
swarm: { type: workflow, flow: "a >> b" }
`;

function recordingProviders() {
  const calls: { model: string; requested: string }[] = [];
  const resolveProvider = (model: string): ModelProvider => ({
    async complete(request: ModelRequest) {
      calls.push({ model, requested: request.model });
      return { content: "ok", toolCalls: [], usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, finishReason: "stop" };
    },
    async *stream() {
      throw new Error("not used");
    },
  });
  return { calls, resolveProvider };
}

describe("compileFlow", () => {
  it("sends the override's model name to the override's provider, for every agent", async () => {
    const { calls, resolveProvider } = recordingProviders();
    await run(compileFlow(DOCUMENT, { modelOverride: "openai:gpt-4o-mini" }), "hi", { resolveProvider });
    expect(calls).toEqual([
      { model: "openai:gpt-4o-mini", requested: "gpt-4o-mini" },
      { model: "openai:gpt-4o-mini", requested: "gpt-4o-mini" },
    ]);
  });

  it("keeps each agent's own model without an override", async () => {
    const { calls, resolveProvider } = recordingProviders();
    await run(compileFlow(DOCUMENT), "hi", { resolveProvider });
    expect(calls.map((call) => call.requested)).toEqual(["gpt-4o", "claude-sonnet-4-5"]);
  });

  it("reports a document's problems as one FlowCompileError", () => {
    expect(() => compileFlow("agents: {}\nswarm: { type: workflow, flow: x }\n")).toThrow(FlowCompileError);
  });
});
