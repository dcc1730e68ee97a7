// The sweep that ends runs whose executor stopped: its process died (no heartbeat since
// `staleBefore`), or it is alive but no longer runs them (e.g. it restarted).
import { getDb } from "@/lib/db/client.ts";
import { encodePayload } from "./payloads.ts";
import { OPEN_RUN_STATUSES } from "./runs.ts";
import type { RunNodeStatus } from "./types.ts";

const OPEN_NODE_STATUSES: RunNodeStatus[] = ["init", "running"];

export const INTERRUPTED_MESSAGE = "The server stopped while this run was in progress.";

export type StaleRunsQuery = {
  /** Executors (and runs from before executors existed) silent since then are dead. */
  staleBefore: Date;
  /** The sweeping executor: its own open runs are judged by `liveHere`, not by a heartbeat. */
  self?: { executorId: string; liveHere: ReadonlySet<string> };
};

/** Ids of open runs whose executor is dead, gone, or (for `self`) no longer running them. */
async function findStaleRuns({ staleBefore, self }: StaleRunsQuery): Promise<string[]> {
  const db = await getDb();
  const open = await db.run.findMany({
    where: { status: { in: OPEN_RUN_STATUSES } },
    select: { id: true, executorId: true, heartbeatAt: true, createdAt: true },
  });
  if (open.length === 0) return [];
  const executorIds = [...new Set(open.map((run) => run.executorId).filter((id): id is string => id !== null))];
  const alive = new Set(
    (await db.executor.findMany({ where: { id: { in: executorIds }, heartbeatAt: { gte: staleBefore } }, select: { id: true } })).map((executor) => executor.id),
  );
  return open
    .filter((run) => {
      // Queued here (waiting for its team's slot) is alive; queued with nobody holding it, or from before executors, is not.
      if (run.executorId === null) return !self?.liveHere.has(run.id) && (run.heartbeatAt ?? run.createdAt) < staleBefore;
      if (self && run.executorId === self.executorId) return !self.liveHere.has(run.id);
      return !alive.has(run.executorId);
    })
    .map((run) => run.id);
}

/** Marks the stale runs interrupted and ends their open nodes as cancelled. Returns the ids marked. */
export async function markStaleRunsInterrupted(query: StaleRunsQuery): Promise<string[]> {
  const ids = await findStaleRuns(query);
  await markRunsInterrupted(ids);
  return ids;
}

/** Marks these runs (those still open) interrupted and ends their open nodes as cancelled. */
export async function markRunsInterrupted(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const db = await getDb();
  const now = new Date();
  await db.$transaction([
    db.run.updateMany({
      where: { id: { in: ids }, status: { in: OPEN_RUN_STATUSES } },
      data: { status: "interrupted", error: INTERRUPTED_MESSAGE, endedAt: now },
    }),
    db.runNode.updateMany({
      where: { runId: { in: ids }, status: { in: OPEN_NODE_STATUSES } },
      data: { status: "cancelled", endedAt: now, error: encodePayload({ name: "Interrupted", message: INTERRUPTED_MESSAGE }) },
    }),
  ]);
}

/** Waiting runs nobody answered since `before` end `failed`, saying so; returns their ids. */
export async function expireWaitingRuns(before: Date, message: string): Promise<string[]> {
  const db = await getDb();
  const expired = await db.run.findMany({ where: { status: "waiting", endedAt: { lt: before } }, select: { id: true } });
  const ids = expired.map((run) => run.id);
  if (ids.length === 0) return [];
  const now = new Date();
  await db.$transaction([
    db.run.updateMany({ where: { id: { in: ids }, status: "waiting" }, data: { status: "failed", error: message, endedAt: now } }),
    db.runNode.updateMany({
      where: { runId: { in: ids }, status: "waiting" },
      data: { status: "failed", endedAt: now, error: encodePayload({ name: "NoAnswer", message }) },
    }),
  ]);
  return ids;
}

/** Open runs claimed by this executor. */
export async function openRunsOf(executorId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.run.findMany({ where: { executorId, status: { in: OPEN_RUN_STATUSES } }, select: { id: true } });
  return rows.map((row) => row.id);
}
