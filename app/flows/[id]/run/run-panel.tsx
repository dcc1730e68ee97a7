"use client";

import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { parseDocument } from "@/lib/dsl/parseDocument";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import { cancelRunAction, startRunAction } from "@/app/runs/actions";
import { StatusBadge } from "@/app/runs/_components/status-badge";
import { WaitingRunQuestions } from "@/app/runs/_components/run-questions";
import { formatCost, formatDuration, formatTokens } from "@/lib/runs/format";
import { agentOverlay } from "@/lib/runs/timeline/agentOverlay";
import { isFinishedRunStatus } from "@/lib/data/runs/types";
import { runWarnings } from "../editor/fns/model-check";
import { useActiveRunSnapshot, useFlowRun, useRunFocus } from "./flow-run-context";
import "@/app/runs/_components/runs.css";

type Props = {
  flowId: string;
  /** The saved version a run uses, and its document. */
  version: number;
  document: string;
  /** Providers with a key: models of the others are warned about before running. */
  keyedProviders: readonly string[];
  /** The editor holds changes that are not saved (and so would not run). */
  unsaved: boolean;
};

/** Run the flow with an input (and optionally one model for every agent), and watch it. */
export function RunPanel({ flowId, version, document, keyedProviders, unsaved }: Props) {
  const { active, follow } = useFlowRun();
  const snapshot = useActiveRunSnapshot();
  const [input, setInput] = useState("");
  const [model, setModel] = useState("");
  const { run: runAction, pending, error } = useServerAction();
  const running = snapshot ? !isFinishedRunStatus(snapshot.header.status) : false;
  // The saved version's models, checked once per version (a 1,000-agent document parses in tens of ms).
  const parsed = useMemo(() => parseDocument(document).document, [document]);
  const keyed = useMemo(() => new Set(keyedProviders), [keyedProviders]);
  const warnings = useMemo(() => runWarnings(parsed, keyed, model), [parsed, keyed, model]);

  const run = () => runAction(() => startRunAction({ flowId, version, input, model: model.trim() }), ({ runId }) => follow(runId));
  const cancel = () => active && runAction(() => cancelRunAction({ runId: active.runId }), () => {});

  // A click on a canvas node scrolls its row into view (and marks it).
  const runFocus = useRunFocus();
  const focused = runFocus?.focus?.agent ?? null;
  const rows = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (runFocus?.focus?.from !== "canvas") return;
    rows.current?.querySelector(`[data-agent="${CSS.escape(runFocus.focus.agent)}"]`)?.scrollIntoView({ block: "nearest" });
  }, [runFocus?.focus]);

  const root = snapshot?.nodes[0];
  const agents = snapshot ? [...agentOverlay(snapshot.nodes)] : [];

  return (
    <section className="card panel run-panel" aria-label="Run">
      <h2 style={{ margin: 0 }}>Run</h2>
      <label>
        <span>Input</span>
        <textarea aria-label="Run input" placeholder="What should the swarm work on?" value={input} maxLength={100_000} onChange={(event) => setInput(event.target.value)} />
      </label>
      <label>
        <span>Model for every agent (optional)</span>
        <input type="text" aria-label="Model override" placeholder="e.g. mock:echo?latency=300" value={model} onChange={(event) => setModel(event.target.value)} />
      </label>
      <div className="toolbar">
        <button className="button primary" onClick={run} disabled={pending || running}>
          {running ? "Running…" : "Run"}
        </button>
        {running ? (
          <button className="button danger" onClick={cancel} disabled={pending}>
            Cancel
          </button>
        ) : null}
        <Link href={`/runs?flow=${flowId}`} className="muted" style={{ marginLeft: "auto", fontSize: 13 }}>
          Past runs
        </Link>
      </div>
      {warnings.length > 0 ? (
        <ul className="run-warnings" role="status" aria-label="Before you run">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      {unsaved ? <p className="muted" style={{ margin: 0, fontSize: 13 }}>Runs use saved version {version}; save to run your changes.</p> : null}
      <ActionErrorAlert error={error} />
      {active && snapshot ? (
        <div className="stack" style={{ gap: 8 }} aria-label="Current run" data-run-id={active.runId}>
          <div className="toolbar">
            <StatusBadge status={snapshot.header.status} />
            <span style={{ fontSize: 13 }}>
              {formatDuration(root?.durationMs ?? (root?.startedAt ? Date.now() - root.startedAt : null))} · {formatTokens((root?.usage ?? snapshot.header.totals.usage).totalTokens)} tokens ·{" "}
              {formatCost(snapshot.header.totals.costUsd || snapshot.nodes.reduce((sum, node) => sum + node.costUsd, 0))}
            </span>
            <Link href={`/runs/${active.runId}${focused ? `?agent=${encodeURIComponent(focused)}` : ""}`} style={{ marginLeft: "auto", fontSize: 13 }}>
              Open timeline
            </Link>
          </div>
          {snapshot.header.error ? <div className="node-error">{snapshot.header.error}</div> : null}
          {snapshot.header.status === "waiting" ? <WaitingRunQuestions runId={active.runId} onAnswered={() => follow(active.runId)} /> : null}
          <ul className="agent-overlay" aria-label="Agents in this run" ref={rows}>
            {agents.map(([name, overlay]) => (
              <li key={name} data-agent={name} data-run-status={overlay.status} aria-current={focused === name ? "true" : undefined}>
                <button type="button" className="agent-row" title="Show on the canvas" onClick={() => runFocus?.setFocus({ agent: name, from: "run" })}>
                  <StatusBadge status={overlay.status} />
                  <span>{name}</span>
                  <span className="metrics">
                    {formatDuration(overlay.durationMs)} · {formatTokens(overlay.totalTokens)} tok
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {snapshot.header.output !== null ? <pre className="code" style={{ whiteSpace: "pre-wrap", maxHeight: 200, overflow: "auto", margin: 0 }}>{snapshot.header.output}</pre> : null}
        </div>
      ) : null}
    </section>
  );
}
