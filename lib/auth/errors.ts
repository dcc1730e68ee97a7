// Errors of access control. No HTTP codes here: app/ maps them by `kind`.
import { UserError } from "@/lib/errors";

/** Accounts are on and the request has no session. */
export class NotSignedInError extends UserError {
  override readonly name = "NotSignedInError";
  readonly kind = "unauthenticated";
  constructor() {
    super("Sign in to continue.");
  }
}

/** Signed in, but the role in the active team does not allow this. */
export class ForbiddenError extends UserError {
  override readonly name = "ForbiddenError";
  readonly kind = "forbidden";
  constructor(
    readonly role: string,
    readonly what: string,
  ) {
    super(`Your role in this team (${role}) does not allow you to ${what}.`);
  }
}

/** Accounts are already on, or off when an account action needs them. */
export class AccountsModeError extends UserError {
  override readonly name = "AccountsModeError";
  readonly kind = "conflict";
}

/** An error about who is asking or what they may do. */
export type AuthError = NotSignedInError | ForbiddenError | AccountsModeError;
