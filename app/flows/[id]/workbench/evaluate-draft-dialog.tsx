"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { Dialog } from "@/app/_components/dialog";
import { useServerAction } from "@/app/_components/use-server-action";
import { startDraftEvaluationAction } from "@/app/evaluations/actions";
import type { DatasetChoice } from "@/app/evaluations/_components/new-evaluation-form";
import { initialScorers, RunOptionFields, ScorersField, scorersOf } from "@/app/evaluations/_components/evaluation-fields";
import "@/app/evaluations/_components/evals.css";

type Props = {
  flowId: string;
  /** The editor's current text, saved or not. */
  document: string;
  baseVersion: number;
  datasets: readonly DatasetChoice[];
  /** The scorers of the flow's last evaluation, which the form starts from. */
  defaultScorers: readonly string[] | null;
  onClose: () => void;
};

/** "Evaluate" in the editor: the current document over a dataset version, then its evaluation page. */
export function EvaluateDraftDialog({ flowId, document, baseVersion, datasets, defaultScorers, onClose }: Props) {
  const router = useRouter();
  const { run, pending, error } = useServerAction();
  const [datasetId, setDatasetId] = useState(datasets[0]?.id ?? "");
  const dataset = datasets.find((each) => each.id === datasetId);
  const [datasetVersion, setDatasetVersion] = useState(String(dataset?.latestVersion ?? 1));
  const [scorers, setScorers] = useState(initialScorers(defaultScorers));
  const [concurrency, setConcurrency] = useState("5");
  const [model, setModel] = useState("");

  return (
    <Dialog open onClose={onClose} title="Evaluate this draft">
      {datasets.length === 0 ? (
        <p>
          There is no dataset to evaluate over yet: <Link href="/datasets">import one</Link>.
        </p>
      ) : (
        <form
          className="stack"
          aria-label="Evaluate this draft"
          onSubmit={(event) => {
            event.preventDefault();
            run(
              () =>
                startDraftEvaluationAction({
                  flowId,
                  document,
                  baseVersion,
                  datasetId,
                  datasetVersion: Number(datasetVersion),
                  scorers: scorersOf(scorers),
                  concurrency: Number(concurrency),
                  model,
                }),
              (data) => router.push(`/evaluations/${data.id}`),
            );
          }}
        >
          <p className="muted">The editor&apos;s document as it is now (saved or not) runs once per row; the evaluation keeps a copy of it.</p>
          <label>
            <span>Dataset</span>
            <select
              value={datasetId}
              onChange={(event) => {
                setDatasetId(event.target.value);
                setDatasetVersion(String(datasets.find((each) => each.id === event.target.value)?.latestVersion ?? 1));
              }}
            >
              {datasets.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name} · {each.rowCount} rows
                </option>
              ))}
            </select>
          </label>
          <div className="draft-evaluation-grid">
            <label>
              <span>Version (newest v{dataset?.latestVersion ?? "—"})</span>
              <input type="text" inputMode="numeric" value={datasetVersion} onChange={(event) => setDatasetVersion(event.target.value)} />
            </label>
            <RunOptionFields concurrency={concurrency} onConcurrency={setConcurrency} model={model} onModel={setModel} modelLabel="Model (optional)" />
          </div>
          <ScorersField value={scorers} onChange={setScorers} rows={2} />
          <ActionErrorAlert error={error} />
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button primary" disabled={pending || !datasetId}>
              {pending ? "Starting…" : "Start evaluation"}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
