/**
 * With the durable executor the web process runs nothing: a queued run waits for a worker.
 * When no worker has beaten its heartbeat lately, say so instead of showing a run that
 * is queued for ever.
 */
import { countLiveExecutors } from "@/lib/data/runs";
import { STALE_AFTER_MS } from "./executorHeartbeat";
import { executorKind } from "./executors";

export const NO_WORKER_NOTICE = "No worker is running, so this run waits in the queue. Start one with `npm run worker` (see README, Scale out).";

/** The notice to show beside queued runs, or null when runs will be picked up. */
export async function noWorkerNotice(now = Date.now()): Promise<string | null> {
  if (executorKind() !== "durable") return null;
  const alive = await countLiveExecutors("worker", new Date(now - STALE_AFTER_MS));
  return alive > 0 ? null : NO_WORKER_NOTICE;
}
