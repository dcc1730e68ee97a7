/** JSON responses and the one place HTTP status codes are chosen for thrown errors. */
import type { z } from "zod";
import { isStorageUnavailable } from "@/lib/db/unavailable";
import { isSystemError, isUserError, type UserErrorKind } from "@/lib/errors";

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(data, { status, headers: { "cache-control": "no-store", ...headers } });
}

export function problem(status: number, message: string, details?: unknown, headers: Record<string, string> = {}): Response {
  return json({ error: message, ...(details === undefined ? {} : { details }) }, status, headers);
}

export function invalidRequest(error: z.ZodError): Response {
  return problem(400, "Invalid request", error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
}

const STATUS_OF: Record<UserErrorKind, number> = {
  invalid: 422,
  not_found: 404,
  conflict: 409,
  unauthenticated: 401,
  forbidden: 403,
  rate_limited: 429,
  too_large: 413,
};

const UNAVAILABLE_MESSAGE = "The database is unavailable right now. Nothing was changed; please try again in a moment.";

export function errorResponse(error: unknown): Response {
  if (isUserError(error)) return problem(STATUS_OF[error.kind], error.message);
  if ((isSystemError(error) && error.kind === "unavailable") || isStorageUnavailable(error)) {
    return problem(503, isSystemError(error) ? error.message : UNAVAILABLE_MESSAGE, undefined, { "retry-after": "5" });
  }
  console.error("Unexpected error in an API route", error);
  return problem(500, "Something went wrong on the server.");
}
