/** Aggregates of an evaluation's rows: pass rate, mean score, cost, tokens, latency percentiles. */
import type { RowResult } from "./evaluate";

export type Aggregate = {
  rows: number;
  passed: number;
  /** Rows whose run failed (they count as not passed, score 0). */
  errors: number;
  passRate: number;
  meanScore: number;
  /** The flow's model calls plus scoring (a judge's calls), in USD, over the rows with known prices. */
  costUsd: number;
  /** Rows that called a model whose price is unknown: `costUsd` leaves them out. */
  unpricedRows: number;
  tokens: number;
  p50LatencyMs: number;
  p95LatencyMs: number;
};

/** Nearest-rank percentile (p in 0..1) of unsorted values; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export function aggregate(rows: readonly RowResult[]): Aggregate {
  const n = rows.length;
  const passed = rows.filter((row) => row.pass).length;
  const latencies = rows.map((row) => row.latencyMs);
  return {
    rows: n,
    passed,
    errors: rows.filter((row) => row.error).length,
    passRate: n === 0 ? 0 : passed / n,
    meanScore: n === 0 ? 0 : rows.reduce((sum, row) => sum + row.score, 0) / n,
    costUsd: rows.reduce((sum, row) => sum + (row.costUsd ?? 0) + row.scoringCostUsd, 0),
    unpricedRows: rows.filter((row) => row.costUsd === undefined).length,
    tokens: rows.reduce((sum, row) => sum + row.usage.totalTokens, 0),
    p50LatencyMs: percentile(latencies, 0.5),
    p95LatencyMs: percentile(latencies, 0.95),
  };
}
