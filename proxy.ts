// Next.js Proxy (the former middleware): a fresh CSP nonce for every request. The policy goes
// on the request too, where Next.js reads the nonce for its own scripts, and on the response.
// A nonce makes every page render per request, which they all do anyway (they read the
// session). See lib/auth/securityHeaders.ts.
import { type NextRequest, NextResponse } from "next/server";
import { revokedShareLinkResponse } from "@/app/_lib/revoked-share-link";
import { contentSecurityPolicy, newNonce } from "@/lib/auth/securityHeaders";

export async function proxy(request: NextRequest): Promise<Response> {
  const gone = await revokedShareLinkResponse(request.nextUrl.pathname);
  if (gone) return gone;
  const nonce = newNonce();
  const policy = contentSecurityPolicy({ nonce, development: process.env.NODE_ENV === "development", host: request.headers.get("host") ?? request.nextUrl.host });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  // Not for built assets, which are no documents and need no nonce.
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
