// Who may open a flow's shared draft, decided once when the socket authenticates: the
// session cookie (or single-user mode) gives the team role; a share link's token gives
// read-only access to its one flow. Viewers and share links are read-only: the server
// refuses their updates (Hocuspocus's connection `readOnly`), whatever their browser sends.
import { resolveWorkspace } from "@/lib/auth";
import { NotSignedInError } from "@/lib/auth/errors";
import { can } from "@/lib/auth/permissions";
import { getFlow } from "@/lib/data";
import { NotFoundError } from "@/lib/data/errors";
import { shareLinkTarget } from "@/lib/data/shareLinks";
import { getUserName } from "@/lib/data/teams";
import { flowIdOf } from "./names";

export interface CoeditAccess {
  teamId: string;
  flowId: string;
  user: { id: string; name: string };
  readOnly: boolean;
}

/** Headers of the WebSocket upgrade request, as Node gives them. */
export type UpgradeHeaders = Record<string, string | string[] | undefined>;

function toHeaders(raw: UpgradeHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/**
 * The access of a connection to `documentName`. `token` is a share link's token, or
 * anything else for "use my session". Throws NotSignedInError or NotFoundError (another
 * team's flow, like a missing one, is not found).
 */
export async function authorizeCoedit(input: { documentName: string; token: string; headers: UpgradeHeaders; socketId: string }): Promise<CoeditAccess> {
  const flowId = flowIdOf(input.documentName);
  if (!flowId) throw new NotFoundError("Flow", input.documentName.slice(0, 100));
  if (input.token.startsWith("shr_")) {
    const target = await shareLinkTarget(input.token);
    if (!target || target.flowId !== flowId) throw new NotFoundError("Flow", flowId);
    return { teamId: target.teamId, flowId, user: { id: `share:${input.socketId}`, name: "Guest (share link)" }, readOnly: true };
  }
  const workspace = await resolveWorkspace(toHeaders(input.headers));
  if (!workspace) throw new NotSignedInError();
  await getFlow(workspace.teamId, flowId);
  const name = await getUserName(workspace.userId);
  return { teamId: workspace.teamId, flowId, user: { id: workspace.userId, name }, readOnly: !can(workspace.role, "flow", "update") };
}
