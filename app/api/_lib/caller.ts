/**
 * Who is calling the HTTP API: a team API token (`Authorization: Bearer sst_…`), or, for
 * routes the browser uses, the session's workspace.
 */
import { resolveWorkspace } from "@/lib/auth";
import { authenticateApiToken } from "@/lib/data/apiTokens";
import { UserError } from "@/lib/errors";
import { actorOf, type RunActor } from "@/lib/runs/commands";

/** A team API token may run its team's flows; a session may what its role allows. */
export type Caller = RunActor;

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
    return { teamId: token.teamId, userId: null, apiTokenId: token.tokenId, role: "API token", mayRun: true };
  }
  if (options.allowSession) {
    const workspace = await resolveWorkspace(request.headers);
    if (workspace) return actorOf(workspace);
  }
  throw new UnauthorizedError();
}
