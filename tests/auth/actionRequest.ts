// Server Actions under test: what `next/headers` returns for "the current request" (set per
// call with `asRequest`) and the cookies the action set. Test files mock next/headers and
// next/navigation with `nextHeadersMock` and `nextNavigationMock` (vi.mock is hoisted, so
// each file writes the two vi.mock lines itself).
import { cookieHeader } from "./session";

export interface ActionRequest {
  headers: Headers;
  /** Cookies the action set, name → value. */
  cookies: Map<string, string>;
}

const current: ActionRequest = { headers: new Headers(), cookies: new Map() };

/** The next action call runs as a browser request from `address` (X-Forwarded-For as scripts/server.mjs sets it). */
export function asRequest(address: string, extra: Record<string, string> = {}): ActionRequest {
  current.headers = new Headers({ host: "localhost:3000", origin: "http://localhost:3000", "x-forwarded-for": address, ...extra });
  current.cookies = new Map();
  return current;
}

/** The Cookie header a browser would send after the action (its session, if it got one). */
export function sessionHeaders(request: ActionRequest): Headers {
  const response = new Headers();
  for (const [name, value] of request.cookies) response.append("set-cookie", `${name}=${value}`);
  return cookieHeader(response);
}

export const nextHeadersMock = () => ({
  headers: async () => current.headers,
  cookies: async () => ({
    set: (name: string, value: string) => current.cookies.set(name, value),
    get: (name: string) => (current.cookies.has(name) ? { name, value: current.cookies.get(name) } : undefined),
  }),
});

/** What `redirect()` throws here: the action succeeded and sent the browser to `path`. */
export class Redirected extends Error {
  constructor(readonly path: string) {
    super(`redirected to ${path}`);
  }
}

export async function nextNavigationMock(original: () => Promise<object>) {
  return {
    ...(await original()),
    redirect: (path: string) => {
      throw new Redirected(path);
    },
  };
}
