import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/auth/permissions";
import { listTeamEvaluations } from "@/lib/evaluations/service";
import { actorOf } from "@/lib/runs/commands";
import { EmptyCard } from "@/app/_components/empty-card";
import { RelativeTime } from "@/app/_components/relative-time";
import { currentWorkspace } from "@/app/_lib/workspace";
import { LiveRefresh } from "./_components/evaluation-controls";
import "./_components/evals.css";
import { versionLabel } from "@/lib/flows/versionLabel";

export const metadata: Metadata = { title: "Evaluations" };
export const dynamic = "force-dynamic";

/** The team's evaluations, newest first; tick two or more to compare them. */
export default async function EvaluationsPage() {
  const workspace = await currentWorkspace();
  const evaluations = await listTeamEvaluations(actorOf(workspace));
  return (
    <div className="page stack">
      <LiveRefresh active={evaluations.some((evaluation) => evaluation.status === "running")} />
      <div className="page-header">
        <div>
          <h1>Evaluations</h1>
          <p>Flow versions run over datasets and scored. Tick two or more over the same dataset version to compare them.</p>
        </div>
        <div className="button-row">
          <Link className="button" href="/datasets">
            Datasets
          </Link>
          {can(workspace.role, "flow", "run") ? (
            <Link className="button primary" href="/evaluations/new">
              New evaluation
            </Link>
          ) : null}
        </div>
      </div>
      {evaluations.length === 0 ? (
        <EmptyCard title="No evaluations yet">
          Import a <Link href="/datasets">dataset</Link>, then evaluate a flow over it — or use &quot;Evaluate against…&quot; in a flow&apos;s history.
        </EmptyCard>
      ) : (
        <form action="/evaluations/compare" className="card">
          <table className="table">
            <thead>
              <tr>
                <th>Compare</th>
                <th>Flow</th>
                <th>Dataset</th>
                <th>Status</th>
                <th>Rows</th>
                <th>Scorers</th>
                <th>Started</th>
              </tr>
            </thead>
            <tbody>
              {evaluations.map((evaluation) => (
                <tr key={evaluation.id}>
                  <td>
                    <input type="checkbox" name="id" value={evaluation.id} aria-label={`Compare ${evaluation.flowName} ${versionLabel(evaluation.flowVersion)}`} />
                  </td>
                  <td className="name">
                    <Link href={`/evaluations/${evaluation.id}`}>
                      {evaluation.flowName} {versionLabel(evaluation.flowVersion)}
                    </Link>
                  </td>
                  <td>
                    <Link href={`/datasets/${evaluation.datasetId}?version=${evaluation.datasetVersion}`}>
                      {evaluation.datasetName} v{evaluation.datasetVersion}
                    </Link>
                  </td>
                  <td>
                    <span className={`badge eval-status ${evaluation.status}`}>{evaluation.status}</span>
                  </td>
                  <td>
                    {evaluation.done}/{evaluation.rowCount}
                  </td>
                  <td className="muted">{evaluation.scorers.join(", ")}</td>
                  <td>
                    <RelativeTime date={new Date(evaluation.createdAt)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="panel">
            <button type="submit" className="button primary" disabled={evaluations.length < 2}>
              Compare selected
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
