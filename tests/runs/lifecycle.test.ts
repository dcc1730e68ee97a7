// Following a run over SSE (stored + live events, gap-free) and marking runs of a
// stopped process interrupted, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
import { describe, expect, it } from "vitest";
import { createFlow } from "@/lib/data/index.ts";
import { createRun, finishRun, getRun, listRunNodes, claimRun, markStaleRunsInterrupted, registerExecutor, writeRunBatch } from "@/lib/data/runs";
import { getDb } from "@/lib/db/client.ts";
import { followRun } from "@/lib/runs/follow";
import { liveRuns } from "@/lib/runs/runtime";
import type { SequencedEvent } from "@/lib/data/runs/types";
import { testDatabases, useTestDatabase } from "../data/databases.ts";
import { createUserWithTeam } from "../data/fixtures.ts";
import { summary } from "./fixtures";

describe.each(testDatabases())("run lifecycle on $name", (database) => {
  useTestDatabase(database);

  async function newRun() {
    const { userId, teamId } = await createUserWithTeam("follower");
    const flow = await createFlow(teamId, userId, { name: "F", document: "agents:\n  a: { model: 'mock:echo' }\nswarm: { flow: a }\n" });
    const { run } = await createRun(teamId, userId, { flowId: flow.id, input: "hi" });
    return { teamId, runId: run.id };
  }

  const text = (t: string) => ({ type: "text" as const, nodeId: "n", text: t });

  it("streams stored events, then the unpersisted backlog and live ones, each once and in order", async () => {
    const { teamId, runId } = await newRun();
    const hub = liveRuns();
    hub.open(runId);
    const first = [hub.publish(runId, text("a")), hub.publish(runId, text("b"))];
    await writeRunBatch(runId, { nodes: [], events: first });
    hub.markPersisted(runId, 2);
    const third = hub.publish(runId, text("c")); // published, not stored yet

    const seen: SequencedEvent[] = [];
    const following = (async () => {
      for await (const event of followRun({ teamId, runId, afterSeq: 1, signal: new AbortController().signal })) seen.push(event);
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const fourth = hub.publish(runId, text("d"));
    // As the service ends a run: everything stored, the final status written, then the channel closed.
    await writeRunBatch(runId, { nodes: [], events: [third, fourth] });
    await finishRun(runId, { status: "success", output: "", error: null, totals: { usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 }, costUsd: 0 } });
    hub.close(runId);
    await following;
    expect(seen.map((event) => [event.seq, event.event.type === "text" ? event.event.text : ""])).toEqual([
      [2, "b"],
      [3, "c"],
      [4, "d"],
    ]);
  });

  it("replays a finished run from the database and ends", async () => {
    const { teamId, runId } = await newRun();
    await writeRunBatch(runId, { nodes: [], events: [{ seq: 1, event: text("x") }] });
    const db = await getDb();
    await db.run.update({ where: { id: runId }, data: { status: "success" } });
    const seen: SequencedEvent[] = [];
    for await (const event of followRun({ teamId, runId, afterSeq: 0, signal: new AbortController().signal })) seen.push(event);
    expect(seen.map((event) => event.seq)).toEqual([1]);
  });

  it("marks runs whose executor stopped as interrupted and ends their open nodes", async () => {
    const { teamId, runId } = await newRun();
    await registerExecutor("worker-a", "worker", { hostname: "h", pid: 1 });
    await claimRun(runId, "worker-a");
    const node = { ...summary({ id: "agent", status: "running", endedAt: null, durationMs: null }), input: null, output: null, messages: null, metadata: {} };
    await writeRunBatch(runId, { nodes: [node], events: [] });

    expect(await markStaleRunsInterrupted({ staleBefore: new Date(Date.now() - 60_000) })).not.toContain(runId); // executor is alive
    expect(await markStaleRunsInterrupted({ staleBefore: new Date(Date.now() + 1000) })).toContain(runId);
    const run = await getRun(teamId, runId);
    expect(run.status).toBe("interrupted");
    const [stored] = await listRunNodes(teamId, runId);
    expect(stored).toMatchObject({ status: "cancelled", error: { name: "Interrupted" } });
  });

  it("judges the sweeper's own runs by whether it still runs them, not by any heartbeat", async () => {
    const { runId: live } = await newRun();
    const { runId: orphaned } = await newRun();
    await registerExecutor("me", "in-process", { hostname: "h", pid: 2 });
    await claimRun(live, "me");
    await claimRun(orphaned, "me");
    const self = { executorId: "me", liveHere: new Set([live]) };
    // Even with every heartbeat stale (say, after a storage outage), a run this process runs is alive.
    const marked = await markStaleRunsInterrupted({ staleBefore: new Date(Date.now() + 60_000), self });
    expect(marked).toContain(orphaned);
    expect(marked).not.toContain(live);
  });

  it("a run queued here (waiting for its team's slot) is alive however long it waits", async () => {
    const { runId: waiting } = await newRun();
    const { runId: abandoned } = await newRun();
    const self = { executorId: "me", liveHere: new Set([waiting]) };
    const marked = await markStaleRunsInterrupted({ staleBefore: new Date(Date.now() + 60_000), self });
    expect(marked).toContain(abandoned);
    expect(marked).not.toContain(waiting);
  });
});
