// A run's write path while it executes: the recorder's batches (node upserts and event
// appends, one transaction each), the last of them with the run's final state. SQLite: prepared statements on the connection's own handle, a row each,
// inside the group commit (lib/db/rawWrites.ts; through Prisma a batch cost about 100 µs
// a node). PostgreSQL: each statement carries its rows as ONE JSON parameter that the
// database unpacks (jsonb_array_elements: jsonb, so each field is not parsed again):
// Prisma's cost grows with the number of parameters, a JSON text's does not, and the SQL
// text stays the same from batch to batch.
import { getDb } from "@/lib/db/client.ts";
import { resolveDatabaseConfig } from "@/lib/db/config.ts";
import { storedTime, writeSqlite } from "@/lib/db/rawWrites.ts";
import { prepared } from "@/lib/db/statementCache.ts";
import { encodePayload } from "./payloads.ts";
import { OPEN_RUN_STATUSES, type RunFinish } from "./runs.ts";
import type { RunNodeDetail, RunWriteBatch, SequencedEvent } from "./types.ts";

/** Rows per PostgreSQL statement: bounds one statement's JSON text (a model call's messages can be long). */
const ROWS_PER_STATEMENT = 1000;

// The order of a node row's fields, in the JSON (PostgreSQL) or the bound parameters (SQLite).
const NODE_COLUMNS = [
  ["id", "text"],
  ["parentId", "text"],
  ["seq", "integer"],
  ["kind", "text"],
  ["name", "text"],
  ["status", "text"],
  ["model", "text"],
  ["createdAt", "timestamp"],
  ["startedAt", "timestamp"],
  ["endedAt", "timestamp"],
  ["durationMs", "integer"],
  ["inputTokens", "integer"],
  ["outputTokens", "integer"],
  ["totalTokens", "integer"],
  ["costUsd", "real"],
  ["error", "text"],
  ["marks", "text"],
  ["input", "text"],
  ["output", "text"],
  ["messages", "text"],
  ["metadata", "text"],
] as const;

function nodeRow(node: RunNodeDetail): unknown[] {
  return [
    node.id,
    node.parentId,
    node.seq,
    node.kind,
    node.name,
    node.status,
    node.model,
    storedTime(node.createdAt),
    storedTime(node.startedAt),
    storedTime(node.endedAt),
    node.durationMs === null ? null : Math.round(node.durationMs),
    node.usage.inputTokens,
    node.usage.outputTokens,
    node.usage.totalTokens,
    node.costUsd,
    node.error === null ? null : encodePayload(node.error),
    node.marks === null ? null : encodePayload(node.marks),
    node.input,
    node.output,
    node.messages === null ? null : encodePayload(node.messages),
    encodePayload(node.metadata),
  ];
}

const EVENT_COLUMNS = [
  ["seq", "integer"],
  ["type", "text"],
  ["nodeId", "text"],
  ["data", "text"],
] as const;

function eventRow({ seq, event }: SequencedEvent): unknown[] {
  const nodeId = event.type === "node" ? event.node.id : event.type === "text" ? event.nodeId : null;
  return [seq, event.type, nodeId, encodePayload(event)];
}

type ColumnType = (typeof NODE_COLUMNS)[number][1];
type Columns = readonly (readonly [string, ColumnType])[];

const PG_TYPES: Record<ColumnType, string> = { text: "text", integer: "integer", timestamp: "timestamp(3)", real: "double precision" };

const names = (columns: Columns) => columns.map(([name]) => `"${name}"`).join(", ");
const head = (table: string, columns: Columns, timeColumn: string) => `INSERT INTO "${table}" ("runId", ${names(columns)}, "${timeColumn}")`;

const nodeUpsert = `ON CONFLICT ("runId", "id") DO UPDATE SET ${[...NODE_COLUMNS.slice(1).map(([name]) => name), "updatedAt"].map((name) => `"${name}" = excluded."${name}"`).join(", ")}`;

/** One row's values: the run id, the row's fields, the write time. */
function sqliteInsert(table: string, columns: Columns, timeColumn: string, onConflict: string): string {
  return `${head(table, columns, timeColumn)} VALUES (?, ${columns.map(() => "?").join(", ")}, ?) ${onConflict}`;
}

/** INSERT … SELECT from the rows of a JSON array: $1 the run id, $2 the write time, $3 the rows. */
function postgresInsert(table: string, columns: Columns, timeColumn: string, onConflict: string): string {
  const fields = columns.map(([, type], i) => `(row->>${i})::${PG_TYPES[type]}`).join(", ");
  return `${head(table, columns, timeColumn)} SELECT $1::text, ${fields}, $2::timestamp(3) FROM jsonb_array_elements($3::jsonb) AS rows(row) ${onConflict}`;
}

const SQLITE = { nodes: sqliteInsert("run_node", NODE_COLUMNS, "updatedAt", nodeUpsert), events: sqliteInsert("run_event", EVENT_COLUMNS, "createdAt", "") };
const POSTGRES = { nodes: postgresInsert("run_node", NODE_COLUMNS, "updatedAt", nodeUpsert), events: postgresInsert("run_event", EVENT_COLUMNS, "createdAt", "") };

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT) out.push(items.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

/**
 * Writes one recorder batch atomically: nodes upserted by (runId, id), events appended;
 * with `finish`, the run's final state in the same commit, after them (finishRun).
 */
export async function writeRunBatch(runId: string, batch: RunWriteBatch, finish?: RunFinish): Promise<void> {
  if (finish || batch.nodes.length + batch.events.length > 0) await write(runId, batch, finish ?? null);
}

/**
 * The run's final state, written last, in one commit with its last batch (the recorder's
 * last node changes and events, the final `run` event among them); a run already marked
 * finished (e.g. interrupted) is left alone.
 */
export async function finishRun(runId: string, finish: RunFinish, last: RunWriteBatch = { nodes: [], events: [] }): Promise<void> {
  await write(runId, last, finish);
}

const FINISH_COLUMNS = ["status", "output", "error", "inputTokens", "outputTokens", "totalTokens", "costUsd", "endedAt"] as const;
const SQLITE_FINISH = `UPDATE "run" SET ${FINISH_COLUMNS.map((name) => `"${name}" = ?`).join(", ")} WHERE "id" = ? AND "status" IN (${OPEN_RUN_STATUSES.map(() => "?").join(", ")})`;

function finishValues({ status, output, error, totals }: RunFinish, endedAt: Date) {
  const { inputTokens, outputTokens, totalTokens } = totals.usage;
  return { status, output, error, inputTokens, outputTokens, totalTokens, costUsd: totals.costUsd, endedAt };
}

async function write(runId: string, batch: RunWriteBatch, finish: RunFinish | null): Promise<void> {
  const config = resolveDatabaseConfig();
  const at = new Date();
  const now = storedTime(at.getTime());
  if (config.provider === "sqlite") {
    await writeSqlite(config, (db) => {
      if (batch.nodes.length > 0) {
        const upsert = prepared(db, SQLITE.nodes);
        for (const node of batch.nodes) upsert.run(runId, ...nodeRow(node), now);
      }
      if (batch.events.length > 0) {
        const append = prepared(db, SQLITE.events);
        for (const event of batch.events) append.run(runId, ...eventRow(event), now);
      }
      if (finish) {
        const values = finishValues(finish, at);
        prepared(db, SQLITE_FINISH).run(...FINISH_COLUMNS.map((name) => (name === "endedAt" ? now : values[name])), runId, ...OPEN_RUN_STATUSES);
      }
    });
    return;
  }
  const db = await getDb(config);
  // The SQL is built from the constants above only; every value is a bound parameter.
  const statement = (text: string, rows: unknown[][]) => db.$executeRawUnsafe(text, runId, now, JSON.stringify(rows));
  await db.$transaction([
    ...chunks(batch.nodes).map((nodes) => statement(POSTGRES.nodes, nodes.map(nodeRow))),
    ...chunks(batch.events).map((events) => statement(POSTGRES.events, events.map(eventRow))),
    ...(finish ? [db.run.updateMany({ where: { id: runId, status: { in: OPEN_RUN_STATUSES } }, data: finishValues(finish, at) })] : []),
  ]);
}
