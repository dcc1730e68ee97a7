import type { Aggregate } from "@/lib/evals";
import { formatCost, formatDuration, formatTokens } from "@/lib/runs/format";

export const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** An evaluation's aggregates (over its rows done so far). */
export function AggregateList({ aggregate, label }: { aggregate: Aggregate; label?: string }) {
  const items: [string, string][] = [
    ["pass rate", `${percent(aggregate.passRate)} (${aggregate.passed}/${aggregate.rows})`],
    ["mean score", aggregate.meanScore.toFixed(2)],
    ["cost", formatCost(aggregate.costUsd)],
    ["tokens", formatTokens(aggregate.tokens)],
    ["p50 latency", formatDuration(aggregate.p50LatencyMs)],
    ["p95 latency", formatDuration(aggregate.p95LatencyMs)],
  ];
  return (
    <dl className="aggregate" aria-label={label ?? "Aggregates"}>
      {items.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {aggregate.errors > 0 ? (
        <div>
          <dt>failed runs</dt>
          <dd>{aggregate.errors}</dd>
        </div>
      ) : null}
    </dl>
  );
}
