/**
 * Stored evaluations (issue 19): the same 200 rows × 3-agent flow (`mock:echo?latency=200`)
 * at concurrency 20 as bench/eval.ts, but as the app runs it: one persisted run per row
 * through the run service and this process's executor (nodes, events, statuses written to
 * a fresh SQLite file), scored and stored by the evaluation driver.
 * Ideal: 200 / 20 × 3 × 200 ms = 6 s; the ratio shows what storing every run costs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";

const ROWS = Number(process.env.BENCH_EVAL_ROWS ?? 200);
const CONCURRENCY = 20;
const LATENCY_MS = 200;
const FLOW = `agents:
${["a", "b", "c"].map((name) => `  ${name}: { model: "mock:echo?latency=${LATENCY_MS}" }`).join("\n")}
swarm: { type: workflow, flow: "a >> b >> c" }
`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function run(): Promise<void> {
  console.log(`${cpus()[0]?.model ?? "unknown CPU"} ×${availableParallelism()}, load ${loadavg().map((n) => n.toFixed(1)).join(" ")}, Node ${process.version}`);
  const dir = mkdtempSync(path.join(process.env.BENCH_EVAL_DIR ?? tmpdir(), "swarm-bench-evals-"));
  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = `file:${path.join(dir, "bench.db")}`;
  const { closeDb } = await import("@/lib/db/client");
  const { createFlow, getLocalWorkspace } = await import("@/lib/data");
  const { importDataset } = await import("@/lib/evaluations/datasets");
  const { drive } = await import("@/lib/evaluations/driver");
  const { evaluationResult } = await import("@/lib/evaluations/results");
  const { startEvaluation } = await import("@/lib/evaluations/service");
  const { actorOf } = await import("@/lib/runs/commands");
  try {
    const local = await getLocalWorkspace();
    const owner = { ...local, role: "owner" as const, mode: "single-user" as const };
    const flow = await createFlow(local.teamId, local.userId, { name: "bench", document: FLOW });
    const rows = Array.from({ length: ROWS }, (_, i) => JSON.stringify({ input: `row ${i}`, expected: `row ${i}` })).join("\n");
    const { id: datasetId } = await importDataset(owner, { name: "bench", text: rows, format: "jsonl" });
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const evaluation = await startEvaluation(actorOf(owner), { flowId: flow.id, datasetId, scorers: ["contains"], concurrency: CONCURRENCY, trigger: "ui" });
    await drive(local.teamId, evaluation.id, { userId: local.userId, trigger: "ui" }); // joins the running driver
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const result = await evaluationResult(actorOf(owner), evaluation.id);
    const ideal = (Math.ceil(ROWS / CONCURRENCY) * 3 * LATENCY_MS) / 1000;
    console.log(`${ROWS} rows × 3 agents as stored runs at concurrency ${CONCURRENCY}: ${result.aggregate.passed}/${result.aggregate.rows} passed, status ${result.evaluation.status}`);
    console.log(`time: ${seconds.toFixed(2)} s; ideal ${ideal.toFixed(1)} s; ratio ${(seconds / ideal).toFixed(3)}`);
    console.log(`row latency (run start to end): p50 ${result.aggregate.p50LatencyMs.toFixed(0)} ms, p95 ${result.aggregate.p95LatencyMs.toFixed(0)} ms`);
    console.log(`peak RSS: ${mb(peak)} (before the evaluation ${mb(rssBefore)})`);
  } finally {
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
  }
}
