import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { can } from "@/lib/auth/permissions";
import { inputText } from "@/lib/evals/dataset";
import { readDataset } from "@/lib/evaluations/datasets";
import { currentWorkspace } from "@/app/_lib/workspace";
import { AddRowForm, ImportRowsForm, RemoveRowButton } from "../_components/dataset-editor";
import { DeleteDatasetButton } from "../_components/delete-dataset-button";
import "../../evaluations/_components/evals.css";

export const metadata: Metadata = { title: "Dataset" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ version?: string }> };

const VersionParam = z.coerce.number().int().positive().optional().catch(undefined);

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** One dataset version's rows, its versions, export, and (editors) changes as new versions. */
export default async function DatasetPage({ params, searchParams }: Props) {
  const { id } = await params;
  const workspace = await currentWorkspace();
  const { version, versions } = await readDataset(workspace, id, VersionParam.parse((await searchParams).version));
  const latest = versions[0]!.number;
  const writes = can(workspace.role, "dataset", "write") && version.number === latest;
  return (
    <div className="page stack">
      <div className="page-header">
        <div>
          <h1>{version.datasetName}</h1>
          <p>
            v{version.number} · {version.rowCount} rows{version.number === latest ? " · newest" : ` · an older version (newest: v${latest})`} ·{" "}
            <Link href="/datasets">all datasets</Link>
          </p>
        </div>
        <div className="button-row">
          <a className="button" href={`/datasets/${id}/export?version=${version.number}&format=jsonl`} download>
            Export JSONL
          </a>
          <a className="button" href={`/datasets/${id}/export?version=${version.number}&format=csv`} download>
            Export CSV
          </a>
          <Link className="button primary" href={`/evaluations/new?dataset=${id}`}>
            Evaluate a flow…
          </Link>
          {can(workspace.role, "dataset", "write") ? <DeleteDatasetButton datasetId={id} name={version.datasetName} /> : null}
        </div>
      </div>
      <div className="card dataset-rows">
        <table className="table">
          <thead>
            <tr>
              <th>#</th>
              <th>Input</th>
              <th>Expected</th>
              <th>Tags</th>
              {writes ? <th /> : null}
            </tr>
          </thead>
          <tbody>
            {version.rows.map((row, index) => (
              <tr key={index}>
                <td className="muted">{index + 1}</td>
                <td>{typeof row.input === "string" ? clip(row.input) : <code>{clip(inputText(row))}</code>}</td>
                <td>{row.expected === undefined ? <span className="muted">—</span> : clip(row.expected)}</td>
                <td>{row.tags?.map((tag) => <span key={tag} className="badge">{tag}</span>)}</td>
                {writes ? (
                  <td className="actions">
                    <RemoveRowButton datasetId={id} baseVersion={version.number} index={index} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {writes ? (
        <div className="dataset-forms">
          <AddRowForm datasetId={id} baseVersion={version.number} />
          <ImportRowsForm datasetId={id} baseVersion={version.number} />
        </div>
      ) : null}
      <div className="card">
        <table className="table" aria-label="Versions">
          <thead>
            <tr>
              <th>Version</th>
              <th>Rows</th>
              <th>Change</th>
              <th>When</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((each) => (
              <tr key={each.number}>
                <td className="name">
                  <Link href={`/datasets/${id}?version=${each.number}`}>v{each.number}</Link>
                </td>
                <td>{each.rowCount}</td>
                <td>{each.message}</td>
                <td>{each.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
