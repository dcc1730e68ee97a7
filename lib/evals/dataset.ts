/**
 * Dataset rows read from JSONL or CSV text. Every row is validated with its zod schema and
 * every problem names its line ("line 7: expected is not a string"), at most
 * MAX_DATASET_PROBLEMS of them, then one "and N more problems" (as the DSL reports).
 *
 * - JSONL: one JSON object per line, `{"input": "..." | {...}, "expected"?: "...", "tags"?: ["..."]}`;
 *   blank lines are skipped.
 * - CSV: a header row naming the columns `input` (required), `expected`, `tags` (separated
 *   by `;`); RFC 4180 quoting (csv-parse). Cells are text: use JSONL for JSON inputs.
 */
import { parse as parseCsvText, CsvError } from "csv-parse/sync";
import { z } from "zod";
import { DatasetError } from "./errors";

export const DatasetRow = z.strictObject({
  /** Text, or JSON for a structured input (given to the flow as its JSON text). */
  input: z.union([z.string().min(1, "is empty"), z.json().refine((value) => value !== null && typeof value === "object", "must be text or a JSON object or array")]),
  expected: z.string().optional(),
  tags: z.array(z.string()).optional(),
});
export type DatasetRow = z.infer<typeof DatasetRow>;

export type DatasetFormat = "jsonl" | "csv";

export type ParseDatasetResult = { rows: DatasetRow[]; problems: [] } | { rows: undefined; problems: string[] };

export const MAX_DATASET_PROBLEMS = 100;
/** A dataset larger than this is refused: an evaluation runs the flow once per row. */
export const MAX_DATASET_ROWS = 100_000;

const CSV_COLUMNS = new Set(["input", "expected", "tags"]);

/** The text a flow receives for a row's input. */
export function inputText(row: DatasetRow): string {
  return typeof row.input === "string" ? row.input : JSON.stringify(row.input);
}

/** The format named by a file's extension, or undefined. */
export function formatOfFile(file: string): DatasetFormat | undefined {
  if (/\.jsonl$|\.ndjson$/i.test(file)) return "jsonl";
  if (/\.csv$/i.test(file)) return "csv";
  return undefined;
}

export function parseDataset(text: string, format: DatasetFormat): ParseDatasetResult {
  const problems: string[] = [];
  const rows = format === "jsonl" ? readJsonl(text, problems) : readCsv(text, problems);
  if (problems.length === 0 && rows.length === 0) problems.push("the dataset has no rows");
  if (problems.length === 0 && rows.length > MAX_DATASET_ROWS) problems.push(`the dataset has ${rows.length} rows; at most ${MAX_DATASET_ROWS} are allowed`);
  if (problems.length === 0) return { rows, problems: [] };
  return { rows: undefined, problems: capped(problems) };
}

/** Like parseDataset, but throws a DatasetError with every problem. */
export function readDataset(text: string, format: DatasetFormat): DatasetRow[] {
  const result = parseDataset(text, format);
  if (result.rows === undefined) throw new DatasetError(result.problems);
  return result.rows;
}

function capped(problems: string[]): string[] {
  if (problems.length <= MAX_DATASET_PROBLEMS) return problems;
  const rest = problems.length - MAX_DATASET_PROBLEMS;
  return [...problems.slice(0, MAX_DATASET_PROBLEMS), `and ${rest} more ${rest === 1 ? "problem" : "problems"}`];
}

function readJsonl(text: string, problems: string[]): DatasetRow[] {
  const rows: DatasetRow[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      problems.push(`line ${index + 1}: not valid JSON (${(error as Error).message})`);
      return;
    }
    const row = validated(value, index + 1, problems);
    if (row) rows.push(row);
  });
  return rows;
}

function readCsv(text: string, problems: string[]): DatasetRow[] {
  let records: { record: Record<string, string>; info: { lines: number; error?: { code: string } } }[];
  try {
    records = parseCsvText(text, { columns: checkedHeader(problems), info: true, skip_empty_lines: true, bom: true, relax_column_count: true });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      problems.push(`${line ? `line ${line}: ` : ""}${error.message.replace(/^[^:]*: /, "")}`);
      return [];
    }
    throw error;
  }
  if (problems.length > 0) return [];
  const rows: DatasetRow[] = [];
  for (const { record, info } of records) {
    // csv-parse counts the line a record ends on; a quoted cell may span several.
    const line = info.lines - Object.values(record).reduce((sum, cell) => sum + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    if (info.error?.code === "CSV_RECORD_INCONSISTENT_COLUMNS") {
      problems.push(`line ${line}: has ${Object.keys(record).length === 0 ? "no" : "a different number of"} fields than the header`);
      continue;
    }
    const value: Record<string, unknown> = { input: record.input };
    if (record.expected !== undefined && record.expected !== "") value.expected = record.expected;
    if (record.tags !== undefined && record.tags.trim() !== "") value.tags = record.tags.split(";").map((tag) => tag.trim()).filter(Boolean);
    const row = validated(value, line, problems);
    if (row) rows.push(row);
  }
  return rows;
}

/** csv-parse calls this with the header row: unknown or missing columns are problems of line 1. */
function checkedHeader(problems: string[]) {
  return (header: string[]): string[] => {
    const names = header.map((name) => name.trim());
    const unknown = names.filter((name) => !CSV_COLUMNS.has(name));
    if (unknown.length > 0) problems.push(`line 1: unknown column${unknown.length === 1 ? "" : "s"} ${unknown.map((name) => `'${name}'`).join(", ")} (columns: input, expected, tags)`);
    if (!names.includes("input")) problems.push("line 1: the header has no 'input' column");
    return names;
  };
}

function validated(value: unknown, line: number, problems: string[]): DatasetRow | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problems.push(`line ${line}: a row must be a JSON object with an "input"`);
    return undefined;
  }
  const result = DatasetRow.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  for (const issue of result.error.issues) problems.push(`line ${line}: ${describeIssue(issue)}`);
  return undefined;
}

const ARTICLE: Record<string, string> = { string: "a string", array: "an array", number: "a number", object: "an object" };

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.map(String).join(".");
  if ((issue.code === "invalid_type" || issue.code === "invalid_union") && issue.input === undefined) return `${where} is missing`;
  switch (issue.code) {
    case "invalid_type":
      return `${where} is not ${ARTICLE[issue.expected] ?? issue.expected}`;
    case "unrecognized_keys":
      return `unknown field${issue.keys.length === 1 ? "" : "s"} ${issue.keys.map((key) => `"${key}"`).join(", ")} (fields: input, expected, tags)`;
    case "invalid_union":
      // The only string issue is emptiness; otherwise the value is neither text nor an object or array.
      if (issue.input === "") return `${where} is empty`;
      return `${where} must be text or a JSON object or array`;
    default:
      return `${where ? `${where} ` : ""}${issue.message}`;
  }
}
