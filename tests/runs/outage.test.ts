// A storage outage while runs are live: nothing is falsely interrupted, no node or event
// is lost, every published event is stored under the seq it was published with, statuses
// are right, and requests during the outage get a 503 that says so.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFlow, getLocalWorkspace } from "@/lib/data";
import { getDb } from "@/lib/db/client";
import { markInterruptedRuns, runsRuntime, startRun } from "@/lib/runs";
import { testDatabases, useTestDatabase } from "../data/databases";
import { sleep, statusOf, until } from "./waiting";

const outage = vi.hoisted(() => ({ on: false, refused: 0 }));

vi.mock("@/lib/data/runs", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/data/runs")>();
  // A failing writer (and reader), as a read-only or locked SQLite file answers.
  const failing =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (outage.on) {
        outage.refused++;
        throw Object.assign(new Error("attempt to write a readonly database"), { code: "SQLITE_READONLY" });
      }
      return call(...args);
    };
  return {
    ...real,
    writeRunBatch: failing(real.writeRunBatch),
    finishRun: failing(real.finishRun),
    heartbeatExecutor: failing(real.heartbeatExecutor),
    registerExecutor: failing(real.registerExecutor),
    getRun: failing(real.getRun),
  };
});
vi.mock("next/headers", () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));

const runRoute = await import("@/app/api/runs/[id]/route");

const DOCUMENT = `agents:
  a: { model: "mock:echo?latency=150", instructions: "A." }
  b: { model: "mock:echo?latency=150", instructions: "B." }
  c: { model: "mock:echo?latency=150", instructions: "C." }
swarm: { type: workflow, flow: "a >> b >> c" }
`;

describe.each(testDatabases())("a storage outage during live runs on $name", (database) => {
  useTestDatabase(database);
  afterEach(() => {
    outage.on = false;
  });

  it("loses nothing, interrupts nothing, and answers 503 meanwhile", async () => {
    const { teamId, userId } = await getLocalWorkspace();
    const flow = await createFlow(teamId, userId, { name: "outage", document: DOCUMENT });
    const { executor } = runsRuntime();
    await executor.start();

    const reference = await startRun({ teamId, userId, flowId: flow.id, input: "ref", trigger: "api" });
    await until(async () => (await statusOf(reference.id)) === "success", "the reference run ended");

    const runs = await Promise.all(Array.from({ length: 6 }, (_, i) => startRun({ teamId, userId, flowId: flow.id, input: `run ${i}`, trigger: "api" })));
    await until(async () => (await Promise.all(runs.map((run) => statusOf(run.id)))).every((status) => status === "running"), "all runs started");

    outage.on = true;
    expect(await executor.beat()).toBe(false);
    // Every heartbeat looks stale from here, yet no run is dead: the sweep must not judge now, ...
    expect(await markInterruptedRuns(Date.now() + 60_000)).toEqual([]);
    const during = await runRoute.GET(new Request(`http://localhost/api/runs/${runs[0]!.id}`), { params: Promise.resolve({ id: runs[0]!.id }) });
    expect(during.status).toBe(503);
    expect((await during.json()).error).toMatch(/database is unavailable/i);
    expect(during.headers.get("retry-after")).toBeTruthy();
    await sleep(1500); // the runs' model calls finish while nothing can be stored
    outage.on = false;

    // ... nor right after it: other executors have not had the time to beat again.
    expect(await executor.beat()).toBe(true);
    expect(await markInterruptedRuns(Date.now() + 60_000)).toEqual([]);
    expect(outage.refused).toBeGreaterThan(6);

    await until(async () => (await Promise.all(runs.map((run) => statusOf(run.id)))).every((status) => status !== "running"), "all runs ended");
    const db = await getDb();
    const referenceNodes = await db.runNode.count({ where: { runId: reference.id } });
    for (const run of runs) {
      expect(await statusOf(run.id)).toBe("success");
      const nodes = await db.runNode.findMany({ where: { runId: run.id }, select: { status: true } });
      expect(nodes).toHaveLength(referenceNodes);
      expect(nodes.every((node) => node.status === "success")).toBe(true);
      const seqs = (await db.runEvent.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" }, select: { seq: true } })).map((event) => event.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1)); // no gaps, no duplicates
    }
  }, 60_000);
});
