// A fork starts with its parent's recorded steps that ended before the step it was forked
// at: the same positions under the fork's own id, marked as reused (no call, no cost).
import { getDb } from "@/lib/db/client.ts";
import { Checkpoint } from "@/lib/engine/checkpoints";
import { decodePayload, encodePayload } from "./payloads.ts";

/**
 * Copies to `childId` the checkpoints of `parentId` whose node ended by `before` (epoch ms,
 * when the forked step started), without the forked step itself; returns how many.
 */
export async function copyCheckpointsForFork(parentId: string, childId: string, forkAt: string, before: number): Promise<number> {
  const db = await getDb();
  const ended = await db.runNode.findMany({
    where: { runId: parentId, endedAt: { lte: new Date(before) }, kind: { in: ["step", "tool_call"] }, NOT: { id: forkAt } },
    select: { id: true },
  });
  const endedIds = new Set(ended.map((node) => node.id));
  const rows = await db.runCheckpoint.findMany({ where: { runId: parentId, nodeId: { in: [...endedIds] } }, select: { nodeId: true, data: true } });
  const copies = rows.flatMap((row) => {
    const decoded = decodePayload(Checkpoint, row.data);
    if (!decoded.ok) return []; // not reusable: the fork calls that step again
    const nodeId = `${childId}${row.nodeId.slice(parentId.length)}`;
    return [{ runId: childId, nodeId, data: encodePayload({ ...decoded.value, reusedFrom: parentId }) }];
  });
  if (copies.length > 0) await db.runCheckpoint.createMany({ data: copies });
  return copies.length;
}
