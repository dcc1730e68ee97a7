// A run's persisted RunNode tree equals the engine's in-memory RunState, on SQLite and
// (with TEST_DATABASE_URL) PostgreSQL.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createFlow } from "@/lib/data/index.ts";
import { createRun, getRunNode, listRunEvents, listRunNodes, writeRunBatch } from "@/lib/data/runs";
import { Agent, ParallelGroup, Swarm, run, tool, type RunResult } from "@/lib/engine";
import { createMockProvider } from "@/lib/providers/mock";
import { BatchingRecorder } from "@/lib/runs/recorder";
import type { LiveEvent, SequencedEvent } from "@/lib/data/runs/types";
import { testDatabases, useTestDatabase } from "../data/databases.ts";
import { createUserWithTeam } from "../data/fixtures.ts";

const lookup = tool({
  name: "lookup",
  description: "Looks a word up.",
  parameters: z.object({ word: z.string() }),
  execute: ({ word }) => `${word}: a small thing`,
});

function articleSwarm(): Swarm {
  const researcher = (name: string) => new Agent({ name, model: "mock:echo?latency=5" });
  return new Swarm({
    name: "article",
    agents: [
      new Agent({ name: "intro", model: "mock:echo" }),
      new ParallelGroup({ name: "research", agents: [researcher("history"), researcher("science")] }),
      new Agent({ name: "writer", model: 'mock:tool?name=lookup&args={"word":"atom"}', tools: [lookup] }),
    ],
    flow: "intro >> research >> writer",
  });
}

function localPublisher() {
  let seq = 0;
  return (event: LiveEvent): SequencedEvent => ({ seq: ++seq, event });
}

async function recordRun(runId: string, swarm: Swarm, input: string): Promise<{ result?: RunResult; error?: unknown }> {
  const recorder = new BatchingRecorder({ runId, write: writeRunBatch, publish: localPublisher(), flushIntervalMs: 5, maxPending: 7 });
  const stream = run.stream(swarm, input, { recorder, resolveProvider: (model) => createMockProvider(model.slice("mock:".length)) });
  try {
    for await (const _event of stream) {
      // draining: the recorder sees every event
    }
    return { result: await stream.result };
  } catch (error) {
    return { error };
  } finally {
    await recorder.close();
  }
}

describe.each(testDatabases())("run persistence on $name", (database) => {
  useTestDatabase(database);

  async function newRun(): Promise<{ teamId: string; runId: string }> {
    const { userId, teamId } = await createUserWithTeam("runner");
    const flow = await createFlow(teamId, userId, { name: "Article", document: "agents:\n  a: { model: 'mock:echo' }\nswarm: { flow: a }\n" });
    const { run: created } = await createRun(teamId, userId, { flowId: flow.id, input: "atoms" });
    return { teamId, runId: created.id };
  }

  it("stores the same tree as the engine's RunState", async () => {
    const { teamId, runId } = await newRun();
    const { result } = await recordRun(runId, articleSwarm(), "atoms");
    const state = result!.state;
    expect(result?.output).toContain("lookup returned: atom: a small thing");

    const stored = await listRunNodes(teamId, runId);
    const memory = [...state.nodes.values()];
    expect(stored.map((node) => node.id)).toEqual(memory.map((node) => node.id));
    expect(stored.map((node) => [node.parentId, node.kind, node.name, node.status])).toEqual(
      memory.map((node) => [node.parentId, node.kind, node.name, node.status]),
    );
    expect(stored.map((node) => node.usage)).toEqual(memory.map((node) => node.usage));
    expect(stored.map((node) => node.durationMs)).toEqual(memory.map((node) => node.durationMs));

    const steps = stored.filter((node) => node.kind === "step");
    const stepTokens = steps.reduce((sum, node) => sum + node.usage.totalTokens, 0);
    expect(stepTokens).toBeGreaterThan(0);
    expect(stored[0]!.usage.totalTokens).toBe(stepTokens);
    expect(new Set(stored.map((node) => node.kind))).toEqual(new Set(["run", "swarm", "agent", "group", "step", "tool_call"]));
  });

  it("keeps a model call's messages and a tool call's arguments and result", async () => {
    const { teamId, runId } = await newRun();
    await recordRun(runId, articleSwarm(), "atoms");
    const stored = await listRunNodes(teamId, runId);
    const writerSteps = stored.filter((node) => node.kind === "step" && node.name === "writer");
    expect(writerSteps).toHaveLength(2);
    const second = await getRunNode(teamId, runId, writerSteps[1]!.id);
    expect(second.node.messages?.map((message) => message.role)).toEqual(["tool", "assistant"]);
    expect(second.conversation?.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    const call = stored.find((node) => node.kind === "tool_call")!;
    const detail = await getRunNode(teamId, runId, call.id);
    expect(detail.node).toMatchObject({ input: '{"word":"atom"}', output: "atom: a small thing", status: "success" });
  });

  it("stores every node of a failed run, with the error on the node that failed", async () => {
    const { teamId, runId } = await newRun();
    const swarm = new Swarm({
      name: "broken",
      agents: [new Agent({ name: "ok", model: "mock:echo" }), new Agent({ name: "down", model: "mock:fail?kind=auth&message=bad key" })],
      flow: "ok >> down",
    });
    const { error } = await recordRun(runId, swarm, "hi");
    expect(error).toBeDefined();
    const stored = await listRunNodes(teamId, runId);
    expect(stored.map((node) => node.name)).toEqual(["broken", "broken", "ok", "ok", "down", "down"]);
    expect(stored.filter((node) => node.status === "running" || node.status === "init")).toEqual([]);
    const down = stored.find((node) => node.kind === "agent" && node.name === "down")!;
    expect(down.status).toBe("failed");
    expect(down.error?.message).toContain("bad key");
    expect(stored.find((node) => node.kind === "run")!.status).toBe("failed");
  });

  it("appends live events with increasing seqs", async () => {
    const { teamId, runId } = await newRun();
    await recordRun(runId, articleSwarm(), "atoms");
    const events = await listRunEvents(teamId, runId, 0);
    expect(events.length).toBeGreaterThan(0);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.some((event) => event.event.type === "text")).toBe(true);
    const resumed = await listRunEvents(teamId, runId, 3);
    expect(resumed[0]!.seq).toBe(4);
  });
});
