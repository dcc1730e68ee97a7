import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/auth/permissions";
import { inputText } from "@/lib/evals/dataset";
import { evaluationResult, verdictOf } from "@/lib/evaluations/results";
import { readEvaluationDocument } from "@/lib/evaluations/service";
import { isDraftSnapshot, versionLabel } from "@/lib/flows/versionLabel";
import { actorOf } from "@/lib/runs/commands";
import { formatCost, formatDuration, formatTokens } from "@/lib/runs/format";
import { currentWorkspace } from "@/app/_lib/workspace";
import { AggregateList } from "../_components/aggregate-cards";
import { EvaluationControls, LiveRefresh } from "../_components/evaluation-controls";
import "../_components/evals.css";

export const metadata: Metadata = { title: "Evaluation" };
export const dynamic = "force-dynamic";

const clip = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** One evaluation: progress (live while it runs), aggregates, verdict, and every row with its run. */
export default async function EvaluationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const workspace = await currentWorkspace();
  const actor = actorOf(workspace);
  const result = await evaluationResult(actor, id);
  const { evaluation } = result;
  const baseline = evaluation.baselineId ? await evaluationResult(actor, evaluation.baselineId).catch(() => undefined) : undefined;
  const verdict = verdictOf(result, baseline);
  const draft = isDraftSnapshot(evaluation.flowVersion) ? await readEvaluationDocument(actor, id) : null;
  const running = evaluation.status === "running" || baseline?.evaluation.status === "running";
  return (
    <div className="page page-wide stack">
      <LiveRefresh active={running} />
      <div className="page-header">
        <div>
          <h1>
            {evaluation.flowName} {versionLabel(evaluation.flowVersion)} over {evaluation.datasetName} v{evaluation.datasetVersion}
          </h1>
          <p>
            <span className={`badge eval-status ${evaluation.status}`} data-testid="evaluation-status">
              {evaluation.status}
            </span>{" "}
            <span data-testid="evaluation-progress">
              {evaluation.done}/{evaluation.rowCount} rows done
            </span>{" "}
            · scorers {evaluation.scorers.join(", ")} · {evaluation.concurrency} at once
            {evaluation.modelOverride ? ` · model ${evaluation.modelOverride}` : ""}
          </p>
        </div>
        <div className="button-row">
          <EvaluationControls evaluationId={id} status={evaluation.status} mayRun={can(workspace.role, "flow", "run")} />
          {evaluation.baselineId ? (
            <Link className="button primary" href={`/evaluations/compare?ids=${evaluation.baselineId},${id}`}>
              Compare with the baseline
            </Link>
          ) : null}
          <Link className="button" href="/evaluations">
            All evaluations
          </Link>
        </div>
      </div>
      {draft ? (
        <details className="card panel draft-document" data-testid="draft-document">
          <summary>{draft.message}: the document it ran</summary>
          <pre className="code">{draft.document}</pre>
        </details>
      ) : null}
      <progress className="eval-progress" max={evaluation.rowCount} value={evaluation.done} aria-label="Rows done" />
      <div className="card panel">
        <AggregateList aggregate={result.aggregate} />
        {verdict.pass !== null && (evaluation.minPass !== null || baseline) ? (
          <p className={verdict.pass ? "verdict pass" : "verdict fail"}>
            {verdict.pass ? "Pass" : "Fail"}
            {verdict.reasons.length ? `: ${verdict.reasons.join("; ")}` : evaluation.minPass !== null ? ` (minimum ${(evaluation.minPass * 100).toFixed(0)}%)` : ""}
          </p>
        ) : null}
      </div>
      <div className="card eval-rows">
        <table className="table">
          <thead>
            <tr>
              <th>#</th>
              <th>Input</th>
              <th>Expected</th>
              <th>Output (opens the run)</th>
              <th>Score</th>
              <th>Tokens</th>
              <th>Cost</th>
              <th>Latency</th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((item) => {
              const row = result.rows[item.index]!;
              const done = item.result;
              return (
                <tr key={item.index} data-testid="evaluation-row">
                  <td className="muted">{item.index + 1}</td>
                  <td>{clip(inputText(row))}</td>
                  <td>{row.expected === undefined ? <span className="muted">—</span> : clip(row.expected)}</td>
                  <td>
                    {item.runId ? (
                      <Link href={`/runs/${item.runId}`} title="Open the run's timeline">
                        {done ? (done.error ? `${done.error.name}: ${clip(done.error.message)}` : clip(done.output) || "(empty)") : "running…"}
                      </Link>
                    ) : (
                      <span className="muted">{evaluation.status === "running" ? "waiting" : "not run"}</span>
                    )}
                  </td>
                  <td title={done?.scores.map((score, index) => `${evaluation.scorers[index]}: ${score.reason}`).join("\n")}>
                    {done ? <span className={done.pass ? "score pass" : "score fail"}>{done.pass ? "pass" : "fail"} {done.score.toFixed(2)}</span> : null}
                  </td>
                  <td>{done ? formatTokens(done.usage.totalTokens) : null}</td>
                  <td>{done && done.costUsd !== null ? formatCost(done.costUsd) : null}</td>
                  <td>{done ? formatDuration(done.latencyMs) : null}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
