/**
 * The flows service: who may do what to a team's flows, and what a stored flow must be
 * (a valid swarm document within the limits). Server Actions and routes call these with
 * the caller's workspace; permission is checked before any other work, so an
 * unauthorized request costs nothing (a large invalid document is never parsed for it).
 */
import { requirePermission, type Workspace } from "@/lib/auth";
import { ForbiddenError } from "@/lib/auth/errors";
import { draftFollowsVersion } from "@/lib/coedit/follow";
import { runningCoeditServer } from "@/lib/coedit/registry";
import { can, isRole, type Role } from "@/lib/auth/permissions";
import { createFlow, deleteFlow, getFlow, getVersion, renameFlow, saveFlowVersion } from "@/lib/data";
import { forkFlow } from "@/lib/data/forks";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "@/lib/data/limits";
import { listTeamsOf, roleIn } from "@/lib/data/teams";
import { ValidationError } from "@/lib/data/errors";
import { getFlowTemplate } from "@/lib/demo/flows";
import { type DocumentFields, requireValidDocument, withDocumentFields } from "./document";
import { teamToolContext } from "./teamTools";

/**
 * One name: a flow's name and description are its document's `name` and `description`.
 * The flow row keeps a copy for lists, written with every version (create, save, rename,
 * restore, fork, import); a document without a name keeps the flow's (and is given it
 * whenever the service writes the document itself).
 */
function columns(fields: DocumentFields): { name?: string; description?: string } {
  return {
    ...(fields.name ? { name: fields.name.slice(0, MAX_NAME_LENGTH) } : {}),
    ...(fields.description !== undefined ? { description: fields.description.slice(0, MAX_DESCRIPTION_LENGTH) } : {}),
  };
}

/** Creates a flow from one of the "New flow" templates. */
export async function createFromTemplate(workspace: Workspace, input: { name?: string; templateId: string }): Promise<{ id: string }> {
  requirePermission(workspace, "flow", "create", "create flows");
  const template = getFlowTemplate(input.templateId);
  if (!template) throw new ValidationError([{ path: "templateId", message: `Unknown template "${input.templateId}"` }]);
  const name = input.name?.trim() || template.name;
  const flow = await createFlow(workspace.teamId, workspace.userId, {
    name,
    description: template.description,
    document: withDocumentFields(template.document, { name, description: template.description }),
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
  const fields = requireValidDocument(input.document, input.what, await teamToolContext(workspace.teamId));
  const name = (fields.name || input.fallbackName.trim() || "Untitled flow").slice(0, MAX_NAME_LENGTH);
  const flow = await createFlow(workspace.teamId, workspace.userId, {
    name,
    ...columns(fields),
    // A document without a name is given the flow's, so the two never differ.
    document: fields.name ? input.document : withDocumentFields(input.document, { name }),
  });
  return { id: flow.id };
}

/**
 * Renames a flow: a new version whose document says the new name (nothing is rewritten;
 * `previousVersion` tells an open editor whether its draft can follow).
 */
export async function rename(workspace: Workspace, flowId: string, name: string): Promise<{ name: string; version: number; previousVersion: number }> {
  requirePermission(workspace, "flow", "update", "rename flows");
  const flow = await getFlow(workspace.teamId, flowId);
  const latest = flow.latestVersion;
  const document = withDocumentFields(latest.document, { name });
  if (document === latest.document) {
    // The document already says so (an older flow whose list name drifted): only the copy changes.
    const renamed = await renameFlow(workspace.teamId, flowId, name);
    return { name: renamed.name, version: latest.number, previousVersion: latest.number };
  }
  const saved = await saveFlowVersion(workspace.teamId, workspace.userId, flowId, {
    document,
    baseVersion: latest.number,
    message: `Renamed to "${name}"`.slice(0, 500),
    name,
  });
  await followedByDraft(workspace, flowId, saved);
  return { name, version: saved.number, previousVersion: latest.number };
}

/**
 * The flow's live shared draft moves onto a version just written past it. The version is
 * saved whatever happens here: a failure leaves the draft on the older version (its next
 * save shows the conflict choices), so it is logged, not thrown.
 */
async function followedByDraft(workspace: Workspace, flowId: string, saved: { number: number; document: string }): Promise<void> {
  try {
    await draftFollowsVersion(workspace.teamId, flowId, saved);
  } catch (error) {
    console.error(`co-editing: the shared draft of flow ${flowId} did not follow version ${saved.number}`, error);
  }
}

export async function remove(workspace: Workspace, flowId: string): Promise<void> {
  requirePermission(workspace, "flow", "delete", "delete flows");
  await deleteFlow(workspace.teamId, flowId);
}

/**
 * Saves `document` as the next version of the flow, if it is valid and `baseVersion` is
 * still the newest. `fromSharedDraft`: the document is the flow's live shared draft, and the
 * version credits everyone who edited it since the last version.
 */
export async function save(
  workspace: Workspace,
  flowId: string,
  input: { document: string; baseVersion: number; message?: string; fromSharedDraft?: boolean },
): Promise<{ version: number }> {
  requirePermission(workspace, "flow", "update", "save flows");
  const fields = requireValidDocument(input.document, undefined, await teamToolContext(workspace.teamId));
  const version = await saveFlowVersion(workspace.teamId, workspace.userId, flowId, {
    document: input.document,
    baseVersion: input.baseVersion,
    message: input.message || undefined,
    fromSharedDraft: input.fromSharedDraft ?? false,
    ...columns(fields),
  });
  // Saved from the shared draft, the draft is the version (its editors mark it saved);
  // saved without the socket, the draft follows the version.
  if (input.fromSharedDraft) runningCoeditServer()?.draftSaved(flowId);
  else await followedByDraft(workspace, flowId, { number: version.number, document: input.document });
  return { version: version.number };
}

/** Saves an old version's document as the newest version (nothing is overwritten). */
export async function restoreVersion(workspace: Workspace, flowId: string, number: number): Promise<{ version: number }> {
  requirePermission(workspace, "flow", "update", "restore versions");
  const [flow, old, team] = await Promise.all([getFlow(workspace.teamId, flowId), getVersion(workspace.teamId, flowId, number), teamToolContext(workspace.teamId)]);
  const saved = await saveFlowVersion(workspace.teamId, workspace.userId, flowId, {
    document: old.document,
    baseVersion: flow.latestVersion.number,
    message: `Restored version ${number}`,
    ...columns(requireValidDocument(old.document, `Version ${number}`, team)),
  });
  await followedByDraft(workspace, flowId, { number: saved.number, document: old.document });
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
  // The fork must work in the team it lands in: its MCP bindings name that team's servers.
  const targetTools = await teamToolContext(targetTeamId);
  // The fork's document says its own name, the one the list shows.
  const fork = await forkFlow(workspace.teamId, flowId, number, targetTeamId, workspace.userId, (document, flowName) => {
    const fields = requireValidDocument(document, "The forked version", targetTools);
    const name = `${fields.name || flowName} (fork)`.slice(0, MAX_NAME_LENGTH);
    return { name, ...columns({ description: fields.description }), document: withDocumentFields(document, { name }) };
  });
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
