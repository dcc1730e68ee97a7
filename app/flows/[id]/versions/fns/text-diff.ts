// Line diff of two documents for display: changed lines with a few lines of context,
// long unchanged stretches folded into one "gap" row.
import { diffLines } from "diff";

export type DiffRow =
  | { kind: "same" | "added" | "removed"; text: string; oldLine: number | null; newLine: number | null }
  | { kind: "gap"; hidden: number };

const CONTEXT = 3;

function splitLines(value: string): string[] {
  const lines = value.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

function allRows(before: string, after: string): Exclude<DiffRow, { kind: "gap" }>[] {
  const rows: Exclude<DiffRow, { kind: "gap" }>[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const part of diffLines(before, after)) {
    for (const text of splitLines(part.value)) {
      if (part.added) rows.push({ kind: "added", text, oldLine: null, newLine: newLine++ });
      else if (part.removed) rows.push({ kind: "removed", text, oldLine: oldLine++, newLine: null });
      else rows.push({ kind: "same", text, oldLine: oldLine++, newLine: newLine++ });
    }
  }
  return rows;
}

export function diffRows(before: string, after: string): DiffRow[] {
  const rows = allRows(before, after);
  const keep = rows.map(() => false);
  rows.forEach((row, index) => {
    if (row.kind === "same") return;
    for (let near = Math.max(0, index - CONTEXT); near <= Math.min(rows.length - 1, index + CONTEXT); near++) keep[near] = true;
  });
  const result: DiffRow[] = [];
  let hidden = 0;
  rows.forEach((row, index) => {
    if (keep[index]) {
      if (hidden) result.push({ kind: "gap", hidden });
      hidden = 0;
      result.push(row);
    } else hidden++;
  });
  if (hidden) result.push({ kind: "gap", hidden });
  return result;
}
