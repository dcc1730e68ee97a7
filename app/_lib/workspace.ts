/**
 * Who is asking. Single-user mode (the default) acts as the local user, owner of the
 * personal team; once accounts are on (the local user invited someone, or
 * SWARM_REQUIRE_ACCOUNTS=1) it is the signed-in user in their active team, with their role.
 * Pages, Server Actions and routes all start here; role checks happen in the services.
 */
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { resolveWorkspace, type Workspace } from "@/lib/auth";

export type { Workspace } from "@/lib/auth";
export { requirePermission } from "@/lib/auth";

/** The request's workspace; without a session (accounts on) it redirects to sign-in. */
export async function currentWorkspace(): Promise<Workspace> {
  const workspace = await resolveWorkspace(await headers());
  if (!workspace) redirect("/sign-in");
  return workspace;
}
