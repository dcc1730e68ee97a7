import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { getFlow } from "@/lib/data";
import { listRuns } from "@/lib/data/runs";
import { Id } from "@/lib/data/validation";
import { formatCost, formatDuration, formatTokens } from "@/lib/runs/format";
import { RunStatus } from "@/lib/data/runs/types";
import { RelativeTime } from "@/app/_components/relative-time";
import { currentWorkspace } from "@/app/_lib/workspace";
import { StatusBadge } from "./_components/status-badge";
import "./_components/runs.css";
import { EmptyCard } from "@/app/_components/empty-card";
import { versionLabel } from "@/lib/flows/versionLabel";

export const metadata: Metadata = { title: "Runs" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ status?: string; flow?: string }> };

const Filters = z.object({ status: RunStatus.optional().catch(undefined), flow: Id.optional().catch(undefined) });

function filterHref(status: string | undefined, flow: string | undefined): string {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (flow) query.set("flow", flow);
  const text = query.toString();
  return text ? `/runs?${text}` : "/runs";
}

export default async function RunsPage({ searchParams }: Props) {
  const { status, flow } = Filters.parse(await searchParams);
  const { teamId } = await currentWorkspace();
  const [runs, flowName] = await Promise.all([
    listRuns(teamId, { status, flowId: flow, limit: 100 }),
    flow ? getFlow(teamId, flow).then((found) => found.name, () => null) : Promise.resolve(null),
  ]);

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>{flowName ? `Runs of ${flowName}` : "Runs"}</h1>
          <p>
            {flowName ? (
              <>
                <Link href={`/flows/${flow}`}>Open the flow</Link> · <Link href={filterHref(status, undefined)}>All runs of the team</Link>
              </>
            ) : (
              "Every run of your team's flows, newest first."
            )}
          </p>
        </div>
      </div>
      <nav className="runs-filters" aria-label="Filter by status">
        <Link className="button small" aria-current={!status ? "true" : undefined} href={filterHref(undefined, flow)}>
          All
        </Link>
        {RunStatus.options.map((option) => (
          <Link key={option} className="button small" aria-current={status === option ? "true" : undefined} href={filterHref(option, flow)}>
            {option}
          </Link>
        ))}
      </nav>
      {runs.length === 0 ? (
        <EmptyCard title={`No runs ${status ? `with status ${status}` : "yet"}`}>Open a flow and press Run, or start one through the API.</EmptyCard>
      ) : (
        <div className="card">
          <table className="table" aria-label="Runs">
            <thead>
              <tr>
                <th>Status</th>
                <th>Flow</th>
                <th>Input</th>
                <th>Duration</th>
                <th>Tokens</th>
                <th>Cost</th>
                <th>Started</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id} data-run-id={run.id}>
                  <td>
                    <Link href={`/runs/${run.id}`} aria-label={`Open run ${run.id}`}>
                      <StatusBadge status={run.status} />
                    </Link>
                  </td>
                  <td>
                    <Link className="name" href={`/runs/${run.id}`}>
                      {run.flowName}
                    </Link>{" "}
                    <span className="badge">{versionLabel(run.flowVersion)}</span>
                    {run.trigger === "api" ? <span className="badge">API</span> : null}
                  </td>
                  <td className="description" style={{ maxWidth: 280, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                    {run.input}
                  </td>
                  <td>{formatDuration(run.startedAt && run.endedAt ? run.endedAt - run.startedAt : null)}</td>
                  <td>{formatTokens(run.totals.usage.totalTokens)}</td>
                  <td>{formatCost(run.totals.costUsd)}</td>
                  <td className="muted">
                    <RelativeTime date={new Date(run.createdAt)} />
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
