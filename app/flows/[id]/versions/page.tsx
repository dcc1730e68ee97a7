import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/auth/permissions";
import { listVersions } from "@/lib/data";
import { forkTargets } from "@/lib/flows";
import { evaluationChoices } from "@/app/evaluations/_lib/choices";
import { EvaluateVersusForm } from "./_components/evaluate-versus-form";
import "@/app/evaluations/_components/evals.css";
import { loadFlowPage } from "./_lib/load";

export const metadata: Metadata = { title: "History" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

/** Every save of the flow: who, when, why; pick two to compare. */
export default async function VersionHistoryPage({ params }: Props) {
  const { id } = await params;
  const { workspace, flow } = await loadFlowPage(id);
  const versions = await listVersions(workspace.teamId, id);
  const previous = versions[1]?.number ?? flow.latestVersion.number;
  const shares = can(workspace.role, "shareLink", "create");
  const targets = await forkTargets(workspace);
  const evaluates = can(workspace.role, "flow", "run") && versions.length >= 2;
  const choices = evaluates ? await evaluationChoices(workspace) : undefined;

  return (
    <div className="page stack">
      <div className="page-header">
        <div>
          <h1>History of {flow.name}</h1>
          <p>
            {versions.length} version{versions.length === 1 ? "" : "s"} · <Link href={`/flows/${id}`}>back to the editor</Link>
            {targets.length ? null : " · you cannot fork: no team lets you create flows"}
          </p>
        </div>
        {shares ? (
          <Link className="button" href={`/settings/share-links?flow=${id}`}>
            Share…
          </Link>
        ) : null}
      </div>

      {choices ? (
        <EvaluateVersusForm
          flowId={id}
          versions={versions.map((version) => version.number)}
          datasets={choices.datasets}
          defaultScorers={choices.flows.find((each) => each.id === id)?.defaultScorers ?? null}
        />
      ) : null}

      <form action={`/flows/${id}/versions/compare`} className="card">
        <table className="table">
          <thead>
            <tr>
              <th>From</th>
              <th>To</th>
              <th>Version</th>
              <th>Message</th>
              <th>Author</th>
              <th>Saved</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.number}>
                <td>
                  <input type="radio" name="from" value={version.number} defaultChecked={version.number === previous} aria-label={`Compare from version ${version.number}`} />
                </td>
                <td>
                  <input type="radio" name="to" value={version.number} defaultChecked={version.number === flow.latestVersion.number} aria-label={`Compare to version ${version.number}`} />
                </td>
                <td className="name">
                  <Link href={`/flows/${id}/versions/${version.number}`}>v{version.number}</Link>
                  {version.number === flow.latestVersion.number ? <span className="badge accent"> newest</span> : null}
                </td>
                <td>{version.message || <span className="muted">—</span>}</td>
                <td>
                  {version.authorName ?? <span className="muted">unknown</span>}
                  {version.contributors.length > 0 ? <span className="muted"> · edited live by {version.contributors.map((c) => c.name).join(", ")}</span> : null}
                </td>
                <td>
                  <time dateTime={version.createdAt.toISOString()}>{version.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="panel">
          <button type="submit" className="button primary" disabled={versions.length < 2}>
            Compare selected versions
          </button>
        </div>
      </form>
    </div>
  );
}
