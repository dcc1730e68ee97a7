/**
 * Who is asking. Single-user mode (the default) acts as the local user of the personal
 * team; the teams issue replaces this with the signed-in session and its active team.
 */
import { demoFlows } from "@/lib/demo/flows";
import { getLocalWorkspace, seedDemoFlows } from "@/lib/data";

export type Workspace = { userId: string; teamId: string };

/** Teams whose demo flows this process already made sure of (seeding is idempotent anyway). */
const seededTeams = new Set<string>();

export async function currentWorkspace(): Promise<Workspace> {
  const workspace = await getLocalWorkspace();
  if (!seededTeams.has(workspace.teamId)) {
    await seedDemoFlows(workspace.teamId, workspace.userId, [...demoFlows]);
    seededTeams.add(workspace.teamId);
  }
  return workspace;
}
