"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import { startEvaluationAction } from "../actions";
import { initialScorers, RunOptionFields, ScorersField, scorersOf } from "./evaluation-fields";

export type FlowChoice = { id: string; name: string; latestVersion: number; defaultScorers: string[] | null };
export type DatasetChoice = { id: string; name: string; latestVersion: number; rowCount: number };

/** Start an evaluation: a flow version over a dataset's newest version. */
export function NewEvaluationForm(props: { flows: FlowChoice[]; datasets: DatasetChoice[]; flowId?: string; datasetId?: string; version?: number }) {
  const router = useRouter();
  const { run, pending, error } = useServerAction();
  const [flowId, setFlowId] = useState(props.flowId ?? props.flows[0]?.id ?? "");
  const flow = props.flows.find((each) => each.id === flowId);
  const [version, setVersion] = useState(String(props.version ?? flow?.latestVersion ?? 1));
  const [datasetId, setDatasetId] = useState(props.datasetId ?? props.datasets[0]?.id ?? "");
  // The form remembers a flow's scorers: those of its last evaluation.
  const [scorers, setScorers] = useState(initialScorers(flow?.defaultScorers));
  const [concurrency, setConcurrency] = useState("5");
  const [model, setModel] = useState("");
  const [minPass, setMinPass] = useState("");

  function chooseFlow(id: string) {
    setFlowId(id);
    const chosen = props.flows.find((each) => each.id === id);
    setVersion(String(chosen?.latestVersion ?? 1));
    if (chosen?.defaultScorers) setScorers(chosen.defaultScorers.join("\n"));
  }

  return (
    <form
      className="card panel stack"
      aria-label="New evaluation"
      onSubmit={(event) => {
        event.preventDefault();
        run(
          () =>
            startEvaluationAction({
              flowId,
              version: Number(version),
              datasetId,
              scorers: scorersOf(scorers),
              concurrency: Number(concurrency),
              model,
              minPass: minPass.trim() === "" ? undefined : Number(minPass),
            }),
          (data) => router.push(`/evaluations/${data.id}`),
        );
      }}
    >
      <div className="evaluation-form-grid">
        <label>
          <span>Flow</span>
          <select value={flowId} onChange={(event) => chooseFlow(event.target.value)}>
            {props.flows.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Version (newest: v{flow?.latestVersion ?? "—"})</span>
          <input type="text" inputMode="numeric" value={version} onChange={(event) => setVersion(event.target.value)} />
        </label>
        <label>
          <span>Dataset (its newest version)</span>
          <select value={datasetId} onChange={(event) => setDatasetId(event.target.value)}>
            {props.datasets.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name} · v{each.latestVersion} · {each.rowCount} rows
              </option>
            ))}
          </select>
        </label>
        <RunOptionFields concurrency={concurrency} onConcurrency={setConcurrency} model={model} onModel={setModel} modelLabel="Model for every agent (optional)" />
        <label>
          <span>Minimum pass rate 0..1 (optional)</span>
          <input type="text" inputMode="decimal" value={minPass} onChange={(event) => setMinPass(event.target.value)} />
        </label>
      </div>
      <ScorersField value={scorers} onChange={setScorers} rows={3} />
      <ActionErrorAlert error={error} />
      <div>
        <button type="submit" className="button primary" disabled={pending || !flowId || !datasetId}>
          {pending ? "Starting…" : "Start evaluation"}
        </button>
      </div>
    </form>
  );
}
