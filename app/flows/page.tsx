import type { Metadata } from "next";
import Link from "next/link";
import { listFlows } from "@/lib/data";
import { flowTemplates } from "@/lib/demo/flows";
import { can } from "@/lib/auth/permissions";
import { currentWorkspace } from "@/app/_lib/workspace";
import { FlowRowActions } from "./_components/flow-row-actions";
import { ImportFlowButton } from "./_components/import-flow-button";
import { NewFlowButton } from "./_components/new-flow-button";
import { RelativeTime } from "@/app/_components/relative-time";
import { EmptyCard } from "@/app/_components/empty-card";

export const metadata: Metadata = { title: "Flows" };
export const dynamic = "force-dynamic";

export default async function FlowsPage() {
  const { teamId, role } = await currentWorkspace();
  // The server refuses these anyway; hiding them spares a viewer buttons that only say no.
  const allowed = { create: can(role, "flow", "create"), rename: can(role, "flow", "update"), remove: can(role, "flow", "delete") };
  const flows = await listFlows(teamId);
  const templates = flowTemplates.map(({ id, name, description }) => ({ id, name, description }));

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Flows</h1>
          <p>Swarms your team has drawn. Open one to edit it, run it, or see its versions.</p>
        </div>
        <div className="toolbar">
          {allowed.create ? <ImportFlowButton /> : null}
          {allowed.create ? <NewFlowButton templates={templates} /> : null}
        </div>
      </div>
      {flows.length === 0 ? (
        <EmptyCard title="No flows yet">Create one from a template, or import a YAML swarm document.</EmptyCard>
      ) : (
        <div className="card">
          <table className="table" aria-label="Flows">
            <thead>
              <tr>
                <th>Name</th>
                <th>Versions</th>
                <th>Updated</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {flows.map((flow) => (
                <tr key={flow.id} data-flow-id={flow.id}>
                  <td>
                    <Link className="name" href={`/flows/${flow.id}`}>
                      {flow.name}
                    </Link>
                    {flow.description ? <div className="description">{flow.description}</div> : null}
                  </td>
                  <td>
                    <span className="badge">v{flow.latestVersion}</span>
                  </td>
                  <td className="muted">
                    <RelativeTime date={flow.updatedAt} />
                  </td>
                  <td className="actions">
                    <FlowRowActions flowId={flow.id} name={flow.name} canRename={allowed.rename} canDelete={allowed.remove} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
