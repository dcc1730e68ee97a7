// The recorder's write path: one batch of node upserts and event appends in one
// transaction. Each statement carries its rows as ONE JSON parameter that the database
// unpacks (SQLite json_each, PostgreSQL jsonb_array_elements: jsonb, so each field is not parsed again): Prisma's cost grows with
// the number of parameters (about 100 µs a row with 22 parameters a row), a JSON text's
// does not, and the SQL text stays the same from batch to batch.
import { getDb } from "@/lib/db/client.ts";
import { resolveDatabaseConfig } from "@/lib/db/config.ts";
import { encodePayload } from "./payloads.ts";
import type { RunNodeDetail, RunWriteBatch, SequencedEvent } from "./types.ts";

/** Rows per statement: bounds one statement's JSON text (a model call's messages can be long). */
const ROWS_PER_STATEMENT = 1000;

/**
 * A stored time as Prisma writes it: ISO 8601 with "+00:00" (SQLite keeps the text and
 * compares it as text, so the form must match; PostgreSQL parses it).
 */
function storedTime(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().replace("Z", "+00:00");
}

// The order of a node row's fields in the JSON; the SQL below reads them by index.
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
type Dialect = "sqlite" | "postgresql";

const PG_TYPES: Record<ColumnType, string> = { text: "text", integer: "integer", timestamp: "timestamp(3)", real: "double precision" };

/** `x->>i` for each column, cast on PostgreSQL (its ->> gives text; SQLite's gives the JSON value's own type). */
function fieldsOf(columns: readonly (readonly [string, ColumnType])[], dialect: Dialect, element: string): string {
  return columns.map(([, type], i) => (dialect === "sqlite" ? `${element}->>${i}` : `(${element}->>${i})::${PG_TYPES[type]}`)).join(", ");
}

const names = (columns: readonly (readonly [string, string])[]) => columns.map(([name]) => `"${name}"`).join(", ");

/** INSERT … SELECT from the rows of a JSON array; the first two parameters are the run id and the write time. */
function insertSql(table: string, columns: readonly (readonly [string, ColumnType])[], timeColumn: string, dialect: Dialect, onConflict: string): string {
  const head = `INSERT INTO "${table}" ("runId", ${names(columns)}, "${timeColumn}")`;
  // SQLite needs the WHERE to tell its upsert clause from a join's ON.
  if (dialect === "sqlite") return `${head} SELECT ?, ${fieldsOf(columns, dialect, "value")}, ? FROM json_each(?) WHERE true ${onConflict}`;
  return `${head} SELECT $1::text, ${fieldsOf(columns, dialect, "row")}, $2::timestamp(3) FROM jsonb_array_elements($3::jsonb) AS rows(row) ${onConflict}`;
}

const nodeUpsert = `ON CONFLICT ("runId", "id") DO UPDATE SET ${[...NODE_COLUMNS.slice(1).map(([name]) => name), "updatedAt"].map((name) => `"${name}" = excluded."${name}"`).join(", ")}`;

const SQL: Record<Dialect, { nodes: string; events: string }> = {
  sqlite: { nodes: insertSql("run_node", NODE_COLUMNS, "updatedAt", "sqlite", nodeUpsert), events: insertSql("run_event", EVENT_COLUMNS, "createdAt", "sqlite", "") },
  postgresql: {
    nodes: insertSql("run_node", NODE_COLUMNS, "updatedAt", "postgresql", nodeUpsert),
    events: insertSql("run_event", EVENT_COLUMNS, "createdAt", "postgresql", ""),
  },
};

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT) out.push(items.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

/**
 * Writes one recorder batch atomically: nodes upserted by (runId, id), events appended.
 * Usually one statement each.
 */
export async function writeRunBatch(runId: string, batch: RunWriteBatch): Promise<void> {
  if (batch.nodes.length + batch.events.length === 0) return;
  const db = await getDb();
  const sql = SQL[resolveDatabaseConfig().provider];
  const now = storedTime(Date.now());
  // The SQL is built from the constants above only; every value is a bound parameter.
  const statement = (text: string, rows: unknown[][]) => db.$executeRawUnsafe(text, runId, now, JSON.stringify(rows));
  await db.$transaction([
    ...chunks(batch.nodes).map((nodes) => statement(sql.nodes, nodes.map(nodeRow))),
    ...chunks(batch.events).map((events) => statement(sql.events, events.map(eventRow))),
  ]);
}
