// A team's evaluation datasets and their versions: every change of the rows is a new
// version holding all of them (an evaluation records the version it ran over).
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { DatasetRow } from "@/lib/evals/dataset.ts";
import { NotFoundError, ValidationError, VersionConflictError } from "./errors.ts";
import { MAX_MESSAGE_LENGTH, MAX_NAME_LENGTH, utf8ByteLength } from "./limits.ts";
import { CorruptRecordError } from "./runs/runs.ts";
import { decodePayload, encodePayload } from "./runs/payloads.ts";
import { Id, parseInput } from "./validation.ts";

/** A stored dataset's rows: few enough that one version is one JSON value (5,000 rows, 10 MiB). */
export const MAX_STORED_DATASET_ROWS = 5000;
export const MAX_STORED_DATASET_BYTES = 10 * 1024 * 1024;

/** The rows as stored, or a ValidationError when they are larger than a version may be. */
function encodeRows(rows: DatasetRow[]): string {
  const text = encodePayload(rows);
  if (utf8ByteLength(text) > MAX_STORED_DATASET_BYTES) throw new ValidationError([{ path: "rows", message: `The rows take more than ${MAX_STORED_DATASET_BYTES / 1024 / 1024} MiB` }]);
  return text;
}

export const DatasetName = z.string().trim().min(1, "Give the dataset a name").max(MAX_NAME_LENGTH, `A name has at most ${MAX_NAME_LENGTH} characters`);
export const DatasetRows = z
  .array(DatasetRow)
  .min(1, "A dataset has at least one row")
  .max(MAX_STORED_DATASET_ROWS, `A dataset has at most ${MAX_STORED_DATASET_ROWS} rows`);
const Message = z.string().max(MAX_MESSAGE_LENGTH).default("");

export interface DatasetSummary {
  id: string;
  name: string;
  latestVersion: number;
  rowCount: number;
  updatedAt: Date;
}

export interface DatasetVersionSummary {
  id: string;
  number: number;
  rowCount: number;
  message: string;
  createdAt: Date;
}

export interface DatasetVersionDetail extends DatasetVersionSummary {
  datasetId: string;
  datasetName: string;
  rows: DatasetRow[];
}

const versionSelect = { id: true, number: true, rowCount: true, message: true, createdAt: true } as const;

function readRows(version: { id: string; rows: string }): DatasetRow[] {
  const decoded = decodePayload(z.array(DatasetRow), version.rows);
  if (!decoded.ok) throw new CorruptRecordError(`Dataset version ${version.id}: its rows cannot be read (${decoded.problem})`);
  return decoded.value;
}

export async function listDatasets(teamId: string): Promise<DatasetSummary[]> {
  const db = await getDb();
  const rows = await db.dataset.findMany({
    where: { teamId: parseInput(Id, teamId), deletedAt: null },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    select: { id: true, name: true, latestVersion: true, updatedAt: true, versions: { orderBy: { number: "desc" }, take: 1, select: { rowCount: true } } },
  });
  return rows.map(({ versions, ...dataset }) => ({ ...dataset, rowCount: versions[0]?.rowCount ?? 0 }));
}

/** Creates the dataset with its version 1 holding `rows`. */
export async function createDataset(teamId: string, userId: string | null, input: { name: string; rows: DatasetRow[]; message?: string }): Promise<DatasetVersionDetail> {
  const team = parseInput(Id, teamId);
  const author = userId === null ? null : parseInput(Id, userId);
  const name = parseInput(DatasetName, input.name);
  const rows = parseInput(DatasetRows, input.rows);
  const message = parseInput(Message, input.message ?? "Created");
  const db = await getDb();
  const dataset = await db.dataset.create({
    data: {
      teamId: team,
      name,
      createdById: author,
      latestVersion: 1,
      versions: { create: { number: 1, rows: encodeRows(rows), rowCount: rows.length, message, authorId: author } },
    },
  });
  return getDatasetVersion(team, dataset.id);
}

/**
 * Stores `rows` as the next version when `baseVersion` is still the newest (one
 * conditional UPDATE, as flows: of two concurrent changes exactly one wins).
 */
export async function saveDatasetVersion(
  teamId: string,
  userId: string | null,
  datasetId: string,
  input: { rows: DatasetRow[]; baseVersion: number; message?: string; name?: string },
): Promise<DatasetVersionDetail> {
  const team = parseInput(Id, teamId);
  const author = userId === null ? null : parseInput(Id, userId);
  const id = parseInput(Id, datasetId);
  const rows = parseInput(DatasetRows, input.rows);
  const baseVersion = parseInput(z.number().int().positive(), input.baseVersion);
  const message = parseInput(Message, input.message);
  const name = input.name === undefined ? undefined : parseInput(DatasetName, input.name);
  const stored = encodeRows(rows);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const { count } = await tx.dataset.updateMany({
      where: { id, teamId: team, deletedAt: null, latestVersion: baseVersion },
      data: { latestVersion: baseVersion + 1, ...(name !== undefined ? { name } : {}) },
    });
    if (count === 0) {
      const dataset = await tx.dataset.findFirst({ where: { id, teamId: team, deletedAt: null } });
      if (!dataset) throw new NotFoundError("Dataset", id);
      throw new VersionConflictError(id, baseVersion, dataset.latestVersion);
    }
    await tx.datasetVersion.create({ data: { datasetId: id, number: baseVersion + 1, rows: stored, rowCount: rows.length, message, authorId: author } });
  });
  return getDatasetVersion(team, id, baseVersion + 1);
}

export async function listDatasetVersions(teamId: string, datasetId: string): Promise<DatasetVersionSummary[]> {
  const db = await getDb();
  const dataset = await db.dataset.findFirst({ where: { id: parseInput(Id, datasetId), teamId: parseInput(Id, teamId), deletedAt: null }, select: { id: true } });
  if (!dataset) throw new NotFoundError("Dataset", datasetId);
  return db.datasetVersion.findMany({ where: { datasetId: dataset.id }, orderBy: { number: "desc" }, select: versionSelect });
}

/** This team's (not deleted) dataset and the number of its version `number` (default: the newest). */
async function wantedVersion(teamId: string, datasetId: string, number?: number) {
  const db = await getDb();
  const dataset = await db.dataset.findFirst({ where: { id: parseInput(Id, datasetId), teamId: parseInput(Id, teamId), deletedAt: null } });
  if (!dataset) throw new NotFoundError("Dataset", datasetId);
  const wanted = number === undefined ? dataset.latestVersion : parseInput(z.number().int().positive(), number);
  return { db, dataset, where: { datasetId_number: { datasetId: dataset.id, number: wanted } }, label: `${dataset.id}@${wanted}` };
}

/** A version of this team's dataset with its rows; default: the newest. */
export async function getDatasetVersion(teamId: string, datasetId: string, number?: number): Promise<DatasetVersionDetail> {
  const { db, dataset, where, label } = await wantedVersion(teamId, datasetId, number);
  const version = await db.datasetVersion.findUnique({ where, select: { ...versionSelect, rows: true } });
  if (!version) throw new NotFoundError("Dataset version", label);
  return { ...version, rows: readRows(version), datasetId: dataset.id, datasetName: dataset.name };
}

/** The id of a version of this team's dataset (default: the newest), without reading its rows (up to 10 MiB). */
export async function getDatasetVersionId(teamId: string, datasetId: string, number?: number): Promise<string> {
  const { db, where, label } = await wantedVersion(teamId, datasetId, number);
  const version = await db.datasetVersion.findUnique({ where, select: { id: true } });
  if (!version) throw new NotFoundError("Dataset version", label);
  return version.id;
}

/**
 * Deletes a dataset: it leaves the lists and can no longer be read, changed or evaluated
 * over; its versions stay for the evaluations that used them (their rows and results).
 */
export async function deleteDataset(teamId: string, datasetId: string): Promise<void> {
  const db = await getDb();
  const { count } = await db.dataset.updateMany({ where: { id: parseInput(Id, datasetId), teamId: parseInput(Id, teamId), deletedAt: null }, data: { deletedAt: new Date() } });
  if (count === 0) throw new NotFoundError("Dataset", datasetId);
}

export type SharedDatasetVersion = Omit<DatasetVersionDetail, "rows"> & { rows: readonly DatasetRow[] };

/**
 * Decoded rows of recently read dataset versions, by version id, least recently used out
 * first. A version never changes, and a running evaluation's page reads its rows every
 * second (up to 10 MiB of JSON each time).
 */
const ROWS_CACHE_CHARS = 64 * 1024 * 1024;
const rowsCache = new Map<string, { rows: readonly DatasetRow[]; chars: number }>();
let rowsCacheChars = 0;

function cachedRows(versionId: string): readonly DatasetRow[] | undefined {
  const entry = rowsCache.get(versionId);
  if (!entry) return undefined;
  rowsCache.delete(versionId);
  rowsCache.set(versionId, entry);
  return entry.rows;
}

function cacheRows(versionId: string, rows: readonly DatasetRow[], chars: number): void {
  if (chars > ROWS_CACHE_CHARS || rowsCache.has(versionId)) return;
  rowsCache.set(versionId, { rows, chars });
  rowsCacheChars += chars;
  for (const [id, entry] of rowsCache) {
    if (rowsCacheChars <= ROWS_CACHE_CHARS) break;
    rowsCache.delete(id);
    rowsCacheChars -= entry.chars;
  }
}

/** A dataset version by its id, within the team (an evaluation's; a deleted dataset's too). Its rows are shared: read-only. */
export async function getDatasetVersionById(teamId: string, versionId: string): Promise<SharedDatasetVersion> {
  const db = await getDb();
  const version = await db.datasetVersion.findFirst({
    where: { id: parseInput(Id, versionId), dataset: { teamId: parseInput(Id, teamId) } },
    select: { ...versionSelect, dataset: { select: { id: true, name: true } } },
  });
  if (!version) throw new NotFoundError("Dataset version", versionId);
  const { dataset, ...rest } = version;
  let rows = cachedRows(version.id);
  if (!rows) {
    const stored = await db.datasetVersion.findUniqueOrThrow({ where: { id: version.id }, select: { id: true, rows: true } });
    rows = Object.freeze(readRows(stored));
    cacheRows(version.id, rows, stored.rows.length);
  }
  return { ...rest, rows, datasetId: dataset.id, datasetName: dataset.name };
}
