import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { Id } from "@/lib/data/validation";
import { inputText } from "@/lib/evals/dataset";
import { compareStored } from "@/lib/evaluations/results";
import { actorOf } from "@/lib/runs/commands";
import { formatCost, formatDuration, formatTokens } from "@/lib/runs/format";
import { currentWorkspace } from "@/app/_lib/workspace";
import { AggregateList } from "../_components/aggregate-cards";
import { LiveRefresh } from "../_components/evaluation-controls";
import "../_components/evals.css";
import { versionLabel } from "@/lib/flows/versionLabel";

export const metadata: Metadata = { title: "Compare evaluations" };
export const dynamic = "force-dynamic";

/** `?ids=a,b` (the order kept: the first is the baseline) or `?id=a&id=b` from the list's form. */
const Ids = z.array(Id).min(2, "Choose at least two evaluations").max(6, "Compare at most six evaluations");

function idsOf(query: Record<string, string | string[] | undefined>): string[] {
  const listed = typeof query.ids === "string" ? query.ids.split(",") : [];
  const ticked = query.id === undefined ? [] : Array.isArray(query.id) ? query.id : [query.id];
  return [...listed, ...ticked].map((id) => id.trim()).filter(Boolean);
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Evaluations side by side: aggregates, then every row (worse first) with outputs, a word diff and the runs. */
export default async function CompareEvaluationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const parsed = Ids.safeParse(idsOf(await searchParams));
  if (!parsed.success) {
    return (
      <div className="page">
        <div className="alert error" role="alert">
          {parsed.error.issues[0]?.message} — <Link href="/evaluations">back to the evaluations</Link>
        </div>
      </div>
    );
  }
  const workspace = await currentWorkspace();
  const { results, comparison } = await compareStored(actorOf(workspace), parsed.data);
  const byIndex = new Map(comparison.rows.map((row) => [row.index, row]));
  const order = comparison.rows.map((row) => row.index);
  const last = results.length - 1;
  const rowsOf = results.map((result) => new Map(result.items.map((item) => [item.index, item])));
  return (
    <div className="page page-wide stack">
      <LiveRefresh active={results.some((result) => result.evaluation.status === "running")} />
      <div className="page-header">
        <div>
          <h1>Compare evaluations</h1>
          <p>
            {results[0]!.evaluation.datasetName} v{results[0]!.evaluation.datasetVersion} · baseline: the first ·{" "}
            <span data-testid="compare-counts">
              {comparison.counts.worse} worse, {comparison.counts.better} better, {comparison.counts.same} the same
            </span>{" "}
            ({versionLabel(results[last]!.evaluation.flowVersion)} against {versionLabel(results[0]!.evaluation.flowVersion)}; rows that got worse first)
          </p>
        </div>
        <Link className="button" href="/evaluations">
          All evaluations
        </Link>
      </div>
      <div className="compare-aggregates" style={{ gridTemplateColumns: `repeat(${results.length}, minmax(0, 1fr))` }}>
        {results.map((result, column) => (
          <div key={result.evaluation.id} className="card panel">
            <h2>
              <Link href={`/evaluations/${result.evaluation.id}`}>
                {result.evaluation.flowName} {versionLabel(result.evaluation.flowVersion)}
              </Link>{" "}
              <span className={`badge eval-status ${result.evaluation.status}`}>{result.evaluation.status}</span> {column === 0 ? <span className="badge">baseline</span> : null}
            </h2>
            <AggregateList aggregate={result.aggregate} label={`Aggregates of ${versionLabel(result.evaluation.flowVersion)}`} />
          </div>
        ))}
      </div>
      <div className="card eval-rows">
        <table className="table compare-table">
          <thead>
            <tr>
              <th>#</th>
              <th>Input / expected</th>
              {results.map((result) => (
                <th key={result.evaluation.id}>{versionLabel(result.evaluation.flowVersion)}</th>
              ))}
              <th>Change (word diff, last against first)</th>
            </tr>
          </thead>
          <tbody>
            {order.map((index) => {
              const row = results[0]!.rows[index]!;
              const compared = byIndex.get(index)!;
              return (
                <tr key={index} data-testid="compare-row" data-change={compared.change}>
                  <td className="muted">{index + 1}</td>
                  <td>
                    <div>{clip(inputText(row), 160)}</div>
                    {row.expected !== undefined ? <div className="muted">expected: {clip(row.expected, 120)}</div> : null}
                  </td>
                  {results.map((result, column) => {
                    const item = rowsOf[column]!.get(index);
                    const done = item?.result;
                    return (
                      <td key={result.evaluation.id} className="compare-cell">
                        {item?.runId ? (
                          <Link href={`/runs/${item.runId}`} title="Open the run's timeline" data-testid="compare-cell-link">
                            {done ? (done.error ? `${done.error.name}: ${clip(done.error.message, 120)}` : clip(done.output) || "(empty)") : "running…"}
                          </Link>
                        ) : (
                          <span className="muted">not run</span>
                        )}
                        {done ? (
                          <div className="cell-meta">
                            <span className={done.pass ? "score pass" : "score fail"}>
                              {done.pass ? "pass" : "fail"} {done.score.toFixed(2)}
                            </span>{" "}
                            {formatTokens(done.usage.totalTokens)} tok · {done.costUsd !== null ? formatCost(done.costUsd) : "?"} · {formatDuration(done.latencyMs)}
                          </div>
                        ) : null}
                      </td>
                    );
                  })}
                  <td>
                    <span className={`badge change ${compared.change}`}>{compared.change}</span>{" "}
                    <span className="word-diff">
                      {compared.diff.map((part, at) =>
                        part.added ? <ins key={at}>{part.value}</ins> : part.removed ? <del key={at}>{part.value}</del> : <span key={at}>{clip(part.value, 80)}</span>,
                      )}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {order.length === 0 ? <p className="panel muted">No row is done in both yet.</p> : null}
      </div>
    </div>
  );
}
