// Errors of access control. No HTTP codes here: app/ maps them to responses.

export abstract class AuthError extends Error {}

/** Accounts are on and the request has no session. */
export class NotSignedInError extends AuthError {
  override readonly name: string = "NotSignedInError";
  constructor() {
    super("Sign in to continue.");
  }
}

/** Signed in, but the role in the active team does not allow this. */
export class ForbiddenError extends AuthError {
  override readonly name: string = "ForbiddenError";
  constructor(
    readonly role: string,
    readonly what: string,
  ) {
    super(`Your role in this team (${role}) does not allow you to ${what}.`);
  }
}

/** Accounts are already on, or off when an account action needs them. */
export class AccountsModeError extends AuthError {
  override readonly name: string = "AccountsModeError";
}
