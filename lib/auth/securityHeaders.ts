// The Content-Security-Policy of every page: Next.js's own scripts carry a per-request nonce
// (proxy.ts makes it, Next.js puts it on its <script> tags), and nothing else runs; styles
// allow inline attributes because React Flow and CodeMirror position nodes and the editor
// with style="…". The other security headers (frame, sniffing, referrer) are static and set
// for every response in next.config.js.

export interface PolicyOptions {
  nonce: string;
  /** `next dev` evaluates code for fast refresh and needs 'unsafe-eval'. */
  development: boolean;
  /** The Host the browser asked for: the co-editing WebSocket connects back to it. */
  host?: string | null;
}

/** A Host header's value as a CSP source may carry it (name or address, optional port), else null. */
function socketHost(host: string | null | undefined): string | null {
  return host && /^([\w.-]+|\[[0-9a-fA-F:.]+\])(:\d{1,5})?$/.test(host) ? host : null;
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

export function contentSecurityPolicy({ nonce, development, host }: PolicyOptions): string {
  const socket = socketHost(host);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'strict-dynamic': a script the nonce allowed may load the app's chunks.
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "blob:", "data:"],
    "font-src": ["'self'", "data:"],
    // Live runs are Server-Sent Events from this server; co-editing is a WebSocket to it
    // (CSP 3 lets 'self' match ws: on the same host, older browsers need it spelled out).
    "connect-src": ["'self'", ...(socket ? [`ws://${socket}`, `wss://${socket}`] : [])],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
