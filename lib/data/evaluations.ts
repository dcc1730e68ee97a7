// Stored evaluations: a flow version over a dataset version, one item (and one run) per row.
import { z } from "zod";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client.ts";
import { resolveDatabaseConfig } from "@/lib/db/config.ts";
import { writeSqlite } from "@/lib/db/rawWrites.ts";
import { prepared } from "@/lib/db/statementCache.ts";
import { NotFoundError } from "./errors.ts";
import { EvaluationStatus, type EvaluationItem, ItemResult, ItemStatus, ScorerSpellings, type EvaluationSummary } from "./evaluationTypes.ts";
import { CorruptRecordError, insertRun, insertRunRow, type NewRun } from "./runs/runs.ts";
import type { RunDetail } from "./runs/types.ts";
import { decodePayload, encodePayload } from "./runs/payloads.ts";
import { VersionRef } from "./flowSchemas.ts";
import { Id, parseInput } from "./validation.ts";

export const MAX_EVALUATION_CONCURRENCY = 50;

export const CreateEvaluationInput = z.object({
  flowId: Id,
  /** A version number of the flow (a draft snapshot's is negative); default: its latest. */
  version: VersionRef.optional(),
  datasetVersionId: Id,
  scorers: ScorerSpellings,
  concurrency: z.number().int().min(1).max(MAX_EVALUATION_CONCURRENCY),
  modelOverride: z.string().max(500).optional(),
  minPass: z.number().min(0).max(1).optional(),
  baselineId: Id.optional(),
});
export type CreateEvaluationInput = z.input<typeof CreateEvaluationInput>;

const summarySelect = {
  id: true,
  status: true,
  flowId: true,
  scorers: true,
  concurrency: true,
  modelOverride: true,
  minPass: true,
  baselineId: true,
  heartbeatAt: true,
  createdAt: true,
  endedAt: true,
  flow: { select: { name: true } },
  flowVersion: { select: { number: true } },
  datasetVersion: { select: { id: true, number: true, rowCount: true, dataset: { select: { id: true, name: true } } } },
  _count: { select: { items: { where: { status: "done" } } } },
} as const;

type SummaryRow = {
  id: string;
  status: string;
  flowId: string;
  scorers: string;
  concurrency: number;
  modelOverride: string | null;
  minPass: number | null;
  baselineId: string | null;
  heartbeatAt: Date | null;
  createdAt: Date;
  endedAt: Date | null;
  flow: { name: string };
  flowVersion: { number: number };
  datasetVersion: { id: string; number: number; rowCount: number; dataset: { id: string; name: string } };
  _count: { items: number };
};

function toSummary(row: SummaryRow): EvaluationSummary {
  const scorers = decodePayload(ScorerSpellings, row.scorers);
  const status = EvaluationStatus.safeParse(row.status);
  if (!scorers.ok || !status.success) throw new CorruptRecordError(`Evaluation ${row.id} cannot be read`);
  return {
    id: row.id,
    status: status.data,
    flowId: row.flowId,
    flowName: row.flow.name,
    flowVersion: row.flowVersion.number,
    datasetId: row.datasetVersion.dataset.id,
    datasetName: row.datasetVersion.dataset.name,
    datasetVersion: row.datasetVersion.number,
    datasetVersionId: row.datasetVersion.id,
    rowCount: row.datasetVersion.rowCount,
    done: row._count.items,
    scorers: scorers.value,
    concurrency: row.concurrency,
    modelOverride: row.modelOverride,
    minPass: row.minPass,
    baselineId: row.baselineId,
    heartbeatAt: row.heartbeatAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    endedAt: row.endedAt?.getTime() ?? null,
  };
}

/** Creates a running evaluation with one pending item per row of the dataset version. */
export async function createEvaluation(teamId: string, by: { userId: string | null; apiTokenId?: string }, input: CreateEvaluationInput): Promise<EvaluationSummary> {
  const team = parseInput(Id, teamId);
  const data = parseInput(CreateEvaluationInput, input);
  const db = await getDb();
  const flow = await db.flow.findFirst({ where: { id: data.flowId, teamId: team, deletedAt: null } });
  if (!flow) throw new NotFoundError("Flow", data.flowId);
  const number = data.version ?? flow.latestVersion;
  const flowVersion = await db.flowVersion.findUnique({ where: { flowId_number: { flowId: flow.id, number } } });
  if (!flowVersion) throw new NotFoundError("Flow version", `${flow.id}@${number}`);
  const datasetVersion = await db.datasetVersion.findFirst({ where: { id: data.datasetVersionId, dataset: { teamId: team } } });
  if (!datasetVersion) throw new NotFoundError("Dataset version", data.datasetVersionId);
  if (data.baselineId && !(await db.evaluation.findFirst({ where: { id: data.baselineId, teamId: team }, select: { id: true } }))) {
    throw new NotFoundError("Evaluation", data.baselineId);
  }
  const created = await db.$transaction(async (tx) => {
    const evaluation = await tx.evaluation.create({
      data: {
        teamId: team,
        flowId: flow.id,
        flowVersionId: flowVersion.id,
        datasetVersionId: datasetVersion.id,
        scorers: encodePayload(data.scorers),
        concurrency: data.concurrency,
        modelOverride: data.modelOverride ?? null,
        minPass: data.minPass ?? null,
        baselineId: data.baselineId ?? null,
        createdById: by.userId,
        apiTokenId: by.apiTokenId ?? null,
        heartbeatAt: new Date(),
      },
    });
    await tx.evaluationItem.createMany({ data: Array.from({ length: datasetVersion.rowCount }, (_, index) => ({ evaluationId: evaluation.id, index })) });
    return evaluation;
  });
  return getEvaluation(team, created.id);
}

export async function getEvaluation(teamId: string, evaluationId: string): Promise<EvaluationSummary> {
  const db = await getDb();
  const row = await db.evaluation.findFirst({ where: { id: parseInput(Id, evaluationId), teamId: parseInput(Id, teamId) }, select: summarySelect });
  if (!row) throw new NotFoundError("Evaluation", evaluationId);
  return toSummary(row);
}

/** The flow document an evaluation ran (a draft's is kept only here) and the version's note. */
export async function getEvaluationDocument(teamId: string, evaluationId: string): Promise<{ document: string; message: string }> {
  const db = await getDb();
  const row = await db.evaluation.findFirst({
    where: { id: parseInput(Id, evaluationId), teamId: parseInput(Id, teamId) },
    select: { flowVersion: { select: { document: true, message: true } } },
  });
  if (!row) throw new NotFoundError("Evaluation", evaluationId);
  return row.flowVersion;
}

export async function listEvaluations(teamId: string, filter: { flowId?: string; limit?: number } = {}): Promise<EvaluationSummary[]> {
  const db = await getDb();
  const rows = await db.evaluation.findMany({
    where: { teamId: parseInput(Id, teamId), ...(filter.flowId ? { flowId: parseInput(Id, filter.flowId) } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: parseInput(z.number().int().min(1).max(200), filter.limit ?? 50),
    select: summarySelect,
  });
  return rows.map(toSummary);
}

function toItem(evaluationId: string, row: { index: number; runId: string | null; status: string; result: string | null }): EvaluationItem {
  const status = ItemStatus.safeParse(row.status);
  const result = row.result === null ? null : decodePayload(ItemResult, row.result);
  if (!status.success || (result && !result.ok)) throw new CorruptRecordError(`Evaluation ${evaluationId}, row ${row.index}: cannot be read`);
  return { index: row.index, runId: row.runId, status: status.data, result: result?.ok ? result.value : null };
}

/** The evaluation's items in dataset order (the team's evaluation only). */
export async function listEvaluationItems(teamId: string, evaluationId: string): Promise<EvaluationItem[]> {
  const db = await getDb();
  const evaluation = await db.evaluation.findFirst({ where: { id: parseInput(Id, evaluationId), teamId: parseInput(Id, teamId) }, select: { id: true } });
  if (!evaluation) throw new NotFoundError("Evaluation", evaluationId);
  const rows = await db.evaluationItem.findMany({ where: { evaluationId: evaluation.id }, orderBy: { index: "asc" } });
  return rows.map((row) => toItem(evaluation.id, row));
}

/** Items not done yet, in dataset order (the driver's work). */
export async function listOpenItems(evaluationId: string): Promise<EvaluationItem[]> {
  const db = await getDb();
  const rows = await db.evaluationItem.findMany({ where: { evaluationId, status: { not: "done" } }, orderBy: { index: "asc" } });
  return rows.map((row) => toItem(evaluationId, row));
}

const SQLITE_TAKE_ROW = `UPDATE "evaluation_item" SET "status" = 'running', "runId" = ? WHERE "evaluationId" = ? AND "index" = ? AND "status" = 'pending'`;

/**
 * Creates a pending item's run (prepared: prepareRun, withInput) and ties the two together
 * in one commit (a process killed between two commits left a run no row knew of, and the
 * row ran again on resume); null when another driver took the row first. The run's id is
 * chosen here, so the row is taken and pointed at its run in one statement. SQLite: prepared
 * statements inside the group commit (every row's start; Prisma's transaction cost ~3 ms).
 */
export async function createItemRun(evaluationId: string, index: number, run: NewRun): Promise<RunDetail | null> {
  const config = resolveDatabaseConfig();
  const runId = randomUUID();
  if (config.provider === "sqlite") {
    const createdAt = new Date();
    return writeSqlite(config, (db) => (prepared(db, SQLITE_TAKE_ROW).run(runId, evaluationId, index).changes === 1 ? insertRunRow(db, run, runId, createdAt) : null));
  }
  const db = await getDb(config);
  return db.$transaction(async (tx) => {
    const { count } = await tx.evaluationItem.updateMany({ where: { evaluationId, index, status: "pending" }, data: { status: "running", runId } });
    return count === 1 ? (await insertRun(run, tx, runId)).run : null;
  });
}

const SQLITE_FINISH_ITEM = `UPDATE "evaluation_item" SET "status" = 'done', "result" = ? WHERE "evaluationId" = ? AND "index" = ? AND "status" <> 'done'`;

/** Stores a row's result (SQLite: a prepared statement inside the group commit, like the row's start). */
export async function finishItem(evaluationId: string, index: number, result: ItemResult): Promise<void> {
  const config = resolveDatabaseConfig();
  const stored = encodePayload(ItemResult.parse(result));
  if (config.provider === "sqlite") {
    await writeSqlite(config, (db) => prepared(db, SQLITE_FINISH_ITEM).run(stored, evaluationId, index));
    return;
  }
  const db = await getDb(config);
  await db.evaluationItem.updateMany({ where: { evaluationId, index, status: { not: "done" } }, data: { status: "done", result: stored } });
}

/** Moves the evaluation from one of `from` to `to`; false when it was in none of them. */
export async function setEvaluationStatus(evaluationId: string, from: EvaluationStatus[], to: EvaluationStatus): Promise<boolean> {
  const db = await getDb();
  const ended = to === "running" ? { endedAt: null, heartbeatAt: new Date() } : { endedAt: new Date() };
  const { count } = await db.evaluation.updateMany({ where: { id: evaluationId, status: { in: from } }, data: { status: to, ...ended } });
  return count === 1;
}

export type ClaimedEvaluation = { id: string; teamId: string; createdById: string | null; apiTokenId: string | null };

/** A running evaluation whose driver has been silent since `staleBefore`. */
const silentSince = (staleBefore: Date) => ({ status: "running", OR: [{ heartbeatAt: { lt: staleBefore } }, { heartbeatAt: null, createdAt: { lt: staleBefore } }] });

/**
 * Running evaluations whose driver has been silent since before `staleBefore` (its process
 * stopped), each claimed for the caller by moving its heartbeat to now: of two processes
 * sweeping at once, exactly one claims it (a conditional update on the heartbeat seen).
 */
export async function claimStaleEvaluations(staleBefore: Date): Promise<ClaimedEvaluation[]> {
  const db = await getDb();
  const stale = await db.evaluation.findMany({
    where: silentSince(staleBefore),
    select: { id: true, teamId: true, createdById: true, apiTokenId: true, heartbeatAt: true },
    take: 100,
  });
  const claimed: ClaimedEvaluation[] = [];
  for (const { heartbeatAt, ...evaluation } of stale) {
    const { count } = await db.evaluation.updateMany({ where: { id: evaluation.id, status: "running", heartbeatAt }, data: { heartbeatAt: new Date() } });
    if (count === 1) claimed.push(evaluation);
  }
  return claimed;
}

/**
 * Claims one evaluation to drive it again (a person's resume): true when it was interrupted,
 * or running with a driver silent since `staleBefore`; false when another process (its sweep,
 * or another resume) took it first.
 */
export async function claimEvaluation(evaluationId: string, staleBefore: Date): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.evaluation.updateMany({
    where: { id: evaluationId, OR: [{ status: "interrupted" }, silentSince(staleBefore)] },
    data: { status: "running", endedAt: null, heartbeatAt: new Date() },
  });
  return count === 1;
}

/** The driver's heartbeat; false when the evaluation is no longer running (cancelled, perhaps by another process). */
export async function touchEvaluation(evaluationId: string): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.evaluation.updateMany({ where: { id: evaluationId, status: "running" }, data: { heartbeatAt: new Date() } });
  return count === 1;
}

/** Model-call steps each of some runs made (the timeline's "step" nodes), in one query; a run with none is left out. */
export async function countRunSteps(runIds: readonly string[]): Promise<Map<string, number>> {
  if (runIds.length === 0) return new Map();
  const db = await getDb();
  const counts = await db.runNode.groupBy({ by: ["runId"], where: { runId: { in: [...runIds] }, kind: "step" }, _count: { _all: true } });
  return new Map(counts.map((row) => [row.runId, row._count._all]));
}

export type RunOutcome = {
  id: string;
  status: string;
  output: string | null;
  error: string | null;
  usage: { inputTokens: number; outputTokens: number; totalTokens: number };
  costUsd: number;
  startedAt: Date | null;
  endedAt: Date | null;
  createdAt: Date;
};

/** The current state of some runs (an evaluation's open ones), in one query. */
export async function runOutcomes(runIds: readonly string[]): Promise<RunOutcome[]> {
  if (runIds.length === 0) return [];
  const db = await getDb();
  const rows = await db.run.findMany({
    where: { id: { in: [...runIds] } },
    select: { id: true, status: true, output: true, error: true, inputTokens: true, outputTokens: true, totalTokens: true, costUsd: true, startedAt: true, endedAt: true, createdAt: true },
  });
  return rows.map(({ inputTokens, outputTokens, totalTokens, ...row }) => ({ ...row, usage: { inputTokens, outputTokens, totalTokens } }));
}
