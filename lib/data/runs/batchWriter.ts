// The recorder's write path: one batch of node upserts and event appends per statement
// group, in one transaction, with multi-row SQL shared by SQLite and PostgreSQL.
import { getDb } from "@/lib/db/client.ts";
import { Prisma } from "@/lib/db/generated/sqlite/client.ts";
import { encodePayload } from "./payloads.ts";
import type { RunNodeDetail, RunWriteBatch } from "./types.ts";

function toNodeColumns(node: RunNodeDetail) {
  return {
    parentId: node.parentId,
    seq: node.seq,
    kind: node.kind,
    name: node.name,
    status: node.status,
    model: node.model,
    createdAt: new Date(node.createdAt),
    startedAt: node.startedAt === null ? null : new Date(node.startedAt),
    endedAt: node.endedAt === null ? null : new Date(node.endedAt),
    durationMs: node.durationMs === null ? null : Math.round(node.durationMs),
    inputTokens: node.usage.inputTokens,
    outputTokens: node.usage.outputTokens,
    totalTokens: node.usage.totalTokens,
    costUsd: node.costUsd,
    error: node.error === null ? null : encodePayload(node.error),
    marks: node.marks === null ? null : encodePayload(node.marks),
    input: node.input,
    output: node.output,
    messages: node.messages === null ? null : encodePayload(node.messages),
    metadata: encodePayload(node.metadata),
  };
}

const NODE_COLUMNS = [
  "parentId",
  "seq",
  "kind",
  "name",
  "status",
  "model",
  "createdAt",
  "startedAt",
  "endedAt",
  "durationMs",
  "inputTokens",
  "outputTokens",
  "totalTokens",
  "costUsd",
  "error",
  "marks",
  "input",
  "output",
  "messages",
  "metadata",
  "updatedAt",
] as const;
const EVENT_COLUMNS = ["runId", "seq", "type", "nodeId", "data", "createdAt"] as const;
/** Rows per statement: 500 × 22 parameters stays under SQLite's and PostgreSQL's limits. */
const ROWS_PER_STATEMENT = 500;

const quoted = (columns: readonly string[]) => Prisma.raw(columns.map((column) => `"${column}"`).join(", "));

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT) out.push(items.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

/**
 * Writes one recorder batch atomically. Nodes are upserted by (runId, id) and events
 * appended with multi-row statements (the same SQL on SQLite and PostgreSQL): Prisma's
 * createMany and per-row updates cost about 0.5 ms a row, these about a tenth of that.
 */
export async function writeRunBatch(runId: string, batch: RunWriteBatch): Promise<void> {
  const db = await getDb();
  const now = new Date();
  const nodeStatements = chunks(batch.nodes).map((nodes) => {
    const values = nodes.map((node) => {
      const columns = { ...toNodeColumns(node), updatedAt: now };
      return Prisma.sql`(${Prisma.join([runId, node.id, ...NODE_COLUMNS.map((column) => columns[column])])})`;
    });
    const updates = Prisma.raw(NODE_COLUMNS.map((column) => `"${column}" = excluded."${column}"`).join(", "));
    return db.$executeRaw`INSERT INTO "run_node" ("runId", "id", ${quoted(NODE_COLUMNS)}) VALUES ${Prisma.join(values)} ON CONFLICT ("runId", "id") DO UPDATE SET ${updates}`;
  });
  const eventStatements = chunks(batch.events).map((events) => {
    const values = events.map(({ seq, event }) => {
      const nodeId = event.type === "node" ? event.node.id : event.type === "text" ? event.nodeId : null;
      return Prisma.sql`(${Prisma.join([runId, seq, event.type, nodeId, encodePayload(event), now])})`;
    });
    return db.$executeRaw`INSERT INTO "run_event" (${quoted(EVENT_COLUMNS)}) VALUES ${Prisma.join(values)}`;
  });
  if (nodeStatements.length + eventStatements.length === 0) return;
  await db.$transaction([...nodeStatements, ...eventStatements]);
}

