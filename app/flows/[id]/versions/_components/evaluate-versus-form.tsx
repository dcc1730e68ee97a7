"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import { evaluateVersusAction } from "@/app/evaluations/actions";
import type { DatasetChoice } from "@/app/evaluations/_components/new-evaluation-form";
import { initialScorers, ScorersField, scorersOf } from "@/app/evaluations/_components/evaluation-fields";

type Props = { flowId: string; versions: number[]; datasets: DatasetChoice[]; defaultScorers: string[] | null };

/** "Evaluate v5 against v4": both versions over one dataset, then their comparison. */
export function EvaluateVersusForm({ flowId, versions, datasets, defaultScorers }: Props) {
  const router = useRouter();
  const { run, pending, error } = useServerAction();
  const [candidate, setCandidate] = useState(String(versions[0]));
  const [baseline, setBaseline] = useState(String(versions[1] ?? versions[0]));
  const [datasetId, setDatasetId] = useState(datasets[0]?.id ?? "");
  const [scorers, setScorers] = useState(initialScorers(defaultScorers));
  if (datasets.length === 0) {
    return (
      <div className="card panel">
        To evaluate versions against each other, <Link href="/datasets">import a dataset</Link> first.
      </div>
    );
  }
  const pick = (value: string, set: (value: string) => void, label: string) => (
    <label>
      <span>{label}</span>
      <select value={value} onChange={(event) => set(event.target.value)}>
        {versions.map((number) => (
          <option key={number} value={number}>
            v{number}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      className="card panel stack"
      aria-label="Evaluate versions"
      onSubmit={(event) => {
        event.preventDefault();
        run(
          () => evaluateVersusAction({ flowId, candidate: Number(candidate), baseline: Number(baseline), datasetId, scorers: scorersOf(scorers) }),
          ({ baselineId, candidateId }) => router.push(`/evaluations/compare?ids=${baselineId},${candidateId}`),
        );
      }}
    >
      <h2>Evaluate versions</h2>
      <div className="evaluate-versus-row">
        {pick(candidate, setCandidate, "Evaluate")}
        {pick(baseline, setBaseline, "against")}
        <label>
          <span>over the dataset</span>
          <select value={datasetId} onChange={(event) => setDatasetId(event.target.value)}>
            {datasets.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name} · v{each.latestVersion} · {each.rowCount} rows
              </option>
            ))}
          </select>
        </label>
        <ScorersField value={scorers} onChange={setScorers} rows={1} compact />
        <button type="submit" className="button primary" disabled={pending || candidate === baseline}>
          {pending ? "Starting…" : `Evaluate v${candidate} against v${baseline}`}
        </button>
      </div>
      <ActionErrorAlert error={error} />
    </form>
  );
}
