/**
 * What the canvas shows on each agent node: the status of the agent's latest run in
 * this run, its time and tokens (summed when it ran more than once, e.g. handoffs).
 */
import type { RunNodeStatus, RunNodeSummary } from "@/lib/data/runs/types";

export type AgentOverlay = {
  status: RunNodeStatus;
  durationMs: number | null;
  totalTokens: number;
  runs: number;
};

export function agentOverlay(nodes: Iterable<RunNodeSummary>, nowMs = Date.now()): Map<string, AgentOverlay> {
  const byAgent = new Map<string, AgentOverlay>();
  for (const node of nodes) {
    if (node.kind !== "agent") continue;
    const elapsed =
      node.durationMs ?? (node.startedAt !== null && node.status === "running" ? nowMs - node.startedAt : null);
    const previous = byAgent.get(node.name);
    byAgent.set(node.name, {
      status: node.status,
      durationMs: previous?.durationMs == null ? elapsed : elapsed === null ? previous.durationMs : previous.durationMs + elapsed,
      totalTokens: (previous?.totalTokens ?? 0) + node.usage.totalTokens,
      runs: (previous?.runs ?? 0) + 1,
    });
  }
  return byAgent;
}
