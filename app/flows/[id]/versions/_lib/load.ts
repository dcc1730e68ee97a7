// What the version pages load: the flow (or a 404), the workspace and where forks may go.
import { notFound } from "next/navigation";
import { can, isRole } from "@/lib/auth/permissions";
import { getFlow, getVersion } from "@/lib/data";
import { NotFoundError } from "@/lib/data/errors";
import { listTeamsOf } from "@/lib/data/teams";
import { currentWorkspace } from "@/app/_lib/workspace";

export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

export async function loadFlowPage(flowId: string) {
  const workspace = await currentWorkspace();
  const flow = await orNotFound(getFlow(workspace.teamId, flowId));
  return { workspace, flow };
}

export function loadVersion(teamId: string, flowId: string, number: number) {
  return orNotFound(getVersion(teamId, flowId, number));
}

/** Teams the user may fork into, the active team first. */
export async function forkTargets(userId: string, activeTeamId: string): Promise<{ id: string; name: string }[]> {
  const teams = await listTeamsOf(userId);
  return teams
    .filter((team) => isRole(team.role) && can(team.role, "flow", "create"))
    .sort((a, b) => Number(b.id === activeTeamId) - Number(a.id === activeTeamId))
    .map(({ id, name }) => ({ id, name }));
}
