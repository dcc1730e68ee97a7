// The production server: Next.js behind a plain Node HTTP server that decides, from the
// TCP connection and SWARM_TRUSTED_PROXIES, which client address a request comes from
// (lib/auth/clientAddress.mjs), so rate limits cannot be dodged with a forged
// X-Forwarded-For. `npm start` and the e2e server run it; `next start` alone would trust
// whatever X-Forwarded-For a client sends.
//
// Usage: node scripts/server.mjs [--port 3000] [--hostname 0.0.0.0]
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { parseTrustedProxies, setTrustedForwardedFor } from "../lib/auth/clientAddress.mjs";

const { values } = parseArgs({ options: { port: { type: "string" }, hostname: { type: "string" } } });
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME;
const trustedProxies = parseTrustedProxies(process.env.SWARM_TRUSTED_PROXIES);

process.env.NODE_ENV = "production";
const app = next({ dev: false, hostname: hostname ?? "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((request, response) => {
  setTrustedForwardedFor(request, trustedProxies);
  handle(request, response).catch((error) => {
    console.error("Unhandled error while serving", request.url, error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});
// Live co-editing (lib/coedit/server.ts): created in this process by instrumentation.ts, found
// on globalThis because this plain JavaScript file cannot import the app's TypeScript.
const COEDIT_PATH = "/api/coedit";
const coeditKey = Symbol.for("swarm-studio.coedit");
server.on("upgrade", (request, socket, head) => {
  setTrustedForwardedFor(request, trustedProxies);
  const coedit = globalThis[coeditKey];
  const path = new URL(request.url ?? "/", "http://localhost").pathname;
  if (coedit && path === COEDIT_PATH) coedit.handleUpgrade(request, socket, head);
  else socket.destroy();
});

server.listen(port, hostname, () => {
  console.log(`Swarm Studio on http://${hostname ?? "localhost"}:${port}` + (trustedProxies.length ? ` (trusting proxies ${trustedProxies.join(", ")})` : ""));
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
