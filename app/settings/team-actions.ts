"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { AccountProfile, AccountsModeError, claimLocalWorkspace, getAuth, ROLE_NAMES } from "@/lib/auth";
import { invitationPath } from "@/lib/auth/invitationLink";
import { createTeam, TeamName } from "@/lib/data/teams";
import { type ActionResult, invalidInput } from "@/app/_lib/action-result";
import { currentWorkspace, requirePermission, type Workspace } from "@/app/_lib/workspace";
import { attempt } from "./_lib/attempt";

const Id = z.string().min(1).max(100);
const Role = z.enum(ROLE_NAMES);

/** Team management goes through better-auth, which needs a signed-in session. */
async function accountsWorkspace(): Promise<Workspace> {
  const workspace = await currentWorkspace();
  if (workspace.mode !== "accounts") throw new AccountsModeError("Turn accounts on first: teams need accounts.");
  return workspace;
}

export async function enableAccountsAction(input: z.input<typeof AccountProfile>): Promise<ActionResult<null>> {
  const parsed = AccountProfile.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    await claimLocalWorkspace(parsed.data, await headers());
    revalidatePath("/", "layout");
    return null;
  });
}

export async function switchTeamAction(input: { teamId: string }): Promise<ActionResult<null>> {
  const parsed = z.object({ teamId: Id }).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    await accountsWorkspace();
    const auth = await getAuth();
    await auth.api.setActiveOrganization({ body: { organizationId: parsed.data.teamId }, headers: await headers() });
    revalidatePath("/", "layout");
    return null;
  });
}

export async function createTeamAction(input: { name: string }): Promise<ActionResult<{ teamId: string }>> {
  const parsed = z.object({ name: TeamName }).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const workspace = await accountsWorkspace();
    const team = await createTeam(workspace.userId, parsed.data.name);
    const auth = await getAuth();
    await auth.api.setActiveOrganization({ body: { organizationId: team.id }, headers: await headers() });
    revalidatePath("/", "layout");
    return { teamId: team.id };
  });
}

const InviteInput = z.object({ email: z.email("That is not an email address").max(200), role: Role });

/** Creates an invitation and returns its link, with the secret that lets the invitee accept (no mail is sent). */
export async function inviteMemberAction(input: z.input<typeof InviteInput>): Promise<ActionResult<{ invitationPath: string }>> {
  const parsed = InviteInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const workspace = await accountsWorkspace();
    requirePermission(workspace, "invitation", "create", "invite people");
    const auth = await getAuth();
    const invitation = await auth.api.createInvitation({
      body: { email: parsed.data.email.toLowerCase(), role: parsed.data.role, organizationId: workspace.teamId },
      headers: await headers(),
    });
    revalidatePath("/settings");
    return { invitationPath: invitationPath(invitation.id) };
  });
}

export async function cancelInvitationAction(input: { invitationId: string }): Promise<ActionResult<null>> {
  const parsed = z.object({ invitationId: Id }).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const workspace = await accountsWorkspace();
    requirePermission(workspace, "invitation", "cancel", "cancel invitations");
    const auth = await getAuth();
    await auth.api.cancelInvitation({ body: parsed.data, headers: await headers() });
    revalidatePath("/settings");
    return null;
  });
}

const RoleInput = z.object({ memberId: Id, role: Role });

export async function updateMemberRoleAction(input: z.input<typeof RoleInput>): Promise<ActionResult<null>> {
  const parsed = RoleInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const workspace = await accountsWorkspace();
    requirePermission(workspace, "member", "update", "change roles");
    const auth = await getAuth();
    await auth.api.updateMemberRole({ body: { ...parsed.data, organizationId: workspace.teamId }, headers: await headers() });
    revalidatePath("/settings");
    return null;
  });
}

export async function removeMemberAction(input: { memberId: string }): Promise<ActionResult<null>> {
  const parsed = z.object({ memberId: Id }).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  return attempt(async () => {
    const workspace = await accountsWorkspace();
    requirePermission(workspace, "member", "delete", "remove members");
    const auth = await getAuth();
    await auth.api.removeMember({ body: { memberIdOrEmail: parsed.data.memberId, organizationId: workspace.teamId }, headers: await headers() });
    revalidatePath("/settings");
    return null;
  });
}
