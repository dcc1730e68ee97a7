/** A dataset version as a file: JSONL always; CSV when every input is text (CSV cells are text). */
import type { DatasetRow } from "@/lib/evals/dataset";

export function toJsonl(rows: readonly DatasetRow[]): string {
  return rows.map((row) => JSON.stringify(row)).join("\n") + "\n";
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV with the columns input, expected, tags (`;`-separated), or undefined when an input is JSON. */
export function toCsv(rows: readonly DatasetRow[]): string | undefined {
  if (rows.some((row) => typeof row.input !== "string")) return undefined;
  const lines = rows.map((row) => [row.input as string, row.expected ?? "", (row.tags ?? []).join(";")].map(csvCell).join(","));
  return ["input,expected,tags", ...lines].join("\r\n") + "\r\n";
}
