import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { diffRows } from "../fns/text-diff";
import { LazyFlowCanvasView } from "../../editor/lazy-flow-canvas-view";
import { changeClasses, nodeChanges } from "../fns/node-changes";
import { loadFlowPage, loadVersion } from "../_lib/load";
import styles from "../versions.module.css";

export const metadata: Metadata = { title: "Compare versions" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ from?: string; to?: string }> };

const VersionNumber = z.coerce.number().int().positive();

const MARK = { same: " ", added: "+", removed: "−" } as const;

/** Two versions side by side as a line diff, and which nodes of the swarm changed. */
export default async function CompareVersionsPage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const { workspace, flow } = await loadFlowPage(id);
  const to = VersionNumber.catch(flow.latestVersion.number).parse(query.to);
  const from = VersionNumber.catch(Math.max(1, to - 1)).parse(query.from);
  const [before, after] = await Promise.all([loadVersion(workspace.teamId, id, from), loadVersion(workspace.teamId, id, to)]);
  const rows = diffRows(before.document, after.document);
  const nodes = nodeChanges(before.document, after.document);

  return (
    <div className="page stack">
      <div className="page-header">
        <div>
          <h1>
            {flow.name}: version {from} → {to}
          </h1>
          <p>
            v{from} by {before.authorName ?? "unknown"} ({before.message || "no message"}) · v{to} by {after.authorName ?? "unknown"} (
            {after.message || "no message"}) · <Link href={`/flows/${id}/versions`}>history</Link>
          </p>
        </div>
      </div>

      <section className="card panel stack" aria-labelledby="nodes-heading">
        <h2 id="nodes-heading">Changed nodes</h2>
        {!nodes.ok ? (
          <p className="muted">{nodes.reason}</p>
        ) : nodes.changes.length === 0 ? (
          <p className="muted">No node changed.</p>
        ) : (
          <ul className={styles.changes}>
            {nodes.changes.map((node) => (
              <li key={node.name} className={styles.change} data-change={node.change}>
                <strong>{node.name}</strong> <span className="muted">{node.kind}</span> · {node.change}
              </li>
            ))}
          </ul>
        )}
      </section>

      {nodes.ok ? (
        <section className="card panel stack" aria-labelledby="canvas-heading">
          <h2 id="canvas-heading">On the canvas</h2>
          <p className="muted" style={{ margin: 0 }}>
            <span className={styles.legendAdded}>added</span> · <span className={styles.legendRemoved}>removed</span> · <span className={styles.legendChanged}>changed</span>
          </p>
          <div className={styles.canvases}>
            <LazyFlowCanvasView text={before.document} label={`Version ${from}`} nodeClasses={changeClasses(nodes.changes, ["removed", "changed"])} />
            <LazyFlowCanvasView text={after.document} label={`Version ${to}`} nodeClasses={changeClasses(nodes.changes, ["added", "changed"])} />
          </div>
        </section>
      ) : null}

      <section className="card" aria-labelledby="diff-heading">
        <div className="panel">
          <h2 id="diff-heading">Document</h2>
          {rows.every((row) => row.kind === "same" || row.kind === "gap") ? <p className="muted">The documents are identical.</p> : null}
        </div>
        <div className={styles.diff} role="table" aria-label="Line diff">
          {rows.map((row, index) =>
            row.kind === "gap" ? (
              <div key={index} className={styles.gap} role="row">
                … {row.hidden} unchanged line{row.hidden === 1 ? "" : "s"}
              </div>
            ) : (
              <div key={index} className={`${styles.row} ${row.kind === "same" ? "" : styles[row.kind]}`} role="row" data-kind={row.kind}>
                <span>{row.oldLine ?? ""}</span>
                <span>{row.newLine ?? ""}</span>
                <span>{MARK[row.kind]}</span>
                <span>{row.text}</span>
              </div>
            ),
          )}
        </div>
      </section>
    </div>
  );
}
