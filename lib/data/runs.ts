// Runs, their RunNode trees and event streams, always scoped by team.
import { z } from "zod";
import { type Db, getDb } from "@/lib/db/client.ts";
import { Prisma } from "@/lib/db/generated/sqlite/client.ts";
import { Message } from "@/lib/engine/messages";
import type { Message as MessageType } from "@/lib/engine/model";
import {
  NodeError,
  RunDetail,
  RunNodeDetail,
  RunNodeKind,
  RunNodeStatus,
  RunNodeSummary,
  RunOptions,
  RunStatus,
  RunSummary,
  RunTotals,
  RunTrigger,
  type LiveEvent,
  type RunWriteBatch,
  type SequencedEvent,
} from "@/lib/runs/types";
import { NotFoundError } from "./errors.ts";
import { Id, parseInput } from "./validation.ts";

export const MAX_RUN_INPUT_CHARS = 100_000;

export const CreateRunInput = z.object({
  flowId: Id,
  /** A version number of the flow; default: its latest. */
  version: z.number().int().positive().optional(),
  input: z.string().max(MAX_RUN_INPUT_CHARS, `The input has at most ${MAX_RUN_INPUT_CHARS} characters`),
  options: RunOptions.default({}),
  trigger: RunTrigger.default("ui"),
  rerunOfId: Id.optional(),
});
export type CreateRunInput = z.input<typeof CreateRunInput>;

export const ListRunsFilter = z.object({
  flowId: Id.optional(),
  status: RunStatus.optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListRunsFilter = z.input<typeof ListRunsFilter>;

export type RunFinish = { status: RunStatus; output: string | null; error: string | null; totals: RunTotals };

const OPEN_RUN_STATUSES: RunStatus[] = ["queued", "running"];
const OPEN_NODE_STATUSES: RunNodeStatus[] = ["init", "running"];

const runSelect = {
  id: true,
  flowId: true,
  status: true,
  trigger: true,
  input: true,
  output: true,
  error: true,
  options: true,
  rerunOfId: true,
  inputTokens: true,
  outputTokens: true,
  totalTokens: true,
  costUsd: true,
  createdAt: true,
  startedAt: true,
  endedAt: true,
  flow: { select: { name: true } },
  flowVersion: { select: { number: true } },
} as const;

type RunRow = {
  id: string;
  flowId: string;
  status: string;
  trigger: string;
  input: string;
  output: string | null;
  error: string | null;
  options: string;
  rerunOfId: string | null;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  costUsd: number;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  flow: { name: string };
  flowVersion: { number: number };
};

function toRunDetail(row: RunRow): RunDetail {
  return RunDetail.parse({
    id: row.id,
    flowId: row.flowId,
    flowName: row.flow.name,
    flowVersion: row.flowVersion.number,
    status: row.status,
    trigger: row.trigger,
    input: row.input,
    output: row.output,
    error: row.error,
    options: parseJson(row.options, {}),
    rerunOfId: row.rerunOfId,
    totals: {
      usage: { inputTokens: row.inputTokens, outputTokens: row.outputTokens, totalTokens: row.totalTokens },
      costUsd: row.costUsd,
    },
    createdAt: row.createdAt.getTime(),
    startedAt: row.startedAt?.getTime() ?? null,
    endedAt: row.endedAt?.getTime() ?? null,
  });
}

function toRunSummary(row: RunRow): RunSummary {
  const { output: _output, options: _options, rerunOfId: _rerun, ...summary } = toRunDetail(row);
  return summary;
}

function parseJson(text: string | null, fallback: unknown): unknown {
  if (text === null) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

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
};

type NodeDetailRow = NodeSummaryRow & { input: string | null; output: string | null; messages: string | null; metadata: string };

// Rows were written by this module; a cheap structural mapping (no per-row zod) keeps a
// 30,000-node read fast. Enum columns are still checked.
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
    error: row.error === null ? null : NodeError.catch({ name: "Error", message: row.error }).parse(parseJson(row.error, null)),
  };
}

function toNodeDetail(row: NodeDetailRow): RunNodeDetail {
  const messages = z.array(Message).safeParse(parseJson(row.messages, null));
  const metadata = z.record(z.string(), z.unknown()).safeParse(parseJson(row.metadata, {}));
  return {
    ...toNodeSummary(row),
    input: row.input,
    output: row.output,
    messages: messages.success ? messages.data : null,
    metadata: metadata.success ? metadata.data : {},
  };
}

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
    error: node.error === null ? null : JSON.stringify(node.error),
    input: node.input,
    output: node.output,
    messages: node.messages === null ? null : JSON.stringify(node.messages),
    metadata: JSON.stringify(node.metadata),
  };
}

async function findTeamRun(db: Db, teamId: string, runId: string) {
  const run = await db.run.findFirst({ where: { id: runId, teamId }, select: runSelect });
  if (!run) throw new NotFoundError("Run", runId);
  return run;
}

/**
 * Creates a queued run of a live flow's version (default: latest) and returns it with
 * the document it will run.
 */
export async function createRun(
  teamId: string,
  userId: string | null,
  input: CreateRunInput,
  via: { apiTokenId?: string } = {},
): Promise<{ run: RunDetail; document: string }> {
  const team = parseInput(Id, teamId);
  const author = userId === null ? null : parseInput(Id, userId);
  const apiTokenId = via.apiTokenId === undefined ? null : parseInput(Id, via.apiTokenId);
  const data = parseInput(CreateRunInput, input);
  const db = await getDb();
  const flow = await db.flow.findFirst({ where: { id: data.flowId, teamId: team, deletedAt: null } });
  if (!flow) throw new NotFoundError("Flow", data.flowId);
  const number = data.version ?? flow.latestVersion;
  const version = await db.flowVersion.findUnique({ where: { flowId_number: { flowId: flow.id, number } } });
  if (!version) throw new NotFoundError("Flow version", `${flow.id}@${number}`);
  const row = await db.run.create({
    data: {
      teamId: team,
      flowId: flow.id,
      flowVersionId: version.id,
      input: data.input,
      options: JSON.stringify(data.options),
      trigger: data.trigger,
      createdById: author,
      apiTokenId,
      rerunOfId: data.rerunOfId ?? null,
    },
    select: runSelect,
  });
  return { run: toRunDetail(row), document: version.document };
}

export async function getRun(teamId: string, runId: string): Promise<RunDetail> {
  const db = await getDb();
  return toRunDetail(await findTeamRun(db, parseInput(Id, teamId), parseInput(Id, runId)));
}

/** A team's runs, newest first, optionally of one flow and/or one status. */
export async function listRuns(teamId: string, filter: ListRunsFilter = {}): Promise<RunSummary[]> {
  const team = parseInput(Id, teamId);
  const { flowId, status, limit } = parseInput(ListRunsFilter, filter);
  const db = await getDb();
  const rows = await db.run.findMany({
    where: { teamId: team, ...(flowId ? { flowId } : {}), ...(status ? { status } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: runSelect,
  });
  return rows.map(toRunSummary);
}

/** Every node of a run in creation order, without their payloads. */
export async function listRunNodes(teamId: string, runId: string): Promise<RunNodeSummary[]> {
  const db = await getDb();
  const run = await findTeamRun(db, parseInput(Id, teamId), parseInput(Id, runId));
  const rows = await db.runNode.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" }, select: summaryColumns });
  return rows.map(toNodeSummary);
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
  const id = parseInput(Id, nodeId);
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
    const parsed = z.array(Message).safeParse(parseJson(step.messages, []));
    return parsed.success ? parsed.data : [];
  });
  return { node, conversation };
}

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
  return rows.map((row) => ({ seq: row.seq, event: JSON.parse(row.data) as LiveEvent }));
}

/** The highest event seq written for a run (0 when none), so a restarted writer continues after it. */
export async function lastRunEventSeq(runId: string): Promise<number> {
  const db = await getDb();
  const last = await db.runEvent.findFirst({ where: { runId }, orderBy: { seq: "desc" }, select: { seq: true } });
  return last?.seq ?? 0;
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
      return Prisma.sql`(${Prisma.join([runId, seq, event.type, nodeId, JSON.stringify(event), now])})`;
    });
    return db.$executeRaw`INSERT INTO "run_event" (${quoted(EVENT_COLUMNS)}) VALUES ${Prisma.join(values)}`;
  });
  if (nodeStatements.length + eventStatements.length === 0) return;
  await db.$transaction([...nodeStatements, ...eventStatements]);
}

export async function markRunStarted(runId: string): Promise<void> {
  const db = await getDb();
  const now = new Date();
  await db.run.update({ where: { id: runId }, data: { status: "running", startedAt: now, heartbeatAt: now } });
}

/** Records that the process running `runId` is alive. */
export async function touchRun(runId: string): Promise<void> {
  const db = await getDb();
  await db.run.updateMany({ where: { id: runId, status: { in: OPEN_RUN_STATUSES } }, data: { heartbeatAt: new Date() } });
}

/** The run's final state, written last; a run already marked finished (e.g. interrupted) is left alone. */
export async function finishRun(runId: string, finish: RunFinish): Promise<void> {
  const db = await getDb();
  const { usage, costUsd } = finish.totals;
  await db.run.updateMany({
    where: { id: runId, status: { in: OPEN_RUN_STATUSES } },
    data: {
      status: finish.status,
      output: finish.output,
      error: finish.error,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      totalTokens: usage.totalTokens,
      costUsd,
      endedAt: new Date(),
    },
  });
}

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
        error: JSON.stringify({ name: "Interrupted", message: INTERRUPTED_MESSAGE }),
      },
    }),
  ]);
  return ids;
}
