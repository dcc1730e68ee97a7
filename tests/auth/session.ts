// Signed-in users for tests: real better-auth sign-ups and the session cookie they get.
import { getAuth } from "@/lib/auth";

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  /** Request headers carrying the user's session cookie. */
  headers: Headers;
}

/** Turns Set-Cookie headers into the Cookie header a browser would send back. */
export function cookieHeader(response: Headers): Headers {
  const pairs = response.getSetCookie().map((cookie) => cookie.split(";")[0]);
  return new Headers({ cookie: pairs.join("; ") });
}

export async function signIn(email: string, password: string): Promise<Headers> {
  const auth = await getAuth();
  const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  return cookieHeader(headers);
}

/** Signs up a new account (accounts must be on); it gets its personal team. */
export async function signUp(name: string): Promise<TestUser> {
  return signUpNamed(name, `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.test`);
}

/** Signs up with any display name (and an email of its own unless given). */
export async function signUpNamed(name: string, email = `user-${crypto.randomUUID().slice(0, 8)}@example.test`): Promise<TestUser> {
  const auth = await getAuth();
  const password = `pw-${crypto.randomUUID()}`;
  const { headers, response } = await auth.api.signUpEmail({ body: { name, email, password }, returnHeaders: true });
  return { userId: response.user.id, email, password, headers: cookieHeader(headers) };
}
