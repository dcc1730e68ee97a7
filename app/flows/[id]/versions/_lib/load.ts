// What the version pages load: the flow (or a 404), the workspace and where forks may go.
import { notFound } from "next/navigation";
import { getFlow, getVersion } from "@/lib/data";
import { NotFoundError } from "@/lib/data/errors";
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
