import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/auth/permissions";
import { listTeamDatasets } from "@/lib/evaluations/datasets";
import { EmptyCard } from "@/app/_components/empty-card";
import { RelativeTime } from "@/app/_components/relative-time";
import { currentWorkspace } from "@/app/_lib/workspace";
import { ImportDatasetForm } from "./_components/import-dataset-form";
import "../evaluations/_components/evals.css";

export const metadata: Metadata = { title: "Datasets" };
export const dynamic = "force-dynamic";

/** The team's datasets: rows that flows are evaluated over. */
export default async function DatasetsPage() {
  const workspace = await currentWorkspace();
  const datasets = await listTeamDatasets(workspace);
  const writes = can(workspace.role, "dataset", "write");
  return (
    <div className="page stack">
      <div className="page-header">
        <div>
          <h1>Datasets</h1>
          <p>Rows of input, with an expected output and tags, to evaluate flows over. Every change is a new version.</p>
        </div>
        <Link className="button" href="/evaluations">
          Evaluations
        </Link>
      </div>
      {datasets.length === 0 ? (
        // An editor's call to action is the import form itself.
        writes ? null : <EmptyCard title="No datasets yet">An editor of the team can import one.</EmptyCard>
      ) : (
        <div className="card">
          <table className="table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Rows</th>
                <th>Version</th>
                <th>Changed</th>
              </tr>
            </thead>
            <tbody>
              {datasets.map((dataset) => (
                <tr key={dataset.id}>
                  <td className="name">
                    <Link href={`/datasets/${dataset.id}`}>{dataset.name}</Link>
                  </td>
                  <td>{dataset.rowCount}</td>
                  <td>v{dataset.latestVersion}</td>
                  <td>
                    <RelativeTime date={dataset.updatedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {writes ? <ImportDatasetForm /> : null}
    </div>
  );
}
