import { describe, expect, it } from "vitest";
import { RunState } from "@/lib/engine";
import { RunEventHub } from "@/lib/runs/eventHub";
import { BatchingRecorder } from "@/lib/runs/recorder";
import type { RunFinish } from "@/lib/data/runs";
import type { RunWriteBatch, SequencedEvent } from "@/lib/data/runs/types";

function hubRecorder(write: (batch: RunWriteBatch) => Promise<void>, hub = new RunEventHub()) {
  hub.open("r1");
  const recorder = new BatchingRecorder({
    runId: "r1",
    write: (_runId, batch) => write(batch),
    publish: (event) => hub.publish("r1", event),
    persisted: (seq) => hub.markPersisted("r1", seq),
    flushIntervalMs: 1,
    onError: () => {},
  });
  return { hub, recorder };
}

describe("BatchingRecorder", () => {
  it("coalesces a node's changes into one row and prices model calls with the model that answered", async () => {
    const batches: RunWriteBatch[] = [];
    const { recorder } = hubRecorder(async (batch) => void batches.push(batch));
    const state = new RunState(recorder);
    const root = state.createNode("run", "swarm", null);
    state.start(root);
    const step = state.createNode("step", "a", root.id, { metadata: { model: "openai:gpt-4o-mini", newMessages: [{ role: "user", content: "hi" }] } });
    state.addUsage(step, { inputTokens: 1_000_000, outputTokens: 0, totalTokens: 1_000_000 });
    state.succeed(step, "hello");
    state.succeed(root, "hello");
    await recorder.close();

    expect(batches).toHaveLength(1);
    expect(batches[0]!.nodes.map((row) => [row.kind, row.status, row.seq])).toEqual([
      ["run", "success", 0],
      ["step", "success", 1],
    ]);
    expect(batches[0]!.nodes[1]).toMatchObject({ model: "openai:gpt-4o-mini", costUsd: 0.15, messages: [{ role: "user", content: "hi" }] });
    expect(recorder.totals()).toEqual({ usage: { inputTokens: 1_000_000, outputTokens: 0, totalTokens: 1_000_000 }, costUsd: 0.15 });
  });

  it("keeps changes whose write failed and stores them on the next flush", async () => {
    let failures = 1;
    const stored: RunWriteBatch[] = [];
    const { recorder } = hubRecorder(async (batch) => {
      if (failures-- > 0) throw new Error("database is locked");
      stored.push(batch);
    });
    const state = new RunState(recorder);
    const root = state.createNode("run", "swarm", null);
    await recorder.flush();
    expect(stored).toHaveLength(0);
    state.succeed(root, "done");
    await recorder.close();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.nodes.map((row) => row.status)).toEqual(["success"]);
  });
});

describe("BatchingRecorder's end", () => {
  function endingRecorder(write: (batch: RunWriteBatch, finish?: RunFinish) => Promise<void>) {
    const hub = new RunEventHub();
    hub.open("r1");
    const recorder = new BatchingRecorder({
      runId: "r1",
      write: (_runId, batch, finish) => write(batch, finish),
      publish: (event) => hub.publish("r1", event),
      flushIntervalMs: 1,
      onError: () => {},
    });
    return recorder;
  }
  const fast = { firstDelayMs: 1, deadlineMs: 1_000 };

  it("writes the last nodes, the final event after theirs and the final state in one write", async () => {
    const writes: { batch: RunWriteBatch; finish?: RunFinish }[] = [];
    const recorder = endingRecorder(async (batch, finish) => void writes.push({ batch, finish }));
    const state = new RunState(recorder);
    const root = state.createNode("run", "swarm", null);
    state.succeed(root, "done");
    await recorder.close({ end: { status: "success", output: "done", error: null } });

    expect(writes).toHaveLength(1);
    const [{ batch, finish }] = writes as [(typeof writes)[number]];
    expect(batch.nodes.map((row) => row.status)).toEqual(["success"]);
    expect(batch.events.map(({ seq, event }) => [seq, event.type])).toEqual([
      [1, "node"],
      [2, "run"],
    ]);
    expect(finish).toEqual({ status: "success", output: "done", error: null, totals: recorder.totals() });
  });

  it("writes the same end again after a failed write (one final event), and nothing after giving up", async () => {
    let failures = 1;
    const writes: { batch: RunWriteBatch; finish?: RunFinish }[] = [];
    const recorder = endingRecorder(async (batch, finish) => {
      if (failures-- > 0) throw new Error("database is locked");
      writes.push({ batch, finish });
    });
    const state = new RunState(recorder);
    state.createNode("run", "swarm", null);
    await recorder.close({ end: { status: "failed", output: null, error: "boom" }, retry: fast });
    expect(writes).toHaveLength(1);
    expect(writes[0]!.batch.events.filter(({ event }) => event.type === "run").map(({ seq }) => seq)).toEqual([2]);
    expect(writes[0]!.finish?.status).toBe("failed");

    let tries = 0;
    const refusing = endingRecorder(async () => {
      tries++;
      throw new Error("database is locked");
    });
    const refused = new RunState(refusing);
    refused.createNode("run", "swarm", null);
    await expect(refusing.close({ end: { status: "success", output: "", error: null }, retry: { firstDelayMs: 1, deadlineMs: 20 } })).rejects.toThrow(/Could not store/);
    const triedBeforeGivingUp = tries;
    refused.createNode("step", "a", null);
    await refusing.flush();
    await new Promise((resolve) => setTimeout(resolve, 250)); // past the failed write's retry timer
    expect(tries).toBe(triedBeforeGivingUp); // the caller ends the run its own way
  });
});

describe("RunEventHub", () => {
  it("hands a late subscriber the unpersisted backlog, then live events, then close", async () => {
    const { hub, recorder } = hubRecorder(async () => {});
    const state = new RunState(recorder);
    state.createNode("run", "swarm", null);
    recorder.onEvent({ type: "text", agentName: "a", nodeId: "n", text: "Hel" });
    const seen: SequencedEvent[] = [];
    let closed = false;
    const subscription = hub.subscribe("r1", { onEvent: (event) => seen.push(event), onClose: () => (closed = true) })!;
    expect(subscription.backlog.map((event) => event.event.type)).toEqual(["text"]);
    await recorder.close();
    hub.close("r1");
    expect(seen.map((event) => [event.seq, event.event.type])).toEqual([[2, "node"]]);
    expect(closed).toBe(true);
    expect(hub.subscribe("r1", { onEvent: () => {}, onClose: () => {} })).toBeUndefined();
  });

  it("drops persisted events from the backlog", () => {
    const hub = new RunEventHub();
    hub.open("r", 10);
    hub.publish("r", { type: "text", nodeId: "n", text: "a" });
    hub.publish("r", { type: "text", nodeId: "n", text: "b" });
    hub.markPersisted("r", 11);
    const subscription = hub.subscribe("r", { onEvent: () => {}, onClose: () => {} })!;
    expect(subscription.backlog.map((event) => event.seq)).toEqual([12]);
  });

  it("tells its end watchers which run ended here, once its channel closed", () => {
    const hub = new RunEventHub();
    const ended: string[] = [];
    const unwatch = hub.watchEnds((runId) => ended.push(runId));
    hub.open("a");
    hub.open("b");
    hub.close("b");
    hub.close("never opened");
    unwatch();
    hub.close("a");
    expect(ended).toEqual(["b"]);
  });

  it("marks a handoff's source and a retried call's attempts, redacting their errors", async () => {
    const batches: RunWriteBatch[] = [];
    const hub = new RunEventHub();
    hub.open("r1");
    const recorder = new BatchingRecorder({
      runId: "r1",
      write: async (_runId, batch) => void batches.push(batch),
      publish: (event) => hub.publish("r1", event),
      redact: (text) => text.replaceAll("sk-secret", "[redacted]"),
      flushIntervalMs: 1,
    });
    const state = new RunState(recorder);
    const root = state.createNode("run", "swarm", null);
    const target = state.createNode("agent", "billing", root.id, { metadata: { handoffFrom: "triage" } });
    const attempts = [
      { startedAt: 1, endedAt: 2, error: "429 for key sk-secret" },
      { startedAt: 5, endedAt: 9 },
    ];
    const step = state.createNode("step", "billing", target.id, { metadata: { attempts } });
    const plain = state.createNode("step", "billing", target.id, { metadata: { attempts: [{ startedAt: 10, endedAt: 11 }] } });
    await recorder.close();
    const rows = new Map(batches.flatMap((batch) => batch.nodes).map((row) => [row.id, row]));
    expect(rows.get(target.id)!.marks).toEqual({ handoffFrom: "triage" });
    expect(rows.get(step.id)!.marks).toEqual({ attempts: [{ startedAt: 1, endedAt: 2, error: "429 for key [redacted]" }, { startedAt: 5, endedAt: 9 }] });
    expect(rows.get(plain.id)!.marks).toBeNull(); // one attempt: nothing to draw
    expect(rows.get(root.id)!.marks).toBeNull();
  });
});
