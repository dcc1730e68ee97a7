// Sign-in and sign-up from Server Actions. `auth.api.*` calls skip better-auth's router,
// and with it the rate limiter; these go through `auth.handler` with the browser's own
// headers instead, so the forms and /api/auth/* share one limit per client address (same
// storage, same rules, same address resolution) and the same origin checks.
import { parseSetCookieHeader, toCookieOptions } from "better-auth/cookies";
import { AuthRefusedError, TooManyAttemptsError } from "./refusals";
import { getAuth } from "./server";

export type CredentialEndpoint = "/sign-in/email" | "/sign-up/email";

/** Where the cookies of a successful call go (Next's `cookies()` in a Server Action). */
export interface CookieJar {
  set(name: string, value: string, options: ReturnType<typeof toCookieOptions>): unknown;
}

/** The origin the browser called, which better-auth checks the request's Origin against. */
function originOf(requestHeaders: Headers): string {
  const configured = process.env.BETTER_AUTH_URL;
  if (configured) return new URL(configured).origin;
  const host = requestHeaders.get("x-forwarded-host") ?? requestHeaders.get("host") ?? "localhost";
  const protocol = requestHeaders.get("x-forwarded-proto") === "https" ? "https" : "http";
  return `${protocol}://${host}`;
}

/**
 * POSTs `body` to a better-auth credential endpoint as the browser would have, then copies
 * the session cookies it sets into `cookies`. Throws TooManyAttemptsError when the limit
 * is reached, AuthRefusedError with better-auth's message for any other refusal.
 */
export async function postCredentials(endpoint: CredentialEndpoint, body: object, requestHeaders: Headers, cookies: CookieJar): Promise<void> {
  const auth = await getAuth();
  const headers = new Headers(requestHeaders);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const request = new Request(`${originOf(requestHeaders)}/api/auth${endpoint}`, { method: "POST", headers, body: JSON.stringify(body) });
  const response = await auth.handler(request);
  if (response.status === 429) {
    throw new TooManyAttemptsError(Number(response.headers.get("x-retry-after")) || 60);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
    const message = typeof payload?.message === "string" && payload.message ? payload.message : "The request was refused.";
    throw new AuthRefusedError(response.status, message, typeof payload?.code === "string" ? payload.code : undefined);
  }
  const setCookie = response.headers.get("set-cookie");
  if (!setCookie) return;
  for (const [name, attributes] of parseSetCookieHeader(setCookie)) cookies.set(name, attributes.value, toCookieOptions(attributes));
}
