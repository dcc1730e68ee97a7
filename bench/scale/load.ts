/**
 * The load of bench/scale.ts, in a process of its own (the app's executor, DBOS client and
 * database clients are per-process singletons bound to one database): prepares the
 * database named by DATABASE_URL (migrations, DBOS's schema, the flow, the executor), says
 * READY, waits for GO on stdin, submits BENCH_RUNS runs at once through `startRun` in
 * durable mode (as the web process does), waits until every run has ended and prints
 * RESULT with the timings read back from the run rows.
 *
 * Usage: DATABASE_URL=postgres://… node --import tsx bench/scale/load.ts
 */
import { createInterface } from "node:readline";

process.env.SWARM_EXECUTOR = "durable";
process.env.NEXT_TELEMETRY_DISABLED = "1";

const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 180_000);
const AGENTS = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
const MODEL = "mock:echo?latency=200";
/** Ten agents one after another: a run is ten 200 ms model calls, 2 s at the least. */
const DOCUMENT = `name: scale bench
agents:
${AGENTS.map((name) => `  ${name}: { model: "${MODEL}", instructions: "Agent ${name}." }`).join("\n")}
swarm: { type: workflow, flow: "${AGENTS.join(" >> ")}" }
`;

export type LoadResult = {
  runs: number;
  /** First submit → last run's end, from the run rows. */
  wallMs: number;
  /** First submit → the last submit returned. */
  submitMs: number;
  statuses: Record<string, number>;
  /** Per run: created → claimed by a worker (waiting in the queue). */
  waitMs: { p50: number; p95: number; max: number };
  /** Per run: claimed → ended (the ideal is 10 × 200 ms). */
  runMs: { p50: number; p95: number; max: number };
  /** Runs each worker (executor id) executed. */
  perExecutor: number[];
  /** This process's own CPU from GO to RESULT (submitting, then polling the run rows). */
  cpuMs: number;
};

const percentiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const { closeDb, getDb } = await import("@/lib/db/client");
  const { createFlow, getLocalWorkspace } = await import("@/lib/data");
  const { runExecutor } = await import("@/lib/runs/executors");
  const { startRun } = await import("@/lib/runs");
  try {
    const db = await getDb(); // migrated before any worker starts
    const { teamId, userId } = await getLocalWorkspace();
    const flow = await createFlow(teamId, userId, { name: "scale bench", document: DOCUMENT });
    await runExecutor(); // the DBOS client and its schema, as a web process has them after its first run
    console.log("READY");

    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) if (line.trim() === "GO") break;
    lines.close();

    const cpuAtStart = process.cpuUsage();
    const startedAt = Date.now();
    await Promise.all(Array.from({ length: RUNS }, (_, i) => startRun({ teamId, userId, flowId: flow.id, input: `run ${i}`, trigger: "api" })));
    const submitMs = Date.now() - startedAt;

    const giveUpAt = startedAt + TIMEOUT_MS;
    for (;;) {
      const open = await db.run.count({ where: { status: { in: ["queued", "running"] } } });
      if (open === 0) break;
      if (Date.now() > giveUpAt) throw new Error(`${open} of ${RUNS} runs still open after ${TIMEOUT_MS} ms`);
      await sleep(100);
    }

    const rows = await db.run.findMany({ select: { status: true, createdAt: true, startedAt: true, endedAt: true, executorId: true } });
    const statuses: Record<string, number> = {};
    const perExecutor = new Map<string, number>();
    for (const row of rows) {
      statuses[row.status] = (statuses[row.status] ?? 0) + 1;
      if (row.executorId) perExecutor.set(row.executorId, (perExecutor.get(row.executorId) ?? 0) + 1);
    }
    const ended = rows.filter((row) => row.startedAt && row.endedAt);
    const result: LoadResult = {
      runs: rows.length,
      wallMs: Math.max(...ended.map((row) => row.endedAt!.getTime())) - startedAt,
      submitMs,
      statuses,
      waitMs: percentiles(ended.map((row) => row.startedAt!.getTime() - row.createdAt.getTime())),
      runMs: percentiles(ended.map((row) => row.endedAt!.getTime() - row.startedAt!.getTime())),
      perExecutor: [...perExecutor.values()].sort((a, b) => b - a),
      cpuMs: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpuAtStart)),
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await closeDb();
  }
}

await main();
// The DBOS client and the notifier's pool would keep this process alive.
process.exit(0);
