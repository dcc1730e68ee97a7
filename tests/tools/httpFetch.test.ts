import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolError } from "@/lib/engine";
import { createHttpFetchTool, fetchText, httpFetchOptionsFromEnv, type Resolver } from "@/lib/tools";
import { toolContext } from "./context";

type Seen = { path: string; headers: IncomingHttpHeaders };
const seen: Seen[] = [];
let server: Server;
let base: string;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? "", headers: req.headers });
    const url = new URL(req.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/text":
        res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("hello from the fake web");
        return;
      case "/json":
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":"nope"}');
        return;
      case "/latin1":
        res.writeHead(200, { "content-type": "text/plain; charset=iso-8859-1" }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
        return;
      case "/big":
        res.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(100_000));
        return;
      case "/image":
        res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
        return;
      case "/untyped-binary":
        res.writeHead(200).end(Buffer.from([1, 0, 2, 0]));
        return;
      case "/gzip":
        res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" }).end(Buffer.from([0x1f, 0x8b]));
        return;
      case "/slow":
        return; // never answers
      case "/redirect":
        res.writeHead(302, { location: url.searchParams.get("to") ?? "/text" }).end();
        return;
      case "/loop":
        res.writeHead(301, { location: "/loop" }).end();
        return;
      default:
        res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const local = { allowedCidrs: ["127.0.0.1/32"] };

async function toolFailure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolError);
  return (error as ToolError).message;
}

describe("http_fetch, reaching allowed servers", () => {
  it("returns status, content type and text", async () => {
    expect(await fetchText(`${base}/text`, local)).toEqual({
      url: `${base}/text`,
      status: 200,
      contentType: "text/plain; charset=utf-8",
      body: "hello from the fake web",
      truncated: false,
    });
  });

  it("passes error statuses through for the model to read", async () => {
    expect(await fetchText(`${base}/json`, local)).toMatchObject({ status: 404, body: '{"error":"nope"}' });
  });

  it("decodes the declared charset", async () => {
    expect((await fetchText(`${base}/latin1`, local)).body).toBe("café");
  });

  it("truncates at the size limit", async () => {
    const result = await fetchText(`${base}/big`, { ...local, maxBytes: 1000 });
    expect(result.truncated).toBe(true);
    expect(result.body).toHaveLength(1000);
  });

  it("follows redirects", async () => {
    const result = await fetchText(`${base}/redirect?to=/text`, local);
    expect(result).toMatchObject({ url: `${base}/text`, body: "hello from the fake web" });
  });

  it("connects to the checked address but keeps the hostname in Host (no second DNS lookup)", async () => {
    let lookups = 0;
    const resolve: Resolver = async () => {
      lookups++;
      return [{ address: "127.0.0.1", family: 4 }];
    };
    seen.length = 0;
    const result = await fetchText(`http://rebind.test:${port}/text`, local, undefined, resolve);
    expect(result.body).toBe("hello from the fake web");
    expect(seen[0]?.headers.host).toBe(`rebind.test:${port}`);
    expect(lookups).toBe(1);
  });

  it("works as the catalog tool, GET only with no credentials sent", async () => {
    seen.length = 0;
    const httpFetch = createHttpFetchTool(local);
    expect(await httpFetch.execute({ url: `${base}/text` }, toolContext())).toMatchObject({ status: 200 });
    expect(seen[0]?.headers).not.toHaveProperty("authorization");
    expect(seen[0]?.headers["accept-encoding"]).toBe("identity");
  });
});

describe("http_fetch, refusing", () => {
  it.each([
    ["file:///etc/passwd", /only http and https/],
    ["ftp://example.com/", /only http and https/],
    ["javascript:alert(1)", /only http and https/],
    ["not a url", /not a valid URL/],
    ["http://user:pass@example.com/", /credentials/],
  ])("%s", async (url, message) => {
    expect(await toolFailure(fetchText(url))).toMatch(message);
  });

  it.each([
    "http://127.0.0.1:1/",
    "http://localhost:1/",
    "http://[::1]:1/",
    "http://[::ffff:127.0.0.1]:1/",
    "http://0x7f000001:1/",
    "http://2130706433:1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/",
    "http://10.0.0.1/",
    "http://0.0.0.0:1/",
  ])("the private address behind %s by default", async (url) => {
    expect(await toolFailure(fetchText(url))).toMatch(/refusing/);
  });

  it("a host whose DNS answers mix public and private addresses", async () => {
    const resolve: Resolver = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    expect(await toolFailure(fetchText("http://mixed.test/", {}, undefined, resolve))).toMatch(/10\.0\.0\.7/);
  });

  it("a redirect to a private address, re-checked at each hop", async () => {
    seen.length = 0;
    const message = await toolFailure(fetchText(`${base}/redirect?to=http://192.168.0.10/admin`, local));
    expect(message).toMatch(/refusing 192\.168\.0\.10/);
    expect(seen).toHaveLength(1);
    expect(await toolFailure(fetchText(`${base}/redirect?to=http://[::1]:${port}/text`, local))).toMatch(/refusing/);
    expect(await toolFailure(fetchText(`${base}/redirect?to=file:///etc/passwd`, local))).toMatch(/only http and https/);
  });

  it("too many redirects", async () => {
    expect(await toolFailure(fetchText(`${base}/loop`, { ...local, maxRedirects: 3 }))).toMatch(/more than 3 redirects/);
  });

  it("binary content", async () => {
    expect(await toolFailure(fetchText(`${base}/image`, local))).toMatch(/non-text content \(image\/png\)/);
    expect(await toolFailure(fetchText(`${base}/untyped-binary`, local))).toMatch(/non-text/);
  });

  it("a compressed body it did not ask for", async () => {
    expect(await toolFailure(fetchText(`${base}/gzip`, local))).toMatch(/compressed \(gzip\)/);
  });

  it("a DNS lookup slower than the timeout", async () => {
    const resolve: Resolver = () => new Promise(() => {});
    expect(await toolFailure(fetchText("http://slow-dns.test/", { timeoutMs: 100 }, undefined, resolve))).toMatch(/did not answer within 100 ms/);
  });

  it("an unresolvable host", async () => {
    const resolve: Resolver = async () => {
      throw new Error("ENOTFOUND");
    };
    expect(await toolFailure(fetchText("http://nowhere.test/", {}, undefined, resolve))).toMatch(/cannot resolve nowhere\.test/);
  });

  it("a server slower than the timeout", async () => {
    expect(await toolFailure(fetchText(`${base}/slow`, { ...local, timeoutMs: 150 }))).toMatch(/did not answer within 150 ms/);
  });

  it("a cancelled run rejects with the run's abort reason, not a ToolError", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("run cancelled")), 30);
    await expect(fetchText(`${base}/slow`, local, controller.signal)).rejects.toThrow("run cancelled");
  });

  it("bad arguments and bad options", () => {
    const httpFetch = createHttpFetchTool(local);
    expect(httpFetch.argsSchema.safeParse({}).success).toBe(false);
    expect(httpFetch.argsSchema.safeParse({ url: "x".repeat(3000) }).success).toBe(false);
    expect(() => httpFetchOptionsFromEnv({ HTTP_FETCH_ALLOWED_CIDRS: "10.0.0.0/8, ::1" })).not.toThrow();
    expect(httpFetchOptionsFromEnv({ HTTP_FETCH_ALLOWED_CIDRS: "10.0.0.0/8, ::1" }).allowedCidrs).toEqual(["10.0.0.0/8", "::1"]);
    expect(() => httpFetchOptionsFromEnv({ HTTP_FETCH_TIMEOUT_MS: "soon" })).toThrow();
    expect(() => httpFetchOptionsFromEnv({ HTTP_FETCH_ALLOWED_CIDRS: "10.0.0.0/99" })).toThrow(/CIDR/);
  });
});
