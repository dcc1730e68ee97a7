"use client";

import type { ChangeEvent } from "react";

export type RowsFormat = "jsonl" | "csv";

/**
 * Rows pasted or loaded from a file: the file's text goes into the text area, so a failed
 * import keeps everything the user gave (they fix a line and try again).
 */
export function RowsTextField(props: { text: string; format: RowsFormat; onText: (text: string) => void; onFormat: (format: RowsFormat) => void; label?: string }) {
  async function load(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    props.onText(await file.text());
    if (/\.csv$/i.test(file.name)) props.onFormat("csv");
    else if (/\.(jsonl|ndjson)$/i.test(file.name)) props.onFormat("jsonl");
  }
  return (
    <>
      <div className="dataset-file-row">
        <label>
          <span>Format</span>
          <select value={props.format} onChange={(event) => props.onFormat(event.target.value as RowsFormat)}>
            <option value="jsonl">JSONL</option>
            <option value="csv">CSV</option>
          </select>
        </label>
        <label>
          <span>Load a file (.jsonl, .csv)</span>
          <input type="file" accept=".jsonl,.ndjson,.csv,text/csv,application/x-ndjson" onChange={load} />
        </label>
      </div>
      <label>
        <span>{props.label ?? "Rows"} — JSONL: {'{"input": "…", "expected": "…", "tags": ["…"]}'} per line; CSV: columns input, expected, tags (separated by ;)</span>
        <textarea className="code dataset-text" rows={5} value={props.text} onChange={(event) => props.onText(event.target.value)} spellCheck={false} />
      </label>
    </>
  );
}

/** Every problem of a refused import, each naming its line. */
export function ProblemList({ error }: { error: { error: string; problems?: string[] } | null }) {
  if (!error) return null;
  return (
    <div className="alert error" role="alert">
      {error.error}
      {error.problems?.length ? (
        <ul className="issue-list" aria-label="Problems">
          {error.problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
