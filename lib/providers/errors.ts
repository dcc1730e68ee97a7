import { ModelError, type ModelErrorKind } from "@/lib/engine/model";
import { UserError } from "@/lib/errors";

/**
 * A model string names a provider that does not exist. A user error: the flow (or the
 * run's model override) is wrong, and the message says how.
 */
export class UnknownProviderError extends UserError {
  override readonly name = "UnknownProviderError";
  readonly kind = "invalid";
  constructor(model: string, provider: string) {
    super(`Unknown model provider "${provider}" in "${model}": use openai:, anthropic: or mock:`);
  }
}

/** A model string a provider cannot read (e.g. `mock:` options it does not know). */
export class InvalidModelError extends UserError {
  override readonly name = "InvalidModelError";
  readonly kind = "invalid";
}

/** What both SDKs' `APIError`s tell us, normalised. */
export type HttpFailure = {
  status: number;
  message: string;
  headers?: Headers;
  /** Provider-specific test for "the prompt does not fit the context window". */
  contextLengthExceeded: boolean;
  cause: unknown;
};

function kindForStatus(status: number, contextLengthExceeded: boolean): ModelErrorKind {
  if (contextLengthExceeded) return "context_length";
  if (status === 429) return "rate_limit";
  if (status === 408) return "timeout";
  if (status === 401 || status === 403) return "auth";
  // 529 is Anthropic's "overloaded".
  if (status >= 500) return "server";
  if (status >= 400) return "bad_request";
  return "unknown";
}

/**
 * Milliseconds to wait from `retry-after-ms` (OpenAI) or `retry-after` (seconds or an
 * HTTP date); undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function httpFailureToModelError(failure: HttpFailure): ModelError {
  const reason = kindForStatus(failure.status, failure.contextLengthExceeded);
  return new ModelError(failure.message, {
    reason,
    status: failure.status,
    retryAfterMs: reason === "rate_limit" ? parseRetryAfter(failure.headers) : undefined,
    cause: failure.cause,
  });
}

/** The error an aborted request rejects with: the signal's own reason, as fetch does. */
export function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException("The operation was aborted.", "AbortError");
}
