// What an executor needs to (re)start a run by its id alone — on a worker that did not
// create it, or after a crash: its team, document and options, what earlier executions
// of it left (checkpoints, node rows, the last event seq), and the claim that it runs here.
import { getDb } from "@/lib/db/client.ts";
import { Prisma } from "@/lib/db/generated/sqlite/client.ts";
import { resolveDatabaseConfig } from "@/lib/db/config.ts";
import { storedTime, writeSqlite } from "@/lib/db/rawWrites.ts";
import { prepared } from "@/lib/db/statementCache.ts";
import { Checkpoint } from "@/lib/engine/checkpoints";
import { Id, parseInput } from "../validation.ts";
import { decodePayload, encodePayload } from "./payloads.ts";
import { OPEN_RUN_STATUSES, runSelect, toRunDetail } from "./runs.ts";
import type { RunDetail, RunNodeStatus } from "./types.ts";

/** A node row an earlier execution wrote: its place and times are kept when the node is written again. */
export type PriorNode = {
  seq: number;
  kind: string;
  status: RunNodeStatus;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  durationMs: number | null;
};

export type RunExecution = {
  run: RunDetail;
  teamId: string;
  /** The flow version's document the run executes. */
  document: string;
  /** The highest event seq stored: new events continue after it. */
  lastSeq: number;
  checkpoints: Map<string, Checkpoint>;
  priorNodes: Map<string, PriorNode>;
};

/** The run with everything earlier executions left; null when the run is gone. */
export async function loadRunExecution(runId: string): Promise<RunExecution | null> {
  const id = parseInput(Id, runId);
  const db = await getDb();
  const row = await db.run.findUnique({ where: { id }, select: { ...runSelect, teamId: true, flowVersion: { select: { number: true, document: true } } } });
  if (!row) return null;
  // A run never claimed (claimRun sets startedAt) has no node rows or events: only its
  // executions write them. Its checkpoints are a fork's, copied from its parent.
  const executed = row.startedAt !== null;
  const [lastEvent, checkpointRows, nodeRows] = await Promise.all([
    executed ? db.runEvent.findFirst({ where: { runId: id }, orderBy: { seq: "desc" }, select: { seq: true } }) : null,
    executed || row.forkOfId !== null ? db.runCheckpoint.findMany({ where: { runId: id }, select: { nodeId: true, data: true } }) : [],
    executed
      ? db.runNode.findMany({
          where: { runId: id },
          select: { id: true, seq: true, kind: true, status: true, createdAt: true, startedAt: true, endedAt: true, durationMs: true },
        })
      : [],
  ]);
  const checkpoints = new Map<string, Checkpoint>();
  for (const stored of checkpointRows) {
    const decoded = decodePayload(Checkpoint, stored.data);
    // An unreadable checkpoint is a step not recorded: it is called again, never guessed.
    if (decoded.ok) checkpoints.set(stored.nodeId, decoded.value);
    else console.error(`Run ${id}: checkpoint ${stored.nodeId} cannot be read (${decoded.problem}); the step runs again`);
  }
  const priorNodes = new Map<string, PriorNode>();
  for (const node of nodeRows) {
    priorNodes.set(node.id, {
      seq: node.seq,
      kind: node.kind,
      status: node.status as RunNodeStatus,
      createdAt: node.createdAt.getTime(),
      startedAt: node.startedAt?.getTime() ?? null,
      endedAt: node.endedAt?.getTime() ?? null,
      durationMs: node.durationMs,
    });
  }
  return {
    run: toRunDetail(row),
    teamId: row.teamId,
    document: row.flowVersion.document,
    lastSeq: lastEvent?.seq ?? 0,
    checkpoints,
    priorNodes,
  };
}

/**
 * Stores a finished model or tool call; writing it again (a replay) keeps the first. One
 * statement (Prisma's upsert is five round trips), since the run waits for it.
 */
export async function saveCheckpoint(runId: string, nodeId: string, checkpoint: Checkpoint): Promise<void> {
  await insertCheckpoint(runId, nodeId, encodePayload(checkpoint));
}

const CHECKPOINT_INSERT = `INSERT INTO "run_checkpoint" ("runId", "nodeId", "data", "createdAt") VALUES (?, ?, ?, ?) ON CONFLICT ("runId", "nodeId") DO NOTHING`;

/** Inserts a checkpoint row unless one is stored for that node (SQLite and PostgreSQL alike). */
export async function insertCheckpoint(runId: string, nodeId: string, data: string): Promise<void> {
  const config = resolveDatabaseConfig();
  const now = new Date();
  // SQLite: a prepared statement inside the group commit (lib/db/rawWrites.ts), a step's write without Prisma's cost.
  if (config.provider === "sqlite") {
    await writeSqlite(config, (db) => prepared(db, CHECKPOINT_INSERT).run(runId, nodeId, data, storedTime(now.getTime())));
    return;
  }
  const db = await getDb(config);
  await db.$executeRaw`INSERT INTO "run_checkpoint" ("runId", "nodeId", "data", "createdAt") VALUES (${runId}, ${nodeId}, ${data}, ${now}) ON CONFLICT ("runId", "nodeId") DO NOTHING`;
}

const SQLITE_CLAIM = `UPDATE "run" SET "status" = 'running', "heartbeatAt" = ?, "executorId" = ?, "startedAt" = COALESCE("startedAt", ?) WHERE "id" = ? AND "status" IN (${OPEN_RUN_STATUSES.map(() => "?").join(", ")})`;

/**
 * The run executes on `executorId` from now on (its heartbeat says whether the run is
 * alive). False when the run has finished meanwhile (e.g. cancelled while queued): then
 * it must not execute.
 */
export async function claimRun(runId: string, executorId: string): Promise<boolean> {
  const config = resolveDatabaseConfig();
  const now = new Date();
  const id = parseInput(Id, runId);
  const executor = parseInput(Id, executorId);
  // One statement: a run continued after a crash or resumed keeps the time it first started
  // (loadRunExecution tells a run never executed by it). SQLite: prepared, in the group commit (every run's start).
  if (config.provider === "sqlite") {
    const at = storedTime(now.getTime());
    const { changes } = await writeSqlite(config, (db) => prepared(db, SQLITE_CLAIM).run(at, executor, at, id, ...OPEN_RUN_STATUSES));
    return changes > 0;
  }
  const db = await getDb(config);
  const count = await db.$executeRaw`UPDATE "run" SET "status" = 'running', "heartbeatAt" = ${now}, "executorId" = ${executor}, "startedAt" = COALESCE("startedAt", ${now}) WHERE "id" = ${id} AND "status" IN (${Prisma.join(OPEN_RUN_STATUSES)})`;
  return count > 0;
}

/**
 * A run paused or stopped in status `from` (interrupted, or waiting for an answer) back to
 * `queued`, to continue from its recorded steps; false when it is not in that status (so
 * of two people answering at once, one continues the run).
 */
export async function reopenRun(runId: string, from: "interrupted" | "waiting"): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.run.updateMany({
    where: { id: parseInput(Id, runId), status: from },
    data: { status: "queued", error: null, output: null, endedAt: null, executorId: null },
  });
  return count > 0;
}

/** Back to `queued` with no executor: another executor will claim it (its dead worker's runs, when resumed elsewhere). */
export async function requeueRuns(runIds: string[]): Promise<void> {
  if (runIds.length === 0) return;
  const db = await getDb();
  await db.run.updateMany({ where: { id: { in: runIds }, status: { in: OPEN_RUN_STATUSES } }, data: { status: "queued", executorId: null } });
}

/** Ends a run no executor holds (queued, or waiting for an answer) as cancelled; false when one does (it ends the run itself). */
export async function cancelIdleRun(runId: string): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.run.updateMany({
    where: { id: parseInput(Id, runId), status: { in: ["queued", "waiting"] } },
    data: { status: "cancelled", error: "Cancelled before it started.", endedAt: new Date() },
  });
  return count > 0;
}
