"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { importDatasetAction } from "../actions";
import { ProblemList, RowsTextField, type RowsFormat } from "./rows-text-field";

/** New dataset from pasted or uploaded rows; on problems everything stays as it was typed. */
export function ImportDatasetForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [text, setText] = useState("");
  const [format, setFormat] = useState<RowsFormat>("jsonl");
  const [error, setError] = useState<{ error: string; problems?: string[] } | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      className="card panel stack"
      aria-label="New dataset"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        start(async () => {
          const result = await importDatasetAction({ name, text, format });
          if (result.ok) router.push(`/datasets/${result.data.id}`);
          else setError(result);
        });
      }}
    >
      <h2>New dataset</h2>
      <label>
        <span>Name</span>
        <input type="text" value={name} onChange={(event) => setName(event.target.value)} required maxLength={120} />
      </label>
      <RowsTextField text={text} format={format} onText={setText} onFormat={setFormat} />
      <ProblemList error={error} />
      <div>
        <button type="submit" className="button primary" disabled={pending || !name.trim() || !text.trim()}>
          {pending ? "Importing…" : "Import rows"}
        </button>
      </div>
    </form>
  );
}
