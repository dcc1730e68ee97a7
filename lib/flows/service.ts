/**
 * The flows service: who may do what to a team's flows, and what a stored flow must be
 * (a valid swarm document within the limits). Server Actions and routes call these with
 * the caller's workspace; permission is checked before any other work, so an
 * unauthorized request costs nothing (a large invalid document is never parsed for it).
 */
import { requirePermission, type Workspace } from "@/lib/auth";
import { ForbiddenError } from "@/lib/auth/errors";
import { can, isRole, type Role } from "@/lib/auth/permissions";
import { createFlow, deleteFlow, getFlow, getVersion, renameFlow, saveFlowVersion } from "@/lib/data";
import { forkFlow } from "@/lib/data/forks";
import { MAX_NAME_LENGTH } from "@/lib/data/limits";
import { listTeamsOf, roleIn } from "@/lib/data/teams";
import { ValidationError } from "@/lib/data/errors";
import { getFlowTemplate } from "@/lib/demo/flows";
import { requireValidDocument } from "./document";

/** Creates a flow from one of the "New flow" templates. */
export async function createFromTemplate(workspace: Workspace, input: { name?: string; templateId: string }): Promise<{ id: string }> {
  requirePermission(workspace, "flow", "create", "create flows");
  const template = getFlowTemplate(input.templateId);
  if (!template) throw new ValidationError([{ path: "templateId", message: `Unknown template "${input.templateId}"` }]);
  const flow = await createFlow(workspace.teamId, workspace.userId, {
    name: input.name ?? template.name,
    description: template.description,
    document: template.document,
  });
  return { id: flow.id };
}

/**
 * Creates a flow holding `document` (an imported file, or "save as a new flow" from the
 * editor). Its name is the document's own `name`, else `fallbackName`.
 */
export async function createFromDocument(
  workspace: Workspace,
  input: { document: string; fallbackName: string; what?: string },
): Promise<{ id: string }> {
  requirePermission(workspace, "flow", "create", "create flows");
  const { name } = requireValidDocument(input.document, input.what);
  const flow = await createFlow(workspace.teamId, workspace.userId, {
    name: (name?.trim() || input.fallbackName.trim() || "Untitled flow").slice(0, MAX_NAME_LENGTH),
    document: input.document,
  });
  return { id: flow.id };
}

export async function rename(workspace: Workspace, flowId: string, name: string): Promise<{ name: string }> {
  requirePermission(workspace, "flow", "update", "rename flows");
  const flow = await renameFlow(workspace.teamId, flowId, name);
  return { name: flow.name };
}

export async function remove(workspace: Workspace, flowId: string): Promise<void> {
  requirePermission(workspace, "flow", "delete", "delete flows");
  await deleteFlow(workspace.teamId, flowId);
}

/** Saves `document` as the next version of the flow, if it is valid and `baseVersion` is still the newest. */
export async function save(
  workspace: Workspace,
  flowId: string,
  input: { document: string; baseVersion: number; message?: string },
): Promise<{ version: number }> {
  requirePermission(workspace, "flow", "update", "save flows");
  requireValidDocument(input.document);
  const version = await saveFlowVersion(workspace.teamId, workspace.userId, flowId, {
    document: input.document,
    baseVersion: input.baseVersion,
    message: input.message || undefined,
  });
  return { version: version.number };
}

/** Saves an old version's document as the newest version (nothing is overwritten). */
export async function restoreVersion(workspace: Workspace, flowId: string, number: number): Promise<{ version: number }> {
  requirePermission(workspace, "flow", "update", "restore versions");
  const [flow, old] = await Promise.all([getFlow(workspace.teamId, flowId), getVersion(workspace.teamId, flowId, number)]);
  const saved = await saveFlowVersion(workspace.teamId, workspace.userId, flowId, {
    document: old.document,
    baseVersion: flow.latestVersion.number,
    message: `Restored version ${number}`,
  });
  return { version: saved.number };
}

/** Whether a member with `role` may create flows in that team, and so fork into it. */
function mayCreateFlows(role: string | null): role is Role {
  return role !== null && isRole(role) && can(role, "flow", "create");
}

/** Copies a version into a team the user may create flows in (their active team included). */
export async function forkVersion(workspace: Workspace, flowId: string, number: number, targetTeamId: string): Promise<{ flowId: string }> {
  requirePermission(workspace, "flow", "read", "read flows");
  const targetRole = await roleIn(workspace.userId, targetTeamId);
  if (!mayCreateFlows(targetRole)) throw new ForbiddenError(targetRole ?? "not a member", "create flows in that team");
  const fork = await forkFlow(workspace.teamId, flowId, number, targetTeamId, workspace.userId);
  return { flowId: fork.id };
}

/** Teams the user may fork into, the active team first. */
export async function forkTargets(workspace: Workspace): Promise<{ id: string; name: string }[]> {
  const teams = await listTeamsOf(workspace.userId);
  return teams
    .filter((team) => mayCreateFlows(team.role))
    .sort((a, b) => Number(b.id === workspace.teamId) - Number(a.id === workspace.teamId))
    .map(({ id, name }) => ({ id, name }));
}
