// MCP tools over Streamable HTTP against a server of the tests' own on 127.0.0.1: listing,
// calls, the server's errors, timeouts, credentials, the SSRF policy (loopback, metadata,
// a redirect to them) — every failure a tool error naming the server, never its secrets.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolError } from "@/lib/engine";
import { McpConnections, mcpTool, type McpServerTarget } from "@/lib/tools/mcp";
import { startFakeMcpServer, type FakeMcpServer } from "./fakes/mcpServer";
import { toolContext } from "./context";

const TOKEN = "Bearer tracker-secret-token-123";
let fake: FakeMcpServer;
let connections: McpConnections;
let target: Extract<McpServerTarget, { kind: "http" }>;

beforeAll(async () => {
  fake = await startFakeMcpServer({ requireAuthorization: TOKEN });
  connections = new McpConnections({ allowedCidrs: ["127.0.0.1"] });
  target = { kind: "http", key: "tracker:1", name: "tracker", url: fake.url, headers: { authorization: TOKEN } };
});
afterAll(async () => {
  await connections.close();
  await fake.close();
});

async function toolNamed(name: string, options: { timeoutMs?: number; server?: McpServerTarget; connections?: McpConnections } = {}) {
  const server = options.server ?? target;
  const listed = await (options.connections ?? connections).listTools(server, { timeoutMs: 5_000 });
  const tool = listed.find((candidate) => candidate.name === name)!;
  return mcpTool({ name, server, tool, connections: options.connections ?? connections, timeoutMs: options.timeoutMs });
}

async function failureOf(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ToolError);
  return error as ToolError;
}

describe("MCP tools", () => {
  it("lists the server's tools with their schemas, sending the team's header", async () => {
    const tools = await connections.listTools(target, { timeoutMs: 5_000 });
    expect(tools.map((tool) => tool.name).sort()).toEqual(["big", "echo", "fail", "sleep", "whoami"]);
    expect(tools.find((tool) => tool.name === "echo")).toMatchObject({
      description: "Echoes the text back",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    });
    expect(fake.authorizations.every((value) => value === TOKEN)).toBe(true);
  });

  it("calls a tool and gives the model its text; the model sees the server's schema", async () => {
    const echo = await toolNamed("echo");
    expect(echo.kind).toBe("mcp"); // its calls' badge in the timeline
    expect(echo.parameters).toEqual({ type: "object", properties: { text: { type: "string" } }, required: ["text"] });
    expect(echo.argsSchema.safeParse({ text: 1 }).success).toBe(false);
    expect(await echo.execute({ text: "hello" }, toolContext())).toBe("echo: hello");
  });

  it("turns the server's error result, an unknown tool and a timeout into tool errors; the connection keeps serving", async () => {
    const fail = await toolNamed("fail");
    expect((await failureOf(Promise.resolve(fail.execute({}, toolContext())))).message).toBe("fail on MCP server 'tracker' failed: the tracker is read-only today");

    const echo = await toolNamed("echo");
    const missing = mcpTool({ name: "gone", server: target, tool: { name: "gone", description: "", inputSchema: { type: "object" } }, connections });
    expect((await failureOf(Promise.resolve(missing.execute({}, toolContext())))).message).toMatch(/^gone on MCP server 'tracker': .*gone/);

    const sleep = await toolNamed("sleep", { timeoutMs: 200 });
    const started = performance.now();
    expect((await failureOf(Promise.resolve(sleep.execute({ ms: 3_000 }, toolContext())))).message).toBe("sleep on MCP server 'tracker' did not answer within 200 ms");
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(await echo.execute({ text: "still here" }, toolContext())).toBe("echo: still here");
  });

  it("cuts a result longer than the limit, saying so", async () => {
    const big = await toolNamed("big");
    const result = String(await big.execute({ chars: 150_000 }, toolContext()));
    expect(result.length).toBeLessThan(100_200);
    expect(result).toMatch(/\[cut: the result had 150000 characters\]$/);
  });

  it("says the credentials were refused, without echoing them or the URL", async () => {
    const wrong: McpServerTarget = { ...target, key: "tracker:wrong", headers: { authorization: "Bearer wrong-secret-value" } };
    const error = await connections.listTools(wrong, { timeoutMs: 5_000 }).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const tool = mcpTool({ name: "echo", server: wrong, tool: { name: "echo", description: "", inputSchema: { type: "object" } }, connections });
    const message = (await failureOf(Promise.resolve(tool.execute({ text: "x" }, toolContext())))).message;
    expect(message).toMatch(/MCP server 'tracker'/);
    expect(message).not.toContain("wrong-secret-value");
    expect(message).not.toContain(fake.url);
  });

  it("cancelling the run aborts the call and is not a tool error", async () => {
    const sleep = await toolNamed("sleep");
    const controller = new AbortController();
    const call = Promise.resolve(sleep.execute({ ms: 5_000 }, toolContext(controller.signal)));
    setTimeout(() => controller.abort(new Error("cancelled by the user")), 100);
    const error = await call.then(() => undefined, (caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ToolError);
    expect((error as Error).message).toBe("cancelled by the user");
  });
});

describe("MCP and the address policy", () => {
  const strict = new McpConnections({ allowedCidrs: [] });
  afterAll(() => strict.close());

  const refusedBy = async (url: string) => {
    const server: McpServerTarget = { kind: "http", key: `refused:${url}`, name: "inside", url, headers: {} };
    const tool = mcpTool({ name: "echo", server, tool: { name: "echo", description: "", inputSchema: { type: "object" } }, connections: strict });
    return (await failureOf(Promise.resolve(tool.execute({ text: "x" }, toolContext())))).message;
  };

  it("refuses loopback, a name resolving to it and cloud metadata unless the operator allows them", async () => {
    expect(await refusedBy(fake.url)).toMatch(/^MCP server 'inside' cannot be reached: refusing 127\.0\.0\.1:\d+: .*SWARM_MCP_ALLOWED_CIDRS/);
    expect(await refusedBy(fake.url.replace("127.0.0.1", "localhost"))).toMatch(/cannot be reached: refusing localhost/);
    expect(await refusedBy("http://169.254.169.254/latest/meta-data")).toMatch(/cannot be reached: refusing 169\.254\.169\.254/);
    expect(await refusedBy("http://[::ffff:127.0.0.1]:9/mcp")).toMatch(/cannot be reached: refusing/);
  });

  it("does not follow a redirect to another address", async () => {
    const redirector = http.createServer((_req, res) => res.writeHead(307, { location: "http://169.254.169.254/mcp" }).end());
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/mcp`;
    try {
      const server: McpServerTarget = { kind: "http", key: "redirect", name: "hop", url, headers: {} };
      const tool = mcpTool({ name: "echo", server, tool: { name: "echo", description: "", inputSchema: { type: "object" } }, connections });
      const message = (await failureOf(Promise.resolve(tool.execute({ text: "x" }, toolContext())))).message;
      expect(message).toMatch(/^echo on MCP server 'hop' failed/);
      expect(message).not.toContain("meta-data");
    } finally {
      redirector.closeAllConnections();
      redirector.close();
    }
  });
});
