// A run's RunNode rows: the tree for the timeline (summaries) and one node with its payloads.
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { forEachRow, type RowsQuery } from "@/lib/db/rawRows.ts";
import { Message } from "@/lib/engine/messages";
import type { Message as MessageType } from "@/lib/engine/model";
import { NotFoundError } from "../errors.ts";
import { Id, parseInput } from "../validation.ts";
import { nodePacker, type PackedNodes } from "./packedNodes.ts";
import { decodePayload } from "./payloads.ts";
import { lastRunEventSeq } from "./events.ts";
import { CorruptRecordError, findTeamRun, getRun } from "./runs.ts";
import { NodeError, NodeMarks, type RunDetail, type RunNodeDetail, RunNodeKind, RunNodeStatus, type RunNodeSummary } from "./types.ts";

/** A RunNode id: the run's id and the node's position in the tree, so deep trees give long ids. */
const NodeId = z.string().trim().min(1, "Missing id").max(4000, "Id too long");
const Messages = z.array(Message);
const Metadata = z.record(z.string(), z.unknown());

type NodeSummaryRow = {
  id: string;
  parentId: string | null;
  seq: number;
  kind: string;
  name: string;
  status: string;
  model: string | null;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  durationMs: number | null;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  costUsd: number;
  error: string | null;
  marks: string | null;
};

type NodeDetailRow = NodeSummaryRow & { input: string | null; output: string | null; messages: string | null; metadata: string };

/** What a node shows when one of its stored payloads cannot be read: the node stays visible. */
function unreadable(what: string, problem: string): NodeError {
  return { name: "UnreadableRecord", message: `The stored ${what} of this node cannot be read (${problem}).` };
}

function readError(text: string | null): NodeError | null {
  if (text === null) return null;
  const error = decodePayload(NodeError, text);
  return error.ok ? error.value : unreadable("error", error.problem);
}

/** Marks only decorate the timeline: unreadable ones are left out (the node's error is its own). */
function readMarks(text: string | null): NodeMarks | null {
  if (text === null) return null;
  const marks = decodePayload(NodeMarks, text);
  return marks.ok ? marks.value : null;
}

/** A row Prisma read, as the timeline's tuple reads it (one mapping for both). */
function toNodeSummary(row: NodeSummaryRow): RunNodeSummary {
  const time = (value: Date | null) => value?.getTime() ?? null;
  return toSummaryFromRow([
    row.id,
    row.parentId,
    row.seq,
    row.kind,
    row.name,
    row.status,
    row.model,
    row.createdAt.getTime(),
    time(row.startedAt),
    time(row.endedAt),
    row.durationMs,
    row.inputTokens,
    row.outputTokens,
    row.totalTokens,
    row.costUsd,
    row.error,
    row.marks,
  ]);
}

/** A node's payloads; one that cannot be read is left out and named in the node's error. */
function toNodeDetail(row: NodeDetailRow): RunNodeDetail {
  const summary = toNodeSummary(row);
  const messages = row.messages === null ? null : decodePayload(Messages, row.messages);
  const metadata = decodePayload(Metadata, row.metadata);
  const problem = (messages && !messages.ok ? unreadable("messages", messages.problem) : null) ?? (!metadata.ok ? unreadable("metadata", metadata.problem) : null);
  return {
    ...summary,
    error: summary.error ?? problem,
    input: row.input,
    output: row.output,
    messages: messages?.ok ? messages.value : null,
    metadata: metadata.ok ? metadata.value : {},
  };
}

// The timeline's columns in one pass through the driver (rawRows.ts), times as epoch ms:
// Prisma took 10 s for a 100,000-node run. The order matches SummaryRow.
const SUMMARY_NAMES = ["id", "parentId", "seq", "kind", "name", "status", "model"];
const SUMMARY_TIMES = ["createdAt", "startedAt", "endedAt"];
const SUMMARY_REST = ["durationMs", "inputTokens", "outputTokens", "totalTokens", "costUsd", "error", "marks"];
const selectSummaries = (time: (column: string) => string, where: string) =>
  `SELECT ${[...SUMMARY_NAMES.map((c) => `"${c}"`), ...SUMMARY_TIMES.map(time), ...SUMMARY_REST.map((c) => `"${c}"`)].join(", ")} FROM "run_node" WHERE ${where} ORDER BY "seq"`;
const SQLITE_TIME = (c: string) => `CAST(round(unixepoch("${c}", 'subsec') * 1000) AS INTEGER)`;
const POSTGRES_TIME = (c: string) => `round(extract(epoch from "${c}") * 1000)::float8`;
const SUMMARIES: Omit<RowsQuery, "params"> = {
  sqlite: selectSummaries(SQLITE_TIME, `"runId" = ?`),
  postgresql: selectSummaries(POSTGRES_TIME, `"runId" = $1`),
};
// One page of the same, after a seq (the recorder numbers a run's nodes one by one, so
// seq is unique in a run): a keyset walk down the (runId, seq) index.
const SUMMARY_PAGE: Omit<RowsQuery, "params"> = {
  sqlite: `${selectSummaries(SQLITE_TIME, `"runId" = ? AND "seq" > ?`)} LIMIT ?`,
  postgresql: `${selectSummaries(POSTGRES_TIME, `"runId" = $1 AND "seq" > $2`)} LIMIT $3`,
};
const COUNT: Omit<RowsQuery, "params"> = {
  sqlite: `SELECT COUNT(*) FROM "run_node" WHERE "runId" = ?`,
  postgresql: `SELECT COUNT(*)::int FROM "run_node" WHERE "runId" = $1`,
};

type SummaryRow = [
  id: string,
  parentId: string | null,
  seq: number,
  kind: string,
  name: string,
  status: string,
  model: string | null,
  createdAt: number,
  startedAt: number | null,
  endedAt: number | null,
  durationMs: number | null,
  inputTokens: number,
  outputTokens: number,
  totalTokens: number,
  costUsd: number,
  error: string | null,
  marks: string | null,
];

const KINDS: ReadonlySet<string> = new Set(RunNodeKind.options);
const STATUSES: ReadonlySet<string> = new Set(RunNodeStatus.options);

/** A row as the timeline reads it: enum columns checked, the JSON columns (mostly null) decoded. */
function toSummaryFromRow(row: SummaryRow): RunNodeSummary {
  const [id, parentId, seq, kind, name, status, model, createdAt, startedAt, endedAt, durationMs, inputTokens, outputTokens, totalTokens, costUsd, error, marks] = row;
  if (!KINDS.has(kind) || !STATUSES.has(status)) throw new CorruptRecordError(`The stored node ${id} has an unknown kind or status (${kind}, ${status}).`);
  return {
    id,
    parentId,
    seq,
    kind: kind as RunNodeKind,
    name,
    status: status as RunNodeStatus,
    model,
    createdAt,
    startedAt,
    endedAt,
    durationMs,
    usage: { inputTokens, outputTokens, totalTokens },
    costUsd,
    error: readError(error),
    marks: readMarks(marks),
  };
}

/** Calls `onNode` with each node of the team's run in creation order, without payloads. */
async function forEachRunNode(teamId: string, runId: string, onNode: (node: RunNodeSummary) => void): Promise<void> {
  const db = await getDb();
  const run = await findTeamRun(db, parseInput(Id, teamId), parseInput(Id, runId));
  await forEachRow({ ...SUMMARIES, params: [run.id] }, (row) => onNode(toSummaryFromRow(row as SummaryRow)));
}

/** Every node of a run in creation order, without their payloads. */
export async function listRunNodes(teamId: string, runId: string): Promise<RunNodeSummary[]> {
  const nodes: RunNodeSummary[] = [];
  await forEachRunNode(teamId, runId, (node) => nodes.push(node));
  return nodes;
}

/** The first chunk is small, so the page draws its first rows soon; each next one twice as large, up to this. */
const FIRST_CHUNK = 2_000;
const LARGEST_CHUNK = 16_000;

export type RunTimeline = {
  /** The run's last event seq, read first: the run and the nodes read after it are at least that new. */
  lastSeq: number;
  run: RunDetail;
  /** How many nodes the run has. */
  count: number;
  /**
   * The nodes packed for the run page (packedNodes.ts), in chunks as they are read: each
   * chunk one query, sized 2,000, 4,000, 8,000, then 16,000 rows, so the page can draw the
   * top of the timeline while the rest is still on its way, and rebuild it only a few times.
   */
  chunks: AsyncGenerator<PackedNodes>;
};

/** What the run page's timeline stream sends, with one check that the run is the team's. */
export async function openRunTimeline(teamId: string, runId: string): Promise<RunTimeline> {
  const team = parseInput(Id, teamId);
  const id = parseInput(Id, runId);
  const lastSeq = await lastRunEventSeq(id);
  const run = await getRun(team, id);
  let count = 0;
  await forEachRow({ ...COUNT, params: [run.id] }, ([value]) => (count = Number(value)));
  return { lastSeq, run, count, chunks: packedNodeChunks(run.id) };
}

async function* packedNodeChunks(runId: string): AsyncGenerator<PackedNodes> {
  const packer = nodePacker();
  let afterSeq = -1;
  for (let size = FIRST_CHUNK; ; size = Math.min(size * 2, LARGEST_CHUNK)) {
    const read = await forEachRow({ ...SUMMARY_PAGE, params: [runId, afterSeq, size] }, (row) => {
      const node = toSummaryFromRow(row as SummaryRow);
      afterSeq = node.seq;
      packer.add(node);
    });
    const chunk = packer.take();
    if (chunk.rows.length > 0) yield chunk;
    if (read < size) return;
  }
}

/** Every node of a run in creation order, with their payloads (for an export of the whole tree). */
export async function listRunNodeDetails(teamId: string, runId: string): Promise<RunNodeDetail[]> {
  const db = await getDb();
  const run = await findTeamRun(db, parseInput(Id, teamId), parseInput(Id, runId));
  const rows = await db.runNode.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" } });
  return rows.map(toNodeDetail);
}

/**
 * One node with its payloads. For a model call, `conversation` is everything its agent
 * had said and heard up to and including this call (its earlier steps' messages first).
 */
export async function getRunNode(
  teamId: string,
  runId: string,
  nodeId: string,
): Promise<{ node: RunNodeDetail; conversation: MessageType[] | null }> {
  const db = await getDb();
  const run = await findTeamRun(db, parseInput(Id, teamId), parseInput(Id, runId));
  const id = parseInput(NodeId, nodeId);
  const row = await db.runNode.findUnique({ where: { runId_id: { runId: run.id, id } } });
  if (!row) throw new NotFoundError("Run node", id);
  const node = toNodeDetail(row);
  if (node.kind !== "step") return { node, conversation: null };
  const steps = await db.runNode.findMany({
    where: { runId: run.id, parentId: node.parentId, kind: "step", seq: { lte: node.seq } },
    orderBy: { seq: "asc" },
    select: { messages: true },
  });
  const conversation = steps.flatMap((step) => {
    const messages = step.messages === null ? null : decodePayload(Messages, step.messages);
    return messages?.ok ? messages.value : [];
  });
  return { node, conversation };
}

