// Errors of the data layer. No HTTP codes here: app/ maps them to responses.

export abstract class DataError extends Error {}

/** The thing does not exist, is deleted, or belongs to another team (indistinguishable on purpose). */
export class NotFoundError extends DataError {
  override readonly name: string = "NotFoundError";
  constructor(
    readonly entity: string,
    readonly id: string,
  ) {
    super(`${entity} ${id} not found`);
  }
}

/** A save was based on a version that is no longer the newest. */
export class VersionConflictError extends DataError {
  override readonly name: string = "VersionConflictError";
  constructor(
    readonly flowId: string,
    readonly baseVersion: number,
    readonly latestVersion: number,
  ) {
    super(`Flow ${flowId} is at version ${latestVersion}; this save was based on version ${baseVersion}`);
  }
}

export interface ValidationIssue {
  path: string;
  message: string;
}

/** Input rejected before touching the database. */
export class ValidationError extends DataError {
  override readonly name: string = "ValidationError";
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join("; "));
  }
}

export function isDataError(error: unknown): error is DataError {
  return error instanceof DataError;
}
