import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { can } from "@/lib/auth/permissions";
import { getFlow, getVersion, listVersions } from "@/lib/data";
import { getUserName } from "@/lib/data/teams";
import { NotFoundError } from "@/lib/data/errors";
import { keyedProviders } from "@/lib/flows";
import { listTools } from "@/lib/flows/teamTools";
import { listServers } from "@/lib/mcp/service";
import { toolCatalog } from "@/lib/tools";
import { currentWorkspace } from "@/app/_lib/workspace";
import { draftEvaluationChoices } from "@/app/evaluations/_lib/choices";
import { FlowWorkbench } from "./flow-workbench";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ version?: string; node?: string }> };

const VersionParam = z.coerce.number().int().positive().optional();
/** `?node=NAME`: a run's timeline asks for that node, selected and centred. */
const NodeParam = z.string().max(200).optional();

async function loadFlow(teamId: string, flowId: string) {
  try {
    return await getFlow(teamId, flowId);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const { teamId } = await currentWorkspace();
  const flow = await getFlow(teamId, id).catch(() => null);
  return { title: flow?.name ?? "Flow not found" };
}

export default async function FlowPage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const workspace = await currentWorkspace();
  const { teamId, userId, role } = workspace;
  const flow = await loadFlow(teamId, id);
  // Independent reads: one round of queries, not six in a row.
  const mayEvaluate = can(role, "flow", "run");
  const [keyed, versions, teamTools, mcp, userName, evaluation] = await Promise.all([
    keyedProviders(workspace),
    listVersions(teamId, id),
    listTools(workspace),
    listServers(workspace),
    getUserName(userId),
    mayEvaluate ? draftEvaluationChoices(workspace, id) : null,
  ]);
  const requested = VersionParam.safeParse(query.version);
  const viewing =
    requested.success && requested.data && requested.data !== flow.latestVersion.number
      ? await getVersion(teamId, id, requested.data).catch(() => notFound())
      : null;

  return (
    <FlowWorkbench
      // Not keyed by the latest version: after a save the editor stays, with its undo history.
      key={`${flow.id}:${viewing?.number ?? "latest"}`}
      flow={{ id: flow.id, name: flow.name }}
      latest={{ number: flow.latestVersion.number, document: flow.latestVersion.document }}
      viewing={viewing ? { number: viewing.number, document: viewing.document } : null}
      versions={versions.map((version) => ({
        number: version.number,
        message: version.message ?? null,
        createdAt: version.createdAt.toISOString(),
        author: version.authorName ?? null,
      }))}
      tools={[
        ...toolCatalog.map(({ name, description }) => ({ name, description, kind: "builtin" as const })),
        ...teamTools.map(({ name, description }) => ({ name, description, kind: "team" as const })),
      ]}
      mcpServers={[...mcp.team, ...mcp.operator].map((server) => ({
        name: server.name,
        tools: server.tools?.map(({ name, description }) => ({ name, description })) ?? null,
      }))}
      canTestTools={can(role, "tool", "write")}
      keyedProviders={keyed}
      userId={userId}
      userName={userName}
      canEdit={can(role, "flow", "update")}
      canShare={can(role, "shareLink", "create")}
      focusNode={NodeParam.safeParse(query.node).data}
      evaluation={evaluation}
    />
  );
}
