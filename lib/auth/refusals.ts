// Refusals of sign-in and sign-up as the forms report them. Messages are safe to show.
import { UserError, type UserErrorKind } from "@/lib/errors";

/** The client made too many attempts; `retryAfterSeconds` until the next one may pass. */
export class TooManyAttemptsError extends UserError {
  override readonly name = "TooManyAttemptsError";
  readonly kind = "rate_limited" as const;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts from your address. Wait ${retryAfterSeconds} seconds, then try again.`);
  }
}

/** better-auth refused the request (wrong password, taken email, invalid name…). */
export class AuthRefusedError extends UserError {
  override readonly name = "AuthRefusedError";
  readonly kind: UserErrorKind;
  constructor(
    readonly status: number,
    message: string,
    /** better-auth's error code, e.g. USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL. */
    readonly code?: string,
  ) {
    super(message);
    this.kind = status === 401 ? "unauthenticated" : status === 403 ? "forbidden" : status === 409 ? "conflict" : "invalid";
  }
}
