// Runs: create, read and list a team's runs, and the run row's lifecycle writes.
import { z } from "zod";
import { type Db, type DbTransaction, getDb } from "@/lib/db/client.ts";
import type Database from "better-sqlite3";
import { storedTime } from "@/lib/db/rawWrites.ts";
import { prepared as sqlitePrepared } from "@/lib/db/statementCache.ts";
import { SystemError } from "@/lib/errors";
import { NotFoundError } from "../errors.ts";
import { VersionRef } from "../flowSchemas.ts";
import { Id, parseInput } from "../validation.ts";
import { decodePayload, encodePayload } from "./payloads.ts";
import { RunDetail, RunOptions, RunStatus, RunSummary, RunTotals, RunTrigger } from "./types.ts";

/** A stored row that cannot be read back (a bug, or a newer version's data). */
export class CorruptRecordError extends SystemError {
  override readonly name = "CorruptRecordError";
}

export const MAX_RUN_INPUT_CHARS = 100_000;

export const CreateRunInput = z.object({
  flowId: Id,
  /** A version number of the flow (a draft snapshot's is negative); default: its latest. */
  version: VersionRef.optional(),
  input: z.string().max(MAX_RUN_INPUT_CHARS, `The input has at most ${MAX_RUN_INPUT_CHARS} characters`),
  options: RunOptions.default({}),
  trigger: RunTrigger.default("ui"),
  rerunOfId: Id.optional(),
  forkOfId: Id.optional(),
  forkAt: z.string().max(500).optional(),
});
export type CreateRunInput = z.input<typeof CreateRunInput>;

export const ListRunsFilter = z.object({
  flowId: Id.optional(),
  status: RunStatus.optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListRunsFilter = z.input<typeof ListRunsFilter>;

export type RunFinish = { status: RunStatus; output: string | null; error: string | null; totals: RunTotals };

export const OPEN_RUN_STATUSES: RunStatus[] = ["queued", "running"];

/** A run's own columns; runSelect adds its flow's name and version number. */
const runColumns = {
  id: true,
  flowId: true,
  status: true,
  trigger: true,
  input: true,
  output: true,
  error: true,
  options: true,
  rerunOfId: true,
  forkOfId: true,
  forkAt: true,
  inputTokens: true,
  outputTokens: true,
  totalTokens: true,
  costUsd: true,
  createdAt: true,
  startedAt: true,
  endedAt: true,
} as const;

export const runSelect = {
  ...runColumns,
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
  forkOfId: string | null;
  forkAt: string | null;
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

export function toRunDetail(row: RunRow): RunDetail {
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
    options: readOptions(row),
    rerunOfId: row.rerunOfId,
    forkOfId: row.forkOfId,
    forkAt: row.forkAt,
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
  const { output: _output, options: _options, rerunOfId: _rerun, forkOfId: _forkOf, forkAt: _forkAt, ...summary } = toRunDetail(row);
  return summary;
}

function readOptions(row: { id: string; options: string }): RunOptions {
  const options = decodePayload(RunOptions, row.options);
  if (!options.ok) throw new CorruptRecordError(`Run ${row.id}: its stored options cannot be read (${options.problem})`);
  return options.value;
}

export async function findTeamRun(db: Db, teamId: string, runId: string) {
  const run = await db.run.findFirst({ where: { id: runId, teamId }, select: runSelect });
  if (!run) throw new NotFoundError("Run", runId);
  return run;
}

/** A new run's row as prepareRun checked it; its id, status, times and totals are set when it is inserted. */
type NewRunRow = {
  teamId: string;
  flowId: string;
  flowVersionId: string;
  input: string;
  options: string;
  trigger: RunTrigger;
  createdById: string | null;
  apiTokenId: string | null;
  rerunOfId: string | null;
  forkOfId: string | null;
  forkAt: string | null;
};

/** A run ready to insert: its row, checked, with its flow's name and the document it will run. */
export type NewRun = { data: NewRunRow; flowName: string; versionNumber: number; document: string };

/** Checks a new run of a live flow's version (default: latest) and reads what its row needs; writes nothing. */
export async function prepareRun(teamId: string, userId: string | null, input: CreateRunInput, via: { apiTokenId?: string } = {}): Promise<NewRun> {
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
  return {
    data: {
      teamId: team,
      flowId: flow.id,
      flowVersionId: version.id,
      input: data.input,
      options: encodePayload(data.options),
      trigger: data.trigger,
      createdById: author,
      apiTokenId,
      rerunOfId: data.rerunOfId ?? null,
      forkOfId: data.forkOfId ?? null,
      forkAt: data.forkAt ?? null,
    },
    flowName: flow.name,
    versionNumber: version.number,
    document: version.document,
  };
}

/** The prepared run with another input, checked like any run's (an evaluation prepares its flow version once for all its rows). */
export function withInput(prepared: NewRun, input: string): NewRun {
  return { ...prepared, data: { ...prepared.data, input: parseInput(CreateRunInput.shape.input, input) } };
}

/**
 * Inserts a prepared run as queued (with `id` when given), inside `transaction` when given (a
 * caller that ties the run to its own record in the same commit: its reads stay outside, so
 * the transaction is short).
 */
export async function insertRun(prepared: NewRun, transaction?: DbTransaction, id?: string): Promise<{ run: RunDetail; document: string }> {
  const db = transaction ?? (await getDb());
  // The flow's name and version number are known: reading them back would be two more queries.
  const row = await db.run.create({ data: { ...prepared.data, ...(id && { id }) }, select: runColumns });
  return { run: toRunDetail({ ...row, flow: { name: prepared.flowName }, flowVersion: { number: prepared.versionNumber } }), document: prepared.document };
}

const NEW_RUN_COLUMNS = ["id", "teamId", "flowId", "flowVersionId", "status", "input", "options", "trigger", "createdById", "apiTokenId", "rerunOfId", "forkOfId", "forkAt", "createdAt"] as const;
// Every field of a new run's row has its column above (a field added to NewRunRow and not
// listed would be lost on SQLite only): this fails to compile otherwise.
const everyRowFieldListed: Exclude<keyof NewRunRow, (typeof NEW_RUN_COLUMNS)[number]> extends never ? true : never = true;
void everyRowFieldListed;
const SQLITE_RUN_INSERT = `INSERT INTO "run" (${NEW_RUN_COLUMNS.map((name) => `"${name}"`).join(", ")}) VALUES (${NEW_RUN_COLUMNS.map(() => "?").join(", ")})`;

/**
 * SQLite: inserts a prepared run as queued under `id` on the connection's handle, as part of
 * a caller's raw write (lib/db/rawWrites.ts), without Prisma's cost; returns it as insertRun does.
 */
export function insertRunRow(db: Database.Database, prepared: NewRun, id: string, createdAt: Date): RunDetail {
  const row = { ...prepared.data, id, status: "queued", createdAt: storedTime(createdAt.getTime()) };
  sqlitePrepared(db, SQLITE_RUN_INSERT).run(...NEW_RUN_COLUMNS.map((name) => row[name]));
  return toRunDetail({
    ...row,
    output: null,
    error: null,
    inputTokens: 0,
    outputTokens: 0,
    totalTokens: 0,
    costUsd: 0,
    createdAt,
    startedAt: null,
    endedAt: null,
    flow: { name: prepared.flowName },
    flowVersion: { number: prepared.versionNumber },
  });
}

/** Creates a queued run of a live flow's version (default: latest) and returns it with the document it will run. */
export async function createRun(teamId: string, userId: string | null, input: CreateRunInput, via: { apiTokenId?: string } = {}): Promise<{ run: RunDetail; document: string }> {
  return insertRun(await prepareRun(teamId, userId, input, via));
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
