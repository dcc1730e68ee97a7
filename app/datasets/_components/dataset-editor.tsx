"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { changeDatasetAction } from "../actions";
import { ProblemList, RowsTextField, type RowsFormat } from "./rows-text-field";

type Failure = { error: string; problems?: string[] } | null;
type Change = Parameters<typeof changeDatasetAction>[0]["change"];

function useChange(datasetId: string, baseVersion: number) {
  const router = useRouter();
  const [error, setError] = useState<Failure>(null);
  const [pending, start] = useTransition();
  const apply = (change: Change, onDone?: () => void) => {
    setError(null);
    start(async () => {
      const result = await changeDatasetAction({ datasetId, baseVersion, change });
      if (!result.ok) return setError(result);
      onDone?.();
      router.push(`/datasets/${datasetId}`);
      router.refresh();
    });
  };
  return { apply, error, pending };
}

/** Adds one row (a new version). */
export function AddRowForm({ datasetId, baseVersion }: { datasetId: string; baseVersion: number }) {
  const { apply, error, pending } = useChange(datasetId, baseVersion);
  const [input, setInput] = useState("");
  const [json, setJson] = useState(false);
  const [expected, setExpected] = useState("");
  const [tags, setTags] = useState("");
  return (
    <form
      className="card panel stack"
      aria-label="Add a row"
      onSubmit={(event) => {
        event.preventDefault();
        const tagList = tags.split(/[;,]/).map((tag) => tag.trim()).filter(Boolean);
        apply({ kind: "add", row: { input, json, expected: expected || undefined, tags: tagList } }, () => {
          setInput("");
          setExpected("");
        });
      }}
    >
      <h2>Add a row</h2>
      <label>
        <span>Input</span>
        <textarea rows={2} value={input} onChange={(event) => setInput(event.target.value)} />
      </label>
      <label className="inline-check">
        <input type="checkbox" checked={json} onChange={(event) => setJson(event.target.checked)} /> The input is JSON (a structured input)
      </label>
      <div className="dataset-file-row">
        <label>
          <span>Expected output (optional)</span>
          <input type="text" value={expected} onChange={(event) => setExpected(event.target.value)} />
        </label>
        <label>
          <span>Tags (separated by ; or ,)</span>
          <input type="text" value={tags} onChange={(event) => setTags(event.target.value)} />
        </label>
      </div>
      <ProblemList error={error} />
      <div>
        <button type="submit" className="button" disabled={pending || !input.trim()}>
          Add row
        </button>
      </div>
    </form>
  );
}

/** Appends or replaces rows from pasted or uploaded text (a new version); problems keep the text. */
export function ImportRowsForm({ datasetId, baseVersion }: { datasetId: string; baseVersion: number }) {
  const { apply, error, pending } = useChange(datasetId, baseVersion);
  const [text, setText] = useState("");
  const [format, setFormat] = useState<RowsFormat>("jsonl");
  const [mode, setMode] = useState<"append" | "replace">("append");
  return (
    <form
      className="card panel stack"
      aria-label="Import rows"
      onSubmit={(event) => {
        event.preventDefault();
        apply({ kind: mode, text, format }, () => setText(""));
      }}
    >
      <h2>Import rows</h2>
      <RowsTextField text={text} format={format} onText={setText} onFormat={setFormat} />
      <div className="dataset-file-row">
        <label className="inline-check">
          <input type="radio" name="mode" checked={mode === "append"} onChange={() => setMode("append")} /> Append to the rows
        </label>
        <label className="inline-check">
          <input type="radio" name="mode" checked={mode === "replace"} onChange={() => setMode("replace")} /> Replace every row
        </label>
      </div>
      <ProblemList error={error} />
      <div>
        <button type="submit" className="button" disabled={pending || !text.trim()}>
          {mode === "append" ? "Append rows" : "Replace rows"}
        </button>
      </div>
    </form>
  );
}

export function RemoveRowButton({ datasetId, baseVersion, index }: { datasetId: string; baseVersion: number; index: number }) {
  const { apply, error, pending } = useChange(datasetId, baseVersion);
  return (
    <>
      <button type="button" className="button small danger" disabled={pending} onClick={() => apply({ kind: "remove", index })} aria-label={`Remove row ${index + 1}`}>
        Remove
      </button>
      {error ? <span className="muted"> {error.error}</span> : null}
    </>
  );
}
