// A run's RunNode rows: the tree for the timeline (summaries) and one node with its payloads.
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { Message } from "@/lib/engine/messages";
import type { Message as MessageType } from "@/lib/engine/model";
import { NotFoundError } from "../errors.ts";
import { Id, parseInput } from "../validation.ts";
import { decodePayload } from "./payloads.ts";
import { findTeamRun } from "./runs.ts";
import { NodeError, NodeMarks, type RunNodeDetail, RunNodeKind, RunNodeStatus, type RunNodeSummary } from "./types.ts";

/** A RunNode id: the run's id and the node's position in the tree, so deep trees give long ids. */
const NodeId = z.string().trim().min(1, "Missing id").max(4000, "Id too long");
const Messages = z.array(Message);
const Metadata = z.record(z.string(), z.unknown());

const summaryColumns = {
  id: true,
  parentId: true,
  seq: true,
  kind: true,
  name: true,
  status: true,
  model: true,
  createdAt: true,
  startedAt: true,
  endedAt: true,
  durationMs: true,
  inputTokens: true,
  outputTokens: true,
  totalTokens: true,
  costUsd: true,
  error: true,
  marks: true,
} as const;

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

// Columns are mapped structurally (no per-row zod object parse) to keep a 30,000-node read
// fast; enum columns are checked, and the one JSON column (error, mostly null) is decoded.
function toNodeSummary(row: NodeSummaryRow): RunNodeSummary {
  return {
    id: row.id,
    parentId: row.parentId,
    seq: row.seq,
    kind: RunNodeKind.parse(row.kind),
    name: row.name,
    status: RunNodeStatus.parse(row.status),
    model: row.model,
    createdAt: row.createdAt.getTime(),
    startedAt: row.startedAt?.getTime() ?? null,
    endedAt: row.endedAt?.getTime() ?? null,
    durationMs: row.durationMs,
    usage: { inputTokens: row.inputTokens, outputTokens: row.outputTokens, totalTokens: row.totalTokens },
    costUsd: row.costUsd,
    error: readError(row.error),
    marks: readMarks(row.marks),
  };
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

/** Every node of a run in creation order, without their payloads. */
export async function listRunNodes(teamId: string, runId: string): Promise<RunNodeSummary[]> {
  const db = await getDb();
  const run = await findTeamRun(db, parseInput(Id, teamId), parseInput(Id, runId));
  const rows = await db.runNode.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" }, select: summaryColumns });
  return rows.map(toNodeSummary);
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

