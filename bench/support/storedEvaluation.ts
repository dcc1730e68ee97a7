/**
 * The issue's evaluation figure as the app runs it: 200 rows × a 3-agent flow
 * (`mock:echo?latency=200`) at concurrency 20, one persisted run per row through the run
 * service and this process's executor (nodes, events, checkpoints, statuses written to a
 * fresh SQLite file, or DATABASE_URL's PostgreSQL with BENCH_EVAL_DATABASE_URL), scored and
 * stored by the evaluation driver.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type StoredEvaluationFigures = { seconds: number; cpuSeconds: number; passed: number; rows: number; status: string; p50Ms: number; p95Ms: number; rssBefore: number; peakRss: number };

const FLOW = (latencyMs: number) => `agents:
${["a", "b", "c"].map((name) => `  ${name}: { model: "mock:echo?latency=${latencyMs}" }`).join("\n")}
swarm: { type: workflow, flow: "a >> b >> c" }
`;

export async function storedEvaluation(options: { rows: number; concurrency: number; latencyMs: number }): Promise<StoredEvaluationFigures> {
  const dir = mkdtempSync(path.join(process.env.BENCH_EVAL_DIR ?? tmpdir(), "swarm-bench-evals-"));
  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = process.env.BENCH_EVAL_DATABASE_URL ?? `file:${path.join(dir, "bench.db")}`;
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
    const flow = await createFlow(local.teamId, local.userId, { name: `bench ${Date.now()}`, document: FLOW(options.latencyMs) });
    const rows = Array.from({ length: options.rows }, (_, i) => JSON.stringify({ input: `row ${i}`, expected: `row ${i}` })).join("\n");
    const { id: datasetId } = await importDataset(owner, { name: "bench", text: rows, format: "jsonl" });
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const evaluation = await startEvaluation(actorOf(owner), { flowId: flow.id, datasetId, scorers: ["contains"], concurrency: options.concurrency, trigger: "ui" });
    await drive(local.teamId, evaluation.id, { userId: local.userId, trigger: "ui" }); // joins the running driver
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    const result = await evaluationResult(actorOf(owner), evaluation.id);
    return {
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      passed: result.aggregate.passed,
      rows: result.aggregate.rows,
      status: result.evaluation.status,
      p50Ms: result.aggregate.p50LatencyMs,
      p95Ms: result.aggregate.p95LatencyMs,
      rssBefore,
      peakRss,
    };
  } finally {
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
  }
}
