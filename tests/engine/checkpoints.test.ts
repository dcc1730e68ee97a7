import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, INTERRUPTED_TRY, ParallelGroup, run, Swarm, tool, type Checkpoint, type RunNode, type StepCheckpoints } from "@/lib/engine";
import { byModel, lastInput, ScriptedProvider, type ScriptHandler } from "./stubs";

/** Checkpoints kept in memory, as the runs' tables keep them. */
class MemoryCheckpoints implements StepCheckpoints {
  readonly stored = new Map<string, Checkpoint>();
  readonly interrupted = new Map<string, number>();
  recorded(nodeId: string) {
    return this.stored.get(nodeId);
  }
  interruptedAt(nodeId: string) {
    return this.interrupted.get(nodeId);
  }
  async record(nodeId: string, checkpoint: Checkpoint) {
    this.stored.set(nodeId, structuredClone(checkpoint));
  }
}

let toolRuns = 0;
const lookup = tool({
  name: "lookup",
  description: "Looks a word up",
  parameters: z.object({ word: z.string() }),
  execute: ({ word }) => {
    toolRuns++;
    return `definition of ${word}`;
  },
});

// Each reply takes a random time: parallel members finish (and call again) in a different order every execution.
const jitter = () => Math.floor(Math.random() * 15);
const researcher: ScriptHandler = (request, i) =>
  i === 0 ? { toolCalls: [{ name: "lookup", arguments: { word: "swarm" } }], delayMs: jitter() } : { content: `notes(${lastInput(request)})`, delayMs: jitter() };
const member =
  (name: string): ScriptHandler =>
  (request, i) =>
    i === 0 ? { toolCalls: [{ name: "lookup", arguments: { word: name } }], delayMs: jitter() } : { content: `${name}(${lastInput(request).slice(0, 20)})`, delayMs: jitter() };
const writer: ScriptHandler = (request) => ({ content: `report: ${lastInput(request)}`, delayMs: jitter() });

function script() {
  return byModel({ researcher, a: member("a"), b: member("b"), c: member("c"), writer });
}

function swarm() {
  const agent = (name: string, tools = [lookup]) => new Agent({ name, model: `mock:${name}`, tools });
  const panel = new ParallelGroup({ name: "panel", agents: [agent("a"), agent("b"), agent("c")] });
  return new Swarm({ name: "s", agents: [agent("researcher"), panel, agent("writer", [])] });
}

const shape = (nodes: Iterable<RunNode>) =>
  [...nodes].map((n) => `${n.id} ${n.kind} ${n.name} ${n.status}`).sort();

describe("checkpoints: a run continues from its last recorded step", () => {
  it("replays every recorded model and tool call, calls only what is left, and gives the same tree", async () => {
    const reference = await run(swarm(), "topic", { provider: new ScriptedProvider(script()), runId: "r1" });

    // First execution: the process "dies" when the 5th model call starts (one call in flight).
    const checkpoints = new MemoryCheckpoints();
    const crash = new AbortController();
    let calls = 0;
    const replies = script();
    const first = new ScriptedProvider((request, i) => {
      if (++calls === 5) crash.abort();
      return replies(request, i);
    });
    const partial = await run(swarm(), "topic", { provider: first, runId: "r1", checkpoints, signal: crash.signal }).then(
      () => expect.unreachable("the first execution should have stopped"),
      runStateOfError,
    );
    const inFlight = [...partial.nodes.values()].filter((n) => n.kind === "step" && !checkpoints.stored.has(n.id) && n.startedAt !== null);
    expect(inFlight.length).toBeGreaterThan(0);
    for (const node of inFlight) checkpoints.interrupted.set(node.id, node.startedAt!);
    const recordedModelCalls = [...checkpoints.stored.values()].filter((c) => c.kind === "model").length;
    const recordedToolCalls = [...checkpoints.stored.values()].filter((c) => c.kind === "tool").length;
    expect(recordedModelCalls).toBeGreaterThanOrEqual(2);

    // Second execution, same run id, same checkpoints: only the calls not recorded are made.
    toolRuns = 0;
    const second = new ScriptedProvider(script());
    const resumed = await run(swarm(), "topic", { provider: second, runId: "r1", checkpoints });
    const totalModelCalls = [...reference.state.nodes.values()].filter((n) => n.kind === "step").length;
    expect(second.calls.length).toBe(totalModelCalls - recordedModelCalls);
    expect(resumed.output).toBe(reference.output);
    expect(shape(resumed.state.nodes.values())).toEqual(shape(reference.state.nodes.values()));
    // Tool calls recorded in the first execution did not run again.
    expect(recordedToolCalls).toBeGreaterThanOrEqual(1);
    expect(toolRuns).toBe(4 - recordedToolCalls);

    // The call that was in flight shows as a retried step: its interrupted try, then the one that answered.
    for (const node of inFlight) {
      const attempts = resumed.state.nodes.get(node.id)!.metadata.attempts as Array<{ error?: string }>;
      expect(attempts.map((a) => a.error ?? "ok")).toEqual([INTERRUPTED_TRY, "ok"]);
    }
  });

  it("an execution with every step recorded calls nothing", async () => {
    const checkpoints = new MemoryCheckpoints();
    const first = await run(swarm(), "topic", { provider: new ScriptedProvider(script()), runId: "r2", checkpoints });
    const again = new ScriptedProvider(script());
    const replayed = await run(swarm(), "topic", { provider: again, runId: "r2", checkpoints });
    expect(again.calls).toHaveLength(0);
    expect(replayed.output).toBe(first.output);
    expect(replayed.usage).toEqual(first.usage);
  });

  it("a model call that fails is not recorded: the next execution calls it again", async () => {
    const checkpoints = new MemoryCheckpoints();
    const failing = new ScriptedProvider(byModel({ researcher, a: member("a"), b: member("b"), c: member("c"), writer: [{ error: new Error("boom") }] }));
    await expect(run(swarm(), "topic", { provider: failing, runId: "r3", checkpoints, maxRetries: 0 })).rejects.toThrow(/boom/);
    const again = new ScriptedProvider(script());
    const result = await run(swarm(), "topic", { provider: again, runId: "r3", checkpoints });
    expect(again.calls.map((c) => c.model)).toEqual(["writer"]);
    expect(result.output).toMatch(/^report: /);
  });
});

function runStateOfError(error: unknown): { nodes: Map<string, RunNode> } {
  const state = (error as { state?: { nodes: Map<string, RunNode> } }).state;
  if (!state) throw error;
  return state;
}
