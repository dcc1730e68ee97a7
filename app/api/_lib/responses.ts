/** JSON responses and the one place HTTP status codes are chosen for thrown errors. */
import type { z } from "zod";
import { AuthError } from "@/lib/auth/errors";
import { NotFoundError, ValidationError } from "@/lib/data/errors";
import { FlowCompileError } from "@/lib/runs";
import { UnauthorizedError } from "./caller";

export function json(data: unknown, status = 200): Response {
  return Response.json(data, { status, headers: { "cache-control": "no-store" } });
}

export function problem(status: number, message: string, details?: unknown): Response {
  return json({ error: message, ...(details === undefined ? {} : { details }) }, status);
}

export function invalidRequest(error: z.ZodError): Response {
  return problem(400, "Invalid request", error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
}

export function errorResponse(error: unknown): Response {
  if (error instanceof UnauthorizedError) return problem(401, error.message);
  if (error instanceof AuthError) return problem(403, error.message);
  if (error instanceof NotFoundError) return problem(404, error.message);
  if (error instanceof ValidationError || error instanceof FlowCompileError) return problem(422, error.message);
  console.error("Unexpected error in an API route", error);
  return problem(500, "Something went wrong on the server.");
}
