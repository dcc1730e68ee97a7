// X-Forwarded-For counts only when the connection comes from a configured proxy, so a
// client cannot dodge the sign-in limit by forging it.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clientAddress, parseTrustedProxies, setTrustedForwardedFor } from "@/lib/auth/clientAddress.mjs";
import { getAuth } from "@/lib/auth";
import { CREDENTIAL_RATE_LIMIT } from "@/lib/auth/server";
import { testDatabases, useTestDatabase } from "../data/databases";
import { signUp } from "./session";

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");
process.env.SWARM_REQUIRE_ACCOUNTS = "1";

describe("the client address of a request", () => {
  it("is the TCP peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("198.51.100.7", "1.2.3.4", [])).toBe("198.51.100.7");
    expect(clientAddress("::ffff:198.51.100.7", undefined, [])).toBe("198.51.100.7");
    expect(clientAddress("198.51.100.7", "1.2.3.4", ["10.0.0.0/8"])).toBe("198.51.100.7");
  });

  it("walks X-Forwarded-For from the right past trusted proxies", () => {
    expect(clientAddress("10.0.0.5", "1.2.3.4", ["10.0.0.5"])).toBe("1.2.3.4");
    expect(clientAddress("10.0.0.5", "6.6.6.6, 1.2.3.4, 10.0.0.9", ["10.0.0.0/24"])).toBe("1.2.3.4");
    // A chain the proxy did not make sense of falls back to the proxy itself, never to a guess.
    expect(clientAddress("10.0.0.5", "not-an-address", ["10.0.0.5"])).toBe("10.0.0.5");
  });

  it("reads SWARM_TRUSTED_PROXIES and refuses entries that are not addresses or ranges", () => {
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies("10.0.0.5, 192.168.0.0/16 ::1")).toEqual(["10.0.0.5", "192.168.0.0/16", "::1"]);
    expect(() => parseTrustedProxies("10.0.0.5,proxy.internal")).toThrow(/proxy\.internal is not an IP address or CIDR range/);
  });
});

/** What scripts/server.mjs does before Next.js: resolve the address, then hand the request on (here to better-auth). */
function startServer(trustedProxies: string[]): Promise<Server> {
  const server = createServer(async (request: IncomingMessage, response) => {
    setTrustedForwardedFor(request, trustedProxies);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    const auth = await getAuth();
    const answer = await auth.handler(
      new Request(`http://localhost:3000${request.url}`, { method: request.method, headers, body: Buffer.concat(chunks) }),
    );
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(await answer.text());
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** The limiter's counters live in the process: each database's run starts in a window of its own. */
let windowsUsed = 0;

describe.each(testDatabases())("the sign-in limit behind scripts/server.mjs on $name", (database) => {
  useTestDatabase(database);
  let server: Server | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  async function wrongPasswordsWithForgedAddresses(trustedProxies: string[], firstOctet: number): Promise<number[]> {
    const user = await signUp("Target");
    windowsUsed += 1;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + windowsUsed * (CREDENTIAL_RATE_LIMIT.window + 1) * 1000 });
    server = await startServer(trustedProxies);
    const { port } = server.address() as AddressInfo;
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 12; attempt++) {
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": `${firstOctet}.0.0.${attempt}` },
        body: JSON.stringify({ email: user.email, password: `guess ${attempt}` }),
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  it("limits 12 wrong passwords sent with 12 forged addresses", async () => {
    const statuses = await wrongPasswordsWithForgedAddresses([], 11);
    expect(statuses.slice(0, CREDENTIAL_RATE_LIMIT.max)).toEqual(Array(CREDENTIAL_RATE_LIMIT.max).fill(401));
    expect(statuses.slice(CREDENTIAL_RATE_LIMIT.max)).toEqual(Array(12 - CREDENTIAL_RATE_LIMIT.max).fill(429));
  });

  it("counts each forwarded client on its own when the connection comes from a trusted proxy", async () => {
    const statuses = await wrongPasswordsWithForgedAddresses(["127.0.0.1"], 12);
    expect(statuses).toEqual(Array(12).fill(401));
  });
});
