// Errors of the data layer. No HTTP codes here: app/ maps them by `kind`.
import { UserError } from "@/lib/errors";

/** The thing does not exist, is deleted, or belongs to another team (indistinguishable on purpose). */
export class NotFoundError extends UserError {
  override readonly name = "NotFoundError";
  readonly kind = "not_found";
  constructor(
    readonly entity: string,
    readonly id: string,
  ) {
    super(`${entity} not found: it does not exist, or it was deleted.`);
  }
}

/** A save was based on a version that is no longer the newest. */
export class VersionConflictError extends UserError {
  override readonly name = "VersionConflictError";
  readonly kind = "conflict";
  constructor(
    readonly flowId: string,
    readonly baseVersion: number,
    readonly latestVersion: number,
  ) {
    super(
      `Someone saved version ${latestVersion} while you were editing version ${baseVersion}. Nothing was overwritten.`,
    );
  }
}

export interface ValidationIssue {
  path: string;
  message: string;
}

/** Input rejected before touching the database. */
export class ValidationError extends UserError {
  override readonly name = "ValidationError";
  readonly kind = "invalid";
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join("; "));
  }
}
