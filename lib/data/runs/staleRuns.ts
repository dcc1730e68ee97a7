// The sweep that ends runs whose process stopped sending heartbeats.
import { getDb } from "@/lib/db/client.ts";
import { encodePayload } from "./payloads.ts";
import { OPEN_RUN_STATUSES } from "./runs.ts";
import type { RunNodeStatus } from "./types.ts";

const OPEN_NODE_STATUSES: RunNodeStatus[] = ["init", "running"];

export const INTERRUPTED_MESSAGE = "The server stopped while this run was in progress.";

/**
 * Marks queued/running runs whose process stopped sending heartbeats before `staleBefore`
 * as interrupted, and ends their open nodes as cancelled. Returns the ids marked.
 */
export async function markStaleRunsInterrupted(staleBefore: Date): Promise<string[]> {
  const db = await getDb();
  const stale = await db.run.findMany({
    where: {
      status: { in: OPEN_RUN_STATUSES },
      OR: [{ heartbeatAt: { lt: staleBefore } }, { heartbeatAt: null, createdAt: { lt: staleBefore } }],
    },
    select: { id: true },
  });
  if (stale.length === 0) return [];
  const ids = stale.map((run) => run.id);
  const now = new Date();
  await db.$transaction([
    db.run.updateMany({
      where: { id: { in: ids }, status: { in: OPEN_RUN_STATUSES } },
      data: { status: "interrupted", error: INTERRUPTED_MESSAGE, endedAt: now },
    }),
    db.runNode.updateMany({
      where: { runId: { in: ids }, status: { in: OPEN_NODE_STATUSES } },
      data: {
        status: "cancelled",
        endedAt: now,
        error: encodePayload({ name: "Interrupted", message: INTERRUPTED_MESSAGE }),
      },
    }),
  ]);
  return ids;
}
