// A run's event log: what the live stream replays to a (re)connecting client.
import { getDb } from "@/lib/db/client.ts";
import { Id, parseInput } from "../validation.ts";
import { decodePayload } from "./payloads.ts";
import { findTeamRun } from "./runs.ts";
import { LiveEvent, type SequencedEvent } from "./types.ts";

/** Events after `afterSeq`, in order (for resuming a live stream). */
export async function listRunEvents(
  teamId: string,
  runId: string,
  afterSeq: number,
  limit = 5000,
): Promise<SequencedEvent[]> {
  const db = await getDb();
  const run = await findTeamRun(db, parseInput(Id, teamId), parseInput(Id, runId));
  const rows = await db.runEvent.findMany({
    where: { runId: run.id, seq: { gt: afterSeq } },
    orderBy: { seq: "asc" },
    take: limit,
    select: { seq: true, data: true },
  });
  const events: SequencedEvent[] = [];
  for (const row of rows) {
    const event = decodePayload(LiveEvent, row.data);
    // A live client redraws from node snapshots; one unreadable event must not end its stream.
    if (event.ok) events.push({ seq: row.seq, event: event.value });
    else console.error(`Run ${run.id}: event ${row.seq} cannot be read (${event.problem}); skipped`);
  }
  return events;
}

/** The highest event seq written for a run (0 when none), so a restarted writer continues after it. */
export async function lastRunEventSeq(runId: string): Promise<number> {
  const db = await getDb();
  const last = await db.runEvent.findFirst({ where: { runId }, orderBy: { seq: "desc" }, select: { seq: true } });
  return last?.seq ?? 0;
}

