// Who is asking: the session's user and active team with their role, or the local user in
// single-user mode. The one answer every page, action and route builds on.
import { getLocalWorkspace } from "@/lib/data";
import { createPersonalTeam, firstTeamOf, roleIn } from "@/lib/data/teams";
import { ForbiddenError } from "./errors";
import { accountsEnabled, type AccountsMode } from "./mode";
import { type Action, can, isRole, type Resource, type Role } from "./permissions";
import { getAuth } from "./server";

export interface Workspace {
  userId: string;
  teamId: string;
  role: Role;
  mode: AccountsMode;
}

/** The role stored for a membership; anything unexpected counts as the weakest. */
function toRole(stored: string | null): Role {
  return stored && isRole(stored) ? stored : "viewer";
}

/** The workspace of a request, or null when accounts are on and it has no session. */
export async function resolveWorkspace(requestHeaders: Headers): Promise<Workspace | null> {
  if (!(await accountsEnabled())) {
    const local = await getLocalWorkspace();
    return { ...local, role: "owner", mode: "single-user" };
  }
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const userId = session.user.id;
  const active = session.session.activeOrganizationId;
  const activeRole = active ? await roleIn(userId, active) : null;
  if (active && activeRole) return { userId, teamId: active, role: toRole(activeRole), mode: "accounts" };
  // The active team is unset or the user was removed from it: fall back to their first
  // team, or give them a personal team again if they have none.
  const teamId = (await firstTeamOf(userId)) ?? (await createPersonalTeam(userId, session.user.name)).id;
  return { userId, teamId, role: toRole(await roleIn(userId, teamId)), mode: "accounts" };
}

/**
 * Throws ForbiddenError unless the workspace's role allows `action` on `resource`;
 * `what` finishes the sentence "does not allow you to …".
 */
export function requirePermission<R extends Resource>(workspace: Workspace, resource: R, action: Action<R>, what: string): void {
  if (!can(workspace.role, resource, action)) throw new ForbiddenError(workspace.role, what);
}
