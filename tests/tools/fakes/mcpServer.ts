/**
 * An MCP server of the tests' own on 127.0.0.1, over Streamable HTTP (the official
 * server SDK's web handler behind node:http). Tools: echo, fail (an error result), sleep
 * (answers after `ms`), big (a result of `chars` characters), whoami (the Authorization
 * header it got). It can require a header and remembers every Authorization it saw.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { McpServer, createMcpHandler } from "@modelcontextprotocol/server";

export type FakeMcpServer = {
  url: string;
  /** Authorization headers of every request, in order. */
  authorizations: (string | undefined)[];
  /** Calls of each tool, by name. */
  calls: Map<string, number>;
  close(): Promise<void>;
};

const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });

export async function startFakeMcpServer(options: { requireAuthorization?: string; path?: string } = {}): Promise<FakeMcpServer> {
  const authorizations: (string | undefined)[] = [];
  const calls = new Map<string, number>();
  const counted = <T>(name: string, run: () => T): T => {
    calls.set(name, (calls.get(name) ?? 0) + 1);
    return run();
  };
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: "fake-tracker", version: "1.0.0" });
    server.registerTool("echo", { description: "Echoes the text back", inputSchema: z.object({ text: z.string() }) }, async ({ text: value }) => counted("echo", () => text(`echo: ${value}`)));
    server.registerTool("fail", { description: "Always fails", inputSchema: z.object({}) }, async () =>
      counted("fail", () => ({ isError: true, content: [{ type: "text" as const, text: "the tracker is read-only today" }] })),
    );
    server.registerTool("sleep", { description: "Answers after ms milliseconds", inputSchema: z.object({ ms: z.number() }) }, async ({ ms }) => {
      calls.set("sleep", (calls.get("sleep") ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return text(`slept ${ms}`);
    });
    server.registerTool("big", { description: "A long result", inputSchema: z.object({ chars: z.number() }) }, async ({ chars }) => counted("big", () => text("x".repeat(chars))));
    server.registerTool("whoami", { description: "The Authorization header it got", inputSchema: z.object({}) }, async () => counted("whoami", () => text(authorizations.at(-1) ?? "nobody")));
    return server;
  });

  const server = http.createServer(async (req, res) => {
    authorizations.push(req.headers.authorization);
    if (options.requireAuthorization && req.headers.authorization !== options.requireAuthorization) {
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "unauthorized" }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: req.method === "POST" ? Buffer.concat(chunks) : undefined });
    const response = await handler.fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) res.write(part);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.path ?? "/mcp"}`,
    authorizations,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
