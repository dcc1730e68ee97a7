// Durable runs on PostgreSQL with two worker processes: a worker killed mid-run → the run
// finishes on the other, every finished model call made exactly once; a cancel from this
// (web) process stops a run on a worker at once; events of a run on a worker stream here
// live and resume after a seq. Needs TEST_DATABASE_URL (skipped without it).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFlow, getLocalWorkspace } from "@/lib/data";
import { getDb } from "@/lib/db/client";
import { listOpenQuestions } from "@/lib/data/runs";
import { getFlowTemplate } from "@/lib/demo/flows";
import { cancelRun, followRun, startRun } from "@/lib/runs";
import { answerRunAs } from "@/lib/runs/answers";
import { testDatabases, useTestDatabase } from "../../data/databases";
import { readCallLog, startWorkerProcess, stopWorkerProcess, type WorkerProcess } from "./workers";
import { sleep, until } from "../waiting";

const postgres = testDatabases().find((database) => database.name === "postgresql");

// Six steps one after another, each model call 600 ms.
const SERIAL = `agents:
${["a", "b", "c", "d", "e", "f"].map((name) => `  ${name}: { model: "mock:echo?latency=600", instructions: "${name.toUpperCase()}." }`).join("\n")}
swarm: { type: workflow, flow: "a >> b >> c >> d >> e >> f" }
`;
const SLOW = `agents:
  slow: { model: "mock:echo?latency=20000", instructions: "Slow." }
swarm: { type: workflow, flow: "slow" }
`;

async function runRow(runId: string) {
  const db = await getDb();
  return db.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, executorId: true, error: true } });
}

async function treeShape(runId: string): Promise<string[]> {
  const db = await getDb();
  const nodes = await db.runNode.findMany({ where: { runId }, select: { id: true, kind: true, name: true, status: true } });
  return nodes.map((node) => `${node.id.slice(runId.length)} ${node.kind} ${node.name} ${node.status}`).sort();
}

describe.skipIf(!postgres)("durable runs on two workers (PostgreSQL)", () => {
  if (postgres) useTestDatabase(postgres);
  let logDir = "";
  let callLog = "";
  let workers: WorkerProcess[] = [];
  let team: { teamId: string; userId: string };

  beforeAll(async () => {
    logDir = mkdtempSync(path.join(tmpdir(), "swarm-durable-"));
    callLog = path.join(logDir, "calls.jsonl");
    process.env.SWARM_EXECUTOR = "durable";
    await getDb(); // migrated before the workers start
    team = await getLocalWorkspace();
    const env = { DATABASE_URL: process.env.DATABASE_URL!, SWARM_MOCK_CALL_LOG: callLog, SWARM_TEAM_CONCURRENCY: "2" };
    workers = [startWorkerProcess(env), startWorkerProcess(env)];
    await Promise.all(workers.map((worker) => worker.id));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => stopWorkerProcess(worker)));
    if (logDir) rmSync(logDir, { recursive: true, force: true });
  });

  it("a worker killed mid-run: the run finishes on the other, each finished call made once", async () => {
    const { teamId, userId } = team;
    const flow = await createFlow(teamId, userId, { name: "serial", document: SERIAL });
    const reference = await startRun({ teamId, userId, flowId: flow.id, input: "reference", trigger: "api" });
    await until(async () => (await runRow(reference.id)).status === "success", "the reference run succeeded");

    const run = await startRun({ teamId, userId, flowId: flow.id, input: "failover", trigger: "api" });
    const executorId = await until(async () => (await runRow(run.id)).executorId, "a worker claimed the run");
    // Two calls finished, the third in flight: kill its worker.
    const before = readCallLog(callLog).length;
    // (A call starts only once the one before is recorded: the third start means two are stored.)
    await until(async () => readCallLog(callLog).slice(before).filter((line) => line.event === "start").length >= 3 || undefined, "the third call started");
    await sleep(300); // its node row is stored (the recorder writes every 50 ms), so the next worker knows it was in flight
    const owner = workers.find((worker) => worker.child.pid !== undefined && executorId!.includes(`-${worker.child.pid}-`));
    expect(owner).toBeDefined();
    await stopWorkerProcess(owner!, "SIGKILL");
    const killedAt = Date.now();

    await until(async () => (await runRow(run.id)).status === "success", "the run succeeded on the other worker", 90_000);
    console.log(`failover: the run continued and ended ${Date.now() - killedAt} ms after its worker was killed`);
    const after = await runRow(run.id);
    expect(after.executorId).not.toBe(executorId);

    const calls = readCallLog(callLog).slice(before);
    const ends = new Map<string, number>();
    const starts = new Map<string, number>();
    for (const line of calls) (line.event === "end" ? ends : starts).set(line.key, ((line.event === "end" ? ends : starts).get(line.key) ?? 0) + 1);
    expect(ends.size).toBe(6); // six different steps answered ...
    expect([...ends.values()].every((count) => count === 1)).toBe(true); // ... each exactly once
    expect([...starts.values()].filter((count) => count > 1).length).toBeLessThanOrEqual(1); // at most the one in flight ran twice

    expect(await treeShape(run.id)).toEqual(await treeShape(reference.id));
    // The call in flight shows as retried: an interrupted try, then the one that answered.
    const db = await getDb();
    const retried = await db.runNode.findMany({ where: { runId: run.id, marks: { contains: "interrupted" } }, select: { id: true } });
    expect(retried).toHaveLength(1);
    // The killed worker is replaced: start another for the next tests.
    workers = workers.filter((worker) => worker !== owner);
    const replacement = startWorkerProcess({ DATABASE_URL: process.env.DATABASE_URL!, SWARM_MOCK_CALL_LOG: callLog, SWARM_TEAM_CONCURRENCY: "2" });
    workers.push(replacement);
    await replacement.id;
  }, 150_000);

  it("a cancel from this process stops a run on a worker at once", async () => {
    const { teamId, userId } = team;
    const flow = await createFlow(teamId, userId, { name: "slow", document: SLOW });
    const run = await startRun({ teamId, userId, flowId: flow.id, input: "stop me", trigger: "api" });
    await until(async () => (await runRow(run.id)).status === "running", "a worker started the run");
    await sleep(300);
    const asked = Date.now();
    expect(await cancelRun(run.id)).toBe(true);
    await until(async () => (await runRow(run.id)).status === "cancelled", "the run was cancelled", 10_000);
    const tookMs = Date.now() - asked;
    console.log(`cancel: a run on a worker stopped ${tookMs} ms after the cancel`);
    expect(tookMs).toBeLessThan(1_500);
    expect(await cancelRun(run.id)).toBe(false);
  }, 60_000);

  it("runs at most SWARM_TEAM_CONCURRENCY runs of one team at once, across workers", async () => {
    const { teamId, userId } = team;
    const flow = await createFlow(teamId, userId, { name: "limited", document: SLOW.replace("latency=20000", "latency=1200") });
    const runs = await Promise.all(Array.from({ length: 5 }, (_, i) => startRun({ teamId, userId, flowId: flow.id, input: `r${i}`, trigger: "api" })));
    let most = 0;
    for (;;) {
      const statuses = await Promise.all(runs.map(async (run) => (await runRow(run.id)).status));
      most = Math.max(most, statuses.filter((status) => status === "running").length);
      if (statuses.every((status) => status === "success")) break;
      await sleep(100);
    }
    expect(most).toBe(2);
  }, 60_000);

  it("waiting runs hold no slot: more of them than the team's limit, and new runs still start; an answer continues one", async () => {
    const { teamId, userId } = team;
    const actor = { teamId, userId, role: "owner", mayRun: true };
    const asking = await createFlow(teamId, userId, { name: "asking", document: getFlowTemplate("ask-before-publishing")!.document.replaceAll("latency=500", "latency=50") });
    const waiting = await Promise.all(Array.from({ length: 4 }, (_, i) => startRun({ teamId, userId, flowId: asking.id, input: `w${i}`, trigger: "api" })));
    for (const run of waiting) await until(async () => (await runRow(run.id)).status === "waiting", "the run waits");
    // The team's limit is 2: had the waiting runs kept their slots, this one would never start.
    const plain = await createFlow(teamId, userId, { name: "plain", document: SLOW.replace("latency=20000", "latency=100") });
    const next = await startRun({ teamId, userId, flowId: plain.id, input: "still runs", trigger: "api" });
    await until(async () => (await runRow(next.id)).status === "success", "a new run ran", 30_000);

    const [question] = await listOpenQuestions(teamId, waiting[0]!.id);
    await answerRunAs(actor, waiting[0]!.id, { nodeId: question!.nodeId, answer: "yes" });
    await until(async () => (await runRow(waiting[0]!.id)).status === "success", "the answered run finished on a worker", 30_000);
  }, 90_000);

  it("streams a run executing on a worker live, and resumes after a seq", async () => {
    const { teamId, userId } = team;
    const flow = await createFlow(teamId, userId, { name: "stream", document: SERIAL.replaceAll("latency=600", "latency=200") });
    const run = await startRun({ teamId, userId, flowId: flow.id, input: "watch", trigger: "api" });
    const seen: number[] = [];
    const lags: number[] = [];
    for await (const { seq, event } of followRun({ teamId, runId: run.id, afterSeq: 0, signal: AbortSignal.timeout(60_000), pollMs: 5_000 })) {
      seen.push(seq);
      if (event.type === "node" && event.node.endedAt) lags.push(Date.now() - event.node.endedAt);
    }
    expect(seen).toEqual(seen.map((_, i) => i + 1));
    expect((await runRow(run.id)).status).toBe("success");
    lags.sort((a, b) => a - b);
    // The poll is 5 s here: only the workers' notifications can make this fast.
    console.log(`live: node end → here p50 ${lags[Math.floor(lags.length / 2)]} ms (${lags.length} events)`);
    expect(lags[Math.floor(lags.length / 2)]).toBeLessThan(1_000);

    const resumed: number[] = [];
    for await (const { seq } of followRun({ teamId, runId: run.id, afterSeq: 5, signal: AbortSignal.timeout(10_000) })) resumed.push(seq);
    expect(resumed).toEqual(seen.slice(5));
  }, 90_000);
});
