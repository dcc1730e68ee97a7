/**
 * The project's one error taxonomy. Every error the project throws extends one of two bases:
 *
 * - `UserError`: the request or the document cannot be served as asked. Its message is
 *   written for a person and is safe to show; its `kind` tells the web layer how to answer
 *   (the HTTP status and the Server Action result are chosen from `kind` alone).
 * - `SystemError`: something on our side failed (a provider, storage, a bug). Its message
 *   may name internals: the web layer logs it and shows a generic message, unless the
 *   error is `unavailable`, which says what is down and that it is temporary.
 *
 * Every subclass spells out its `name`: class names do not survive a minified bundle, and
 * run records store `{ name, message }`.
 *
 * This file imports nothing, so every layer (engine, dsl, providers, data, app) may use it.
 */

export type UserErrorKind =
  /** Does not exist, was deleted, or belongs to another team (indistinguishable on purpose). */
  | "not_found"
  /** Someone else changed the thing since the caller read it. */
  | "conflict"
  /** The input or document is wrong; the message says how. */
  | "invalid"
  /** No credentials, or credentials that are unknown or expired. */
  | "unauthenticated"
  /** Known caller, but their role does not allow this. */
  | "forbidden"
  /** Too many attempts in a short time. */
  | "rate_limited"
  /** The request body is too large. */
  | "too_large";

export abstract class UserError extends Error {
  abstract override readonly name: string;
  abstract readonly kind: UserErrorKind;
}

export type SystemErrorKind =
  /** A dependency (the database, a provider) is down or locked; trying later may work. */
  | "unavailable"
  /** Anything else: a bug or an unexpected failure. */
  | "internal";

export abstract class SystemError extends Error {
  abstract override readonly name: string;
  readonly kind: SystemErrorKind = "internal";
}

export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}

export function isSystemError(error: unknown): error is SystemError {
  return error instanceof SystemError;
}
