/**
 * Runs left open by an executor that stopped (restart, crash) are marked interrupted:
 * once at start-up, then periodically. An executor is dead when its heartbeat is older
 * than STALE_AFTER_MS; this process's own runs are alive exactly while it runs them.
 */
import { markStaleRunsInterrupted } from "@/lib/data/runs";
import { expireUnansweredRuns } from "./answers";
import { STALE_AFTER_MS } from "./executorHeartbeat";
import { runsRuntime } from "./runtime";

/** One sweep; skipped (returns []) while this process cannot trust its own view of storage. */
export async function markInterruptedRuns(now = Date.now()): Promise<string[]> {
  const { executor, cancellations } = runsRuntime();
  if (!executor.canJudgeOthers()) return [];
  return markStaleRunsInterrupted({
    staleBefore: new Date(now - STALE_AFTER_MS),
    self: { executorId: executor.id, liveHere: cancellations.runningIds() },
  });
}

/** Starts this process's heartbeat, then sweeps once it is written and every STALE_AFTER_MS. */
export function watchInterruptedRuns(): void {
  const { executor } = runsRuntime();
  const sweep = () =>
    Promise.all([markInterruptedRuns(), expireUnansweredRuns()]).catch((error: unknown) => console.error("Could not mark interrupted or expired runs", error));
  void executor.start().then(sweep);
  setInterval(sweep, STALE_AFTER_MS).unref?.();
}
