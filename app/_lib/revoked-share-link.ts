// A revoked share link answers 410 Gone (not a 200 page saying so): crawlers and link
// checkers learn it is gone for good. Pages cannot choose their status, so proxy.ts
// answers these requests itself with this small page.
import { isShareLinkRevoked } from "@/lib/data/shareLinks";

const SHARE_PATH = /^\/share\/([^/]+)(?:\/runs\/[^/]+)?\/?$/;

/** The share token of a share page's path, or null for any other path. */
export function shareTokenOf(pathname: string): string | null {
  const match = SHARE_PATH.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

const GONE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>Link revoked · Swarm Studio</title>
<style>body{font-family:system-ui,sans-serif;color:#1d2030;background:#f7f8fa;display:grid;place-items:center;min-height:100vh;margin:0}main{max-width:28rem;text-align:center}</style></head>
<body><main><h1>Link revoked</h1><p>The team that shared this flow has revoked the link. Ask them for a new one.</p></main></body></html>`;

/** The 410 response for a revoked share link's page, or null to let the page render. */
export async function revokedShareLinkResponse(pathname: string): Promise<Response | null> {
  const token = shareTokenOf(pathname);
  if (!token || !(await isShareLinkRevoked(token).catch(() => false))) return null;
  return new Response(GONE_PAGE, { status: 410, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
