/**
 * Plain-text tables of an evaluation or a comparison, for a terminal or a CI log.
 * Pure: strings in, strings out.
 */
import type { Comparison } from "./compare";
import { inputText } from "./dataset";
import type { Evaluation, RowResult } from "./evaluate";
import type { Aggregate } from "./stats";

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const clip = (text: string, max: number) => {
  const flat = oneLine(text);
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
const mark = (row: RowResult) => (row.error ? "!" : row.pass ? "✓" : "✗");
const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);
const usd = (value: number | undefined) => (value === undefined ? "?" : `$${value < 0.01 && value > 0 ? value.toFixed(5) : value.toFixed(4)}`);
const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ").trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

const why = (row: RowResult) => (row.error ? `${row.error.name}: ${row.error.message}` : row.scores.filter((score) => !score.pass).map((score) => score.reason).join("; "));

export function formatEvaluation(evaluation: Evaluation): string {
  const body = evaluation.rows.map((row) => [
    String(row.index + 1),
    mark(row),
    row.score.toFixed(2),
    ms(row.latencyMs),
    String(row.usage.totalTokens),
    usd(row.costUsd),
    clip(inputText(row.row), 30),
    clip(row.error ? "" : row.output, 40),
    clip(why(row), 60),
  ]);
  return [
    table(["row", "", "score", "latency", "tokens", "cost", "input", "output", "why not"], body),
    "",
    formatAggregates([["all rows", evaluation.aggregate]]),
    ...(evaluation.cancelled ? ["(cancelled: only the rows that finished are shown)"] : []),
  ].join("\n");
}

/** The baseline's output changed into the candidate's: [-removed-]{+added+}. */
export function inlineDiff(comparison: Comparison["rows"][number], max = 60): string {
  const text = comparison.diff.map((part) => (part.added ? `{+${part.value}+}` : part.removed ? `[-${part.value}-]` : part.value)).join("");
  return clip(text, max);
}

export function formatComparison(comparison: Comparison): string {
  const body = comparison.rows.map((row) => [
    String(row.index + 1),
    row.change,
    `${mark(row.baseline)} ${row.baseline.score.toFixed(2)} → ${mark(row.candidate)} ${row.candidate.score.toFixed(2)}`,
    `${ms(row.baseline.latencyMs)} → ${ms(row.candidate.latencyMs)}`,
    `${row.baseline.usage.totalTokens} → ${row.candidate.usage.totalTokens}`,
    `${usd(row.baseline.costUsd)} → ${usd(row.candidate.costUsd)}`,
    clip(inputText(row.candidate.row), 24),
    row.change === "same" && row.diff.length <= 1 ? clip(row.candidate.output, 60) : inlineDiff(row),
  ]);
  const { worse, better, same } = comparison.counts;
  return [
    table(["row", "change", "baseline → candidate", "latency", "tokens", "cost", "input", "output (baseline → candidate)"], body),
    "",
    `${worse} worse, ${better} better, ${same} the same`,
    formatAggregates([
      ["baseline", comparison.baseline],
      ["candidate", comparison.candidate],
    ]),
  ].join("\n");
}

export function formatAggregates(columns: [string, Aggregate][]): string {
  const rows: [string, (a: Aggregate) => string][] = [
    ["pass rate", (a) => `${pct(a.passRate)} (${a.passed}/${a.rows})`],
    ["mean score", (a) => a.meanScore.toFixed(3)],
    ["run errors", (a) => String(a.errors)],
    ["total cost", (a) => `${usd(a.costUsd)}${a.unpricedRows ? ` (+${a.unpricedRows} rows unpriced)` : ""}`],
    ["tokens", (a) => String(a.tokens)],
    ["p50 latency", (a) => ms(a.p50LatencyMs)],
    ["p95 latency", (a) => ms(a.p95LatencyMs)],
  ];
  return table(
    ["", ...columns.map(([name]) => name)],
    rows.map(([label, value]) => [label, ...columns.map(([, aggregate]) => value(aggregate))]),
  );
}
