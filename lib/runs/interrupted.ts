/**
 * Runs left "running" by a process that stopped (restart, crash) are marked interrupted:
 * once at start-up, then periodically, by the staleness of their heartbeat.
 */
import { markStaleRunsInterrupted } from "@/lib/data/runs";
import { HEARTBEAT_MS } from "./service";

/** A run whose heartbeat is older than this has lost its process. */
export const STALE_AFTER_MS = HEARTBEAT_MS * 4;

export async function markInterruptedRuns(now = Date.now()): Promise<string[]> {
  return markStaleRunsInterrupted(new Date(now - STALE_AFTER_MS));
}

/** Sweeps now and every STALE_AFTER_MS; the timer does not keep the process alive. */
export function watchInterruptedRuns(): void {
  const sweep = () =>
    markInterruptedRuns().catch((error: unknown) => console.error("Could not mark interrupted runs", error));
  void sweep();
  setInterval(sweep, STALE_AFTER_MS).unref?.();
}
