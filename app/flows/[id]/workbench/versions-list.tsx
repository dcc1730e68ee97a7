import Link from "next/link";

export type VersionSummary = { number: number; message: string | null; createdAt: string; author: string | null };

/** The flow's saved versions, newest first; each opens (read-only unless the latest). */
export function VersionsList({ flowId, versions, latest, current }: { flowId: string; versions: readonly VersionSummary[]; latest: number; current: number }) {
  return (
    <section aria-label="Versions" className="drawer-section">
      <div className="drawer-title">
        <h2>Versions</h2>
        <Link className="button small" href={`/flows/${flowId}/versions`}>
          History and compare
        </Link>
      </div>
      <ol className="versions">
        {versions.map((version) => (
          <li key={version.number} aria-current={version.number === current}>
            <Link href={version.number === latest ? `/flows/${flowId}` : `/flows/${flowId}?version=${version.number}`}>
              Version {version.number}
              {version.number === latest ? " (latest)" : ""}
            </Link>
            <span className="muted" style={{ fontSize: 12 }}>
              {new Date(version.createdAt).toLocaleString()}
              {version.author ? ` · ${version.author}` : ""}
            </span>
            {version.message ? <span style={{ fontSize: 13 }}>{version.message}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
