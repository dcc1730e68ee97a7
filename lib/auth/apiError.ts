// better-auth reports refusals (wrong password, taken email, missing permission) as
// APIError; their messages are written for people and safe to show.
import { isAPIError } from "better-auth/api";

/** The message of a better-auth refusal, or null for any other error. */
export function authApiMessage(error: unknown): string | null {
  if (!isAPIError(error)) return null;
  const body = error.body as { message?: unknown } | undefined;
  return typeof body?.message === "string" && body.message ? body.message : error.message || "The request was refused.";
}
