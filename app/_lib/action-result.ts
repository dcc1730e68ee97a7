/**
 * What every Server Action returns: data, or an error a person can act on.
 * Thrown errors would reach the browser as a generic crash; these never do.
 */
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { VersionConflictError } from "@/lib/data/errors";
import { asUnavailable } from "@/lib/db/unavailable";
import { isUserError } from "@/lib/errors";
import { InvalidDocumentError, type DocumentIssue } from "@/lib/flows/document";

export type ActionError = {
  ok: false;
  error: string;
  /** Problems in a submitted swarm document, with positions where known. */
  issues?: DocumentIssue[];
  /** Set when someone saved a newer version since the one being edited. */
  conflict?: { latestVersion: number };
  /** Set when the user's role (or a missing session) does not allow the action. */
  denied?: true;
  /** Set when the database is unavailable: the same request may work in a moment. */
  retry?: true;
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

/** Turns a thrown error into a result by its kind; anything unexpected is logged and hidden. */
export function fromError(error: unknown): ActionError {
  // Redirects (e.g. to sign-in when the session ended) must reach Next.js, not the user.
  unstable_rethrow(error);
  if (isUserError(error)) {
    switch (error.kind) {
      case "unauthenticated":
      case "forbidden":
        return fail(error.message, { denied: true });
      case "conflict":
        return fail(error.message, error instanceof VersionConflictError ? { conflict: { latestVersion: error.latestVersion } } : {});
      case "invalid":
        return fail(error.message, error instanceof InvalidDocumentError ? { issues: error.issues } : {});
      default:
        return fail(error.message);
    }
  }
  const unavailable = asUnavailable(error);
  if (unavailable) return fail(unavailable.message, { retry: true });
  console.error("Unexpected error in a server action", error);
  return fail("Something went wrong on the server. Your changes were not saved; please try again.");
}
