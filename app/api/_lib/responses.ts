/** JSON responses and the one place HTTP status codes are chosen for thrown errors. */
import type { z } from "zod";
import { asUnavailable } from "@/lib/db/unavailable";
import { isUserError, type UserErrorKind } from "@/lib/errors";

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

export function errorResponse(error: unknown): Response {
  if (isUserError(error)) return problem(STATUS_OF[error.kind], error.message);
  const unavailable = asUnavailable(error);
  if (unavailable) return problem(503, unavailable.message, undefined, { "retry-after": "5" });
  console.error("Unexpected error in an API route", error);
  return problem(500, "Something went wrong on the server.");
}
