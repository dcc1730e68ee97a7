/**
 * Evaluations (issue 19): 200 dataset rows × a 3-agent workflow (`a >> b >> c`, each
 * `mock:echo?latency=200`) at concurrency 20, scored with `contains`, through
 * `evaluate` from lib/evals exactly as `npm run swarm -- eval` runs it.
 * Ideal: 200 / 20 batches × 3 calls × 200 ms = 6 s. Goal: within 1.3× of it (7.8 s).
 * Also: peak RSS of the process, and the p50/p95 row latency (ideal 600 ms).
 */
import { availableParallelism, cpus, loadavg } from "node:os";
import { parseDocument } from "@/lib/dsl";
import { containsScorer, evaluate, type DatasetRow } from "@/lib/evals";

const ROWS = Number(process.env.BENCH_EVAL_ROWS ?? 200);
const CONCURRENCY = 20;
const AGENTS = 3;
const LATENCY_MS = 200;
const GOAL = 1.3;

const FLOW = `agents:
  a: { model: "mock:echo?latency=${LATENCY_MS}" }
  b: { model: "mock:echo?latency=${LATENCY_MS}" }
  c: { model: "mock:echo?latency=${LATENCY_MS}" }
swarm: { type: workflow, flow: "a >> b >> c" }
`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function run(): Promise<void> {
  console.log(`${cpus()[0]?.model ?? "unknown CPU"} ×${availableParallelism()}, load ${loadavg().map((n) => n.toFixed(1)).join(" ")}, Node ${process.version}`);
  const { document, errors } = parseDocument(FLOW);
  if (!document) throw new Error(errors.map((error) => error.message).join("; "));
  const rows: DatasetRow[] = Array.from({ length: ROWS }, (_, i) => ({ input: `row ${i}: the quick brown fox`, expected: `row ${i}:` }));

  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const evaluation = await evaluate({ document, rows, scorers: [containsScorer], concurrency: CONCURRENCY });
  const ms = performance.now() - started;
  // maxRSS is the whole process's peak (KB): earlier suites in the same `npm run bench` count too.
  const peakRss = process.resourceUsage().maxRSS * 1024;

  const ideal = Math.ceil(ROWS / CONCURRENCY) * AGENTS * LATENCY_MS;
  const ratio = ms / ideal;
  const { passRate, p50LatencyMs, p95LatencyMs, errors: failed } = evaluation.aggregate;
  if (evaluation.rows.length !== ROWS || passRate !== 1 || failed > 0) throw new Error(`expected ${ROWS} passing rows, got ${evaluation.rows.length} at ${passRate} with ${failed} errors`);
  console.log(`${ROWS} rows × ${AGENTS} agents (mock:echo?latency=${LATENCY_MS}) at concurrency ${CONCURRENCY}: all passed`);
  console.log(`time: ${(ms / 1000).toFixed(2)} s; ideal ${(ideal / 1000).toFixed(1)} s; ratio ${ratio.toFixed(3)} (goal ≤ ${GOAL}: ${ratio <= GOAL ? "met" : "NOT met"})`);
  console.log(`row latency: p50 ${Math.round(p50LatencyMs)} ms, p95 ${Math.round(p95LatencyMs)} ms (ideal ${AGENTS * LATENCY_MS} ms)`);
  console.log(`peak RSS: ${mb(peakRss)} (RSS before the evaluation ${mb(rssBefore)})`);
}
