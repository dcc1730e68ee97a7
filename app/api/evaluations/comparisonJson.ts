// A comparison as the HTTP API answers it: per evaluation its aggregates, per row (worse
// first) each evaluation's output, pass, score, tokens, cost, latency and run.
import type { MultiComparison } from "@/lib/evaluations/results";

export function comparisonJson({ results, comparison }: MultiComparison) {
  const items = results.map((result) => new Map(result.items.map((item) => [item.index, item])));
  return {
    evaluations: results.map((result) => ({ id: result.evaluation.id, flowVersion: result.evaluation.flowVersion, status: result.evaluation.status, aggregate: result.aggregate })),
    counts: comparison.counts,
    rows: comparison.rows.map((row) => ({
      index: row.index,
      change: row.change,
      scoreDelta: row.scoreDelta,
      results: items.map((byIndex) => {
        const item = byIndex.get(row.index);
        const done = item?.result;
        return {
          runId: item?.runId ?? null,
          output: done?.output ?? null,
          error: done?.error ?? null,
          pass: done?.pass ?? null,
          score: done?.score ?? null,
          tokens: done?.usage.totalTokens ?? null,
          costUsd: done?.costUsd ?? null,
          latencyMs: done?.latencyMs ?? null,
        };
      }),
    })),
  };
}
