import type { RunNodeStatus, RunStatus } from "@/lib/data/runs/types";

/** A run's or node's status as a coloured pill (colours in runs.css). */
export function StatusBadge({ status }: { status: RunStatus | RunNodeStatus }) {
  return (
    <span className={`run-status run-status-${status}`} data-status={status}>
      {status}
    </span>
  );
}
