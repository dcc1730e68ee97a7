/**
 * What every Server Action returns: data, or an error a person can act on.
 * Thrown errors would reach the browser as a generic crash; these never do.
 */
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { AuthError } from "@/lib/auth/errors";
import { DataError, NotFoundError, ValidationError, VersionConflictError } from "@/lib/data/errors";
import type { DocumentIssue } from "@/lib/flows/document";

export type ActionError = {
  ok: false;
  error: string;
  /** Problems in a submitted swarm document, with positions where known. */
  issues?: DocumentIssue[];
  /** Set when someone saved a newer version since the one being edited. */
  conflict?: { latestVersion: number };
  /** Set when the user's role (or a missing session) does not allow the action. */
  denied?: true;
};

export type ActionResult<T> = { ok: true; data: T } | ActionError;

export function ok<T>(data: T): ActionResult<T> {
  return { ok: true, data };
}

export function fail(error: string, extra: Omit<ActionError, "ok" | "error"> = {}): ActionError {
  return { ok: false, error, ...extra };
}

export function invalidInput(error: z.ZodError): ActionError {
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join(".")}: ` : "";
  return fail(`Invalid input — ${where}${first?.message ?? "unknown problem"}`);
}

/** Turns a data-layer error into a result; anything unexpected is logged and hidden. */
export function fromError(error: unknown): ActionError {
  // Redirects (e.g. to sign-in when the session ended) must reach Next.js, not the user.
  unstable_rethrow(error);
  if (error instanceof AuthError) return fail(error.message, { denied: true });
  if (error instanceof VersionConflictError) {
    return fail(
      `Someone saved version ${error.latestVersion} while you were editing version ${error.baseVersion}. Nothing was overwritten.`,
      { conflict: { latestVersion: error.latestVersion } },
    );
  }
  if (error instanceof NotFoundError) {
    return fail(`${error.entity} not found: it does not exist, or it was deleted.`);
  }
  if (error instanceof ValidationError || error instanceof DataError) return fail(error.message);
  console.error("Unexpected error in a server action", error);
  return fail("Something went wrong on the server. Your changes were not saved; please try again.");
}
