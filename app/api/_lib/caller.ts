/**
 * Who is calling the HTTP API: a team API token (`Authorization: Bearer sst_…`), or, for
 * routes the browser uses, the session's workspace.
 */
import { resolveWorkspace } from "@/lib/auth";
import { authenticateApiToken } from "@/lib/data/apiTokens";
import { can } from "@/lib/auth/permissions";
import { UserError } from "@/lib/errors";

export type Caller = { teamId: string; userId: string | null; apiTokenId?: string; canRun: boolean };

export class UnauthorizedError extends UserError {
  override readonly name = "UnauthorizedError";
  readonly kind = "unauthenticated";
  constructor(message = "Send a team API token as `Authorization: Bearer <token>`.") {
    super(message);
  }
}

export async function resolveCaller(request: Request, options: { allowSession: boolean }): Promise<Caller> {
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const token = await authenticateApiToken(authorization);
    if (!token) throw new UnauthorizedError("The API token is unknown or revoked.");
    return { teamId: token.teamId, userId: null, apiTokenId: token.tokenId, canRun: true };
  }
  if (options.allowSession) {
    const workspace = await resolveWorkspace(request.headers);
    if (workspace) return { teamId: workspace.teamId, userId: workspace.userId, canRun: can(workspace.role, "flow", "run") };
  }
  throw new UnauthorizedError();
}
