// Pausing for a person (ask_human → `waiting`, continued by the answer as the call's
// checkpoint), a person's edit of what a step sees, and a fork's reused steps.
import { describe, expect, it } from "vitest";
import { Agent, HumanInputRequest, RunAbortedError, run, Swarm, tool, type Checkpoint, type StepCheckpoints, type StreamEvent } from "@/lib/engine";
import { z } from "zod";
import { lastInput, ScriptedProvider } from "./stubs";

class MemoryCheckpoints implements StepCheckpoints {
  readonly stored = new Map<string, Checkpoint>();
  recorded(nodeId: string) {
    return this.stored.get(nodeId);
  }
  async record(nodeId: string, checkpoint: Checkpoint) {
    this.stored.set(nodeId, checkpoint);
  }
}

const ask = tool({
  name: "ask_human",
  description: "asks",
  parameters: z.object({ question: z.string(), choices: z.array(z.string()).optional() }),
  execute: ({ question, choices }) => {
    throw new HumanInputRequest(question, choices);
  },
});

// Asks first; then answers with what the person said.
const asker = () =>
  new ScriptedProvider((request) =>
    request.messages.at(-1)?.role === "tool"
      ? { content: `the person said: ${lastInput(request)}` }
      : { toolCalls: [{ name: "ask_human", arguments: { question: "Ship it?", choices: ["yes", "no"] } }] },
  );

describe("a run that asks a person", () => {
  it("pauses as waiting with the question, then continues from the answer", async () => {
    const checkpoints = new MemoryCheckpoints();
    const agent = new Agent({ name: "lead", model: "mock:lead", tools: [ask] });
    const events: StreamEvent[] = [];
    const first = run.stream(new Swarm({ agents: [agent] }), "release?", { provider: asker(), runId: "h1", checkpoints });
    const error = await (async () => {
      for await (const event of first) events.push(event);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunAbortedError);
    expect((error as RunAbortedError).status).toBe("waiting");
    const question = events.find((event) => event.type === "question");
    expect(question).toMatchObject({ question: "Ship it?", choices: ["yes", "no"] });
    const state = (error as { state: { nodes: Map<string, { status: string; kind: string }> } }).state;
    const askNode = state.nodes.get(question!.nodeId)!;
    expect(askNode).toMatchObject({ kind: "tool_call", status: "waiting" });
    expect(state.nodes.get("h1")!.status).toBe("waiting");
    expect(checkpoints.stored.has(question!.nodeId)).toBe(false);

    // The answer is the call's result; the next execution replays up to it and goes on.
    checkpoints.stored.set(question!.nodeId, { kind: "tool", content: "yes", error: false, answeredBy: "u1", answeredAt: 1_000 });
    const provider = asker();
    const result = await run(new Swarm({ agents: [agent] }), "release?", { provider, runId: "h1", checkpoints });
    expect(result.output).toBe("the person said: yes");
    expect(provider.calls).toHaveLength(1); // the asking step was replayed
    expect(result.state.nodes.get(question!.nodeId)!.metadata.answer).toEqual({ by: "u1", at: 1_000 });
  });
});

describe("a person's edit of a step, and a fork's reused steps", () => {
  it("the edited step sees the edited history and the agent goes on from it", async () => {
    const provider = new ScriptedProvider((request) => ({ content: `saw: ${request.messages.map((m) => m.content).join(" | ")}` }));
    const agent = new Agent({ name: "a", model: "mock:a", instructions: "Be brief." });
    const edits = new Map([["e1.0.0.0", [{ role: "system" as const, content: "Be loud." }, { role: "user" as const, content: "EDITED" }]]]);
    const result = await run(new Swarm({ agents: [agent] }), "original", { provider, runId: "e1", stepEdits: edits });
    expect(result.output).toBe("saw: Be loud. | EDITED");
    const step = result.state.nodes.get("e1.0.0.0")!;
    expect(step.metadata.edited).toBe(true);
  });

  it("reused steps are not called and add no tokens", async () => {
    const checkpoints = new MemoryCheckpoints();
    const usage = { inputTokens: 100, outputTokens: 50, totalTokens: 150 };
    checkpoints.stored.set("f1.0.0.0", { kind: "model", response: { content: "from the parent", toolCalls: [], usage, finishReason: "stop" }, reusedFrom: "parent" });
    const provider = new ScriptedProvider([{ content: "b ran" }]);
    const swarm = new Swarm({ agents: [new Agent({ name: "a", model: "mock:a" }), new Agent({ name: "b", model: "mock:b" })] });
    const result = await run(swarm, "x", { provider, runId: "f1", checkpoints });
    expect(provider.calls.map((c) => c.model)).toEqual(["b"]);
    expect(result.output).toBe("b ran");
    expect(result.usage.totalTokens).toBe(15); // only b's call
    expect(result.state.nodes.get("f1.0.0.0")!.metadata.reusedFrom).toBe("parent");
  });
});
