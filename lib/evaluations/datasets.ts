/**
 * The datasets service: who may read and change a team's datasets (permission first), and
 * rows read from pasted or uploaded CSV/JSONL with every problem named by its line.
 * Every change stores a new version; nothing a user sent is kept half-imported.
 */
import { requirePermission, type Workspace } from "@/lib/auth";
import {
  createDataset,
  type DatasetSummary,
  deleteDataset,
  type DatasetVersionDetail,
  type DatasetVersionSummary,
  getDatasetVersion,
  listDatasets,
  listDatasetVersions,
  MAX_STORED_DATASET_ROWS,
  saveDatasetVersion,
} from "@/lib/data/datasets";
import { DatasetError } from "@/lib/evals/errors";
import { type DatasetFormat, type DatasetRow, parseDataset } from "@/lib/evals/dataset";

/** Pasted or uploaded dataset text, as large as the import accepts (about 5 MiB). */
export const MAX_DATASET_TEXT_CHARS = 5 * 1024 * 1024;

function rowsOf(text: string, format: DatasetFormat): DatasetRow[] {
  const parsed = parseDataset(text, format);
  if (parsed.rows === undefined) throw new DatasetError(parsed.problems);
  if (parsed.rows.length > MAX_STORED_DATASET_ROWS) throw new DatasetError([`the dataset has ${parsed.rows.length} rows; a stored dataset has at most ${MAX_STORED_DATASET_ROWS}`]);
  return parsed.rows;
}

export async function listTeamDatasets(workspace: Workspace): Promise<DatasetSummary[]> {
  requirePermission(workspace, "dataset", "read", "read datasets");
  return listDatasets(workspace.teamId);
}

export async function readDataset(workspace: Workspace, datasetId: string, version?: number): Promise<{ version: DatasetVersionDetail; versions: DatasetVersionSummary[] }> {
  requirePermission(workspace, "dataset", "read", "read datasets");
  const [detail, versions] = await Promise.all([getDatasetVersion(workspace.teamId, datasetId, version), listDatasetVersions(workspace.teamId, datasetId)]);
  return { version: detail, versions };
}

/** Deletes a dataset (editors and owners); the evaluations that used it keep their rows and results. */
export async function removeDataset(workspace: Workspace, datasetId: string): Promise<void> {
  requirePermission(workspace, "dataset", "write", "delete datasets");
  await deleteDataset(workspace.teamId, datasetId);
}

/** A new dataset from CSV or JSONL text (its version 1); a DatasetError lists every bad row. */
export async function importDataset(workspace: Workspace, input: { name: string; text: string; format: DatasetFormat }): Promise<{ id: string; rows: number }> {
  requirePermission(workspace, "dataset", "write", "create datasets");
  const rows = rowsOf(input.text, input.format);
  const created = await createDataset(workspace.teamId, workspace.userId, { name: input.name, rows, message: `Imported ${rows.length} rows (${input.format.toUpperCase()})` });
  return { id: created.datasetId, rows: rows.length };
}

export type DatasetChange =
  | { kind: "append"; text: string; format: DatasetFormat }
  | { kind: "replace"; text: string; format: DatasetFormat }
  | { kind: "add"; row: DatasetRow }
  | { kind: "remove"; index: number }
  | { kind: "rename"; name: string };

function describe(change: DatasetChange, count: number): string {
  switch (change.kind) {
    case "append":
      return `Appended ${count} rows (${change.format.toUpperCase()})`;
    case "replace":
      return `Replaced the rows with ${count} (${change.format.toUpperCase()})`;
    case "add":
      return "Added a row";
    case "remove":
      return `Removed row ${change.index + 1}`;
    case "rename":
      return `Renamed to "${change.name}"`;
  }
}

/** Applies one change to the newest version (`baseVersion`) as the next version. */
export async function changeDataset(workspace: Workspace, datasetId: string, baseVersion: number, change: DatasetChange): Promise<{ version: number }> {
  requirePermission(workspace, "dataset", "write", "change datasets");
  const current = await getDatasetVersion(workspace.teamId, datasetId, baseVersion);
  let rows = current.rows;
  let added = 0;
  switch (change.kind) {
    case "append":
    case "replace": {
      const incoming = rowsOf(change.text, change.format);
      added = incoming.length;
      rows = change.kind === "append" ? [...rows, ...incoming] : incoming;
      break;
    }
    case "add":
      rows = [...rows, change.row];
      break;
    case "remove":
      if (change.index < 0 || change.index >= rows.length) throw new DatasetError([`row ${change.index + 1} does not exist (the dataset has ${rows.length} rows)`]);
      rows = rows.filter((_, index) => index !== change.index);
      break;
    case "rename":
      break;
  }
  const saved = await saveDatasetVersion(workspace.teamId, workspace.userId, datasetId, {
    rows,
    baseVersion,
    message: describe(change, added),
    ...(change.kind === "rename" ? { name: change.name } : {}),
  });
  return { version: saved.number };
}
