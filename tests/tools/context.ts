import type { ToolContext } from "@/lib/engine";

/** What the engine passes a tool's execute, for calling tools directly in tests. */
export function toolContext(signal: AbortSignal = new AbortController().signal): ToolContext {
  return { agentName: "tester", toolCallId: "call_1", nodeId: "node_1", signal };
}
