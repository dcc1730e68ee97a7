import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { createSecureContext } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolError } from "@/lib/engine";
import { fetchText, type Resolver } from "@/lib/tools";

// A self-signed certificate for "pinned.test", made for this test only (tests/tools/fixtures).
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const credentials = { key: fixture("pinned.test.key"), cert: fixture("pinned.test.crt") };

const serverNames: string[] = [];
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer(
    {
      ...credentials,
      SNICallback: (name, done) => {
        serverNames.push(name);
        done(null, createSecureContext(credentials));
      },
    },
    (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("secret"),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe("http_fetch over TLS to a pinned address", () => {
  it("presents the hostname in SNI and still verifies the certificate", async () => {
    const resolve: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const error = await fetchText(`https://pinned.test:${port}/`, { allowedCidrs: ["127.0.0.1/32"] }, undefined, resolve).catch(
      (e: unknown) => e,
    );
    expect(serverNames).toEqual(["pinned.test"]);
    // Untrusted (self-signed): verification is on, so no body comes back.
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).message).toMatch(/self[- ]signed certificate/);
  });
});
