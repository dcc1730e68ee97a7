"use client";

import { formatDuration, formatTokens } from "@/lib/runs/format";
import { useAgentRunOverlay } from "./flow-run-context";
import "@/app/runs/_components/runs.css";

/** On a canvas agent node: its status, time and tokens in the run the editor follows. */
export function AgentRunBadge({ name }: { name: string }) {
  const overlay = useAgentRunOverlay(name);
  if (!overlay) return null;
  return (
    <div className="node-meta agent-run-badge" data-run-status={overlay.status} data-testid={`run-overlay-${name}`}>
      <span className={`run-status run-status-${overlay.status}`}>{overlay.status}</span>
      <span>{formatDuration(overlay.durationMs)}</span>
      <span>{formatTokens(overlay.totalTokens)} tok</span>
    </div>
  );
}
