/**
 * Tools benchmark (issue 12): the warm overhead of one call of a user's tool, as an agent's
 * tool call pays it — argument checking, the hop to the tool and back — with a tool that
 * does nothing, so the figure is the machinery's alone.
 *   T1 code tool: `codeTool().execute` in the QuickJS sandbox (worker thread, fresh
 *      runtime and context per call). Goal < 5 ms.
 *   T2 MCP tool: `mcpTool().execute` over Streamable HTTP on 127.0.0.1, through the
 *      process's reused connection and the address policy, against the tests' MCP server
 *      (the official server SDK's handler in this process, so its work counts too). Report.
 * Each line is one entry of LINES (a name, a goal, a setup returning one call and a teardown).
 * 30 warm-ups, then 300 calls one after another; median and p95 wall time.
 */
import { availableParallelism, cpus, loadavg } from "node:os";
import type { ToolContext } from "@/lib/engine";
import { McpConnections, mcpTool } from "@/lib/tools/mcp";
import { closeSandbox, codeTool } from "@/lib/tools/sandbox";
import { startFakeMcpServer } from "../tests/tools/fakes/mcpServer.ts";

type Line = {
  name: string;
  /** Target median in ms, printed beside the figure; undefined: a report only. */
  goalMs?: number;
  /** Prepares the tool; returns one call and what to close afterwards. */
  setup(): Promise<{ call(): Promise<unknown>; close(): Promise<void> }>;
};

const WARMUPS = 30;
const CALLS = 300;

const context: ToolContext = { agentName: "bench", toolCallId: "call", nodeId: "node", signal: new AbortController().signal };

const LINES: Line[] = [
  {
    name: "T1 code tool, warm call (QuickJS sandbox)",
    goalMs: 5,
    async setup() {
      const echo = codeTool({
        name: "echo",
        description: "Returns its argument",
        parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
        body: "return { echoed: args.text };",
      });
      return {
        call: () => echo.execute(echo.argsSchema.parse({ text: "hello" }), context) as Promise<unknown>,
        close: () => closeSandbox(),
      };
    },
  },
  {
    name: "T2 MCP tool, warm call (HTTP on 127.0.0.1)",
    async setup() {
      const server = await startFakeMcpServer();
      const connections = new McpConnections({ allowedCidrs: ["127.0.0.1"] });
      const target = { kind: "http" as const, key: "bench", name: "bench", url: server.url, headers: {} };
      const echo = mcpTool({ name: "echo", server: target, tool: { name: "echo", description: "", inputSchema: { type: "object" } }, connections });
      return {
        call: () => echo.execute({ text: "hello" }, context) as Promise<unknown>,
        close: async () => {
          await connections.close();
          await server.close();
        },
      };
    },
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

export async function run(): Promise<void> {
  console.log(`CPU: ${cpus()[0]?.model ?? "unknown"} × ${availableParallelism()}; load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  for (const line of LINES) {
    const { call, close } = await line.setup();
    try {
      for (let i = 0; i < WARMUPS; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const started = performance.now();
        await call();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const median = percentile(times, 0.5);
      const goal = line.goalMs === undefined ? "report" : `goal < ${line.goalMs} ms: ${median < line.goalMs ? "met" : "NOT met"}`;
      console.log(`${line.name.padEnd(46)} median ${median.toFixed(2).padStart(7)} ms   p95 ${percentile(times, 0.95).toFixed(2).padStart(7)} ms   (${goal})`);
    } finally {
      await close();
    }
  }
}
