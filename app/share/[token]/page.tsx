import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LazyFlowCanvasView } from "@/app/flows/[id]/editor/lazy-flow-canvas-view";
import { NotFoundError } from "@/lib/data/errors";
import { openShareLink } from "@/lib/data/shareLinks";
import styles from "./share.module.css";
import { RevokedShareLink } from "./revoked";
import { versionLabel } from "@/lib/flows/versionLabel";

export const dynamic = "force-dynamic";
// The token is the only key to this page: keep it out of search engines and referrers.
export const metadata: Metadata = { title: "Shared flow", robots: { index: false, follow: false }, referrer: "no-referrer" };

type Props = { params: Promise<{ token: string }> };

async function open(token: string) {
  try {
    return await openShareLink(token);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

/** A flow shared read-only by link: works signed out, shows no credentials. */
export default async function SharedFlowPage({ params }: Props) {
  const { token } = await params;
  const shared = await open(decodeURIComponent(token));
  if (shared.status === "revoked") return <RevokedShareLink />;
  const { flow } = shared;
  return (
    <div className="page stack">
      <div className="page-header">
        <div>
          <h1>
            {flow.name} <span className="badge">read-only</span>
          </h1>
          <p>
            {flow.description ? `${flow.description} · ` : ""}version {flow.versionNumber}, saved {flow.updatedAt.toISOString().slice(0, 10)}
          </p>
        </div>
      </div>
      <LazyFlowCanvasView text={flow.document} label="Canvas" />
      <details className="card" open>
        <summary className="panel">The document (YAML)</summary>
        <pre className={styles.document} aria-label="Document">
          {flow.document}
        </pre>
      </details>
      {flow.runs ? (
        <section className="card" aria-labelledby="runs-heading">
          <div className="panel">
            <h2 id="runs-heading">Runs</h2>
            {flow.runs.length === 0 ? <p className="muted">No runs yet.</p> : null}
          </div>
          {flow.runs.length ? (
            <table className="table">
              <thead>
                <tr>
                  <th>Started</th>
                  <th>Version</th>
                  <th>Status</th>
                  <th>Tokens</th>
                  <th>Input</th>
                  <th>Output</th>
                </tr>
              </thead>
              <tbody>
                {flow.runs.map((run) => (
                  <tr key={run.id}>
                    <td>
                      <Link href={`/share/${token}/runs/${run.id}`} title="Open its timeline">
                        {run.createdAt.toISOString().slice(0, 16).replace("T", " ")}
                      </Link>
                    </td>
                    <td>{versionLabel(run.versionNumber)}</td>
                    <td>
                      <span className="badge">{run.status}</span>
                    </td>
                    <td>{run.totalTokens}</td>
                    <td className={styles.clip}>{run.input}</td>
                    <td className={styles.clip}>{run.output ?? run.error ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
