/**
 * An MCP tool call over Streamable HTTP on 127.0.0.1, as a run makes it: the first call
 * (connect + initialize + call) and warm calls through the process's reused connection,
 * against the tests' MCP server (the official server SDK's handler behind node:http, in
 * this process, so its own work counts too).
 */
import { McpConnections, mcpTool } from "@/lib/tools/mcp";
import { startFakeMcpServer } from "../../tests/tools/fakes/mcpServer.ts";

export type McpCallFigures = { firstMs: number; p50Ms: number; p95Ms: number; calls: number };

const context = { agentName: "bench", toolCallId: "call", nodeId: "node", signal: new AbortController().signal };

export async function measureMcpCall(calls = 300): Promise<McpCallFigures> {
  const server = await startFakeMcpServer();
  const connections = new McpConnections({ allowedCidrs: ["127.0.0.1"] });
  try {
    const target = { kind: "http" as const, key: "bench", name: "bench", url: server.url, headers: {} };
    const echo = mcpTool({ name: "echo", server: target, tool: { name: "echo", description: "", inputSchema: { type: "object" } }, connections });
    let started = performance.now();
    await echo.execute({ text: "first" }, context);
    const firstMs = performance.now() - started;
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      started = performance.now();
      await echo.execute({ text: `call ${i}` }, context);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    return { firstMs, p50Ms: at(0.5), p95Ms: at(0.95), calls };
  } finally {
    await connections.close();
    await server.close();
  }
}
