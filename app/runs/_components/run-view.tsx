"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import { formatCost, formatDuration, formatTokens } from "@/lib/runs/format";
import { isFinishedRunStatus, type RunDetail, type RunQuestion } from "@/lib/data/runs/types";
import { RunQuestions } from "./run-questions";
import { cancelRunAction, rerunAction, resumeRunAction } from "../actions";
import { NodeDetail } from "./node-detail";
import { RunTimeline } from "./run-timeline";
import { SelectionProvider, useSelection } from "./selection-context";
import { StatusBadge } from "./status-badge";
import type { LiveRunHeader } from "@/lib/runs/live/liveRunStore";
import { useLiveRun, useNow } from "./use-live-run";
import { isDraftSnapshot, versionLabel } from "@/lib/flows/versionLabel";

type Props = {
  run: RunDetail;
  /** The run's status and totals as the page read them; the timeline stream brings its nodes. */
  header: LiveRunHeader;
  canRun: boolean;
  /** Why a queued run is not starting (no worker is running), when that is so. */
  queuedNotice?: string | null;
  /** A waiting run's open questions. */
  questions?: RunQuestion[];
  /** An agent whose first row is selected and scrolled to (from the editor's canvas). */
  focusAgent?: string;
};

/** The run page: header with totals and actions, the live timeline, the node detail pane. */
export function RunView(props: Props) {
  return (
    <SelectionProvider>
      <RunViewInner {...props} />
    </SelectionProvider>
  );
}

function RunViewInner({ run, header: pageHeader, canRun, queuedNotice, questions = [], focusAgent }: Props) {
  const router = useRouter();
  const { live, loading } = useLiveRun(run.id, pageHeader);
  const { header, nodes, texts } = live;
  const running = !isFinishedRunStatus(header.status);
  const nowMs = useNow(running);
  const { selectedId, select } = useSelection();
  // Opened from a canvas node: its agent's first row, once it has arrived.
  const [focusDone, setFocusDone] = useState(!focusAgent);
  useEffect(() => {
    if (focusDone) return;
    const agent = nodes.find((node) => node.kind === "agent" && node.name === focusAgent);
    if (agent) select(agent.id);
    if (agent || loading.done) setFocusDone(true);
  }, [focusDone, nodes, focusAgent, loading.done, select]);
  const { run: runAction, pending, error } = useServerAction();

  const root = nodes[0];
  const elapsed = root?.startedAt ? (root.endedAt ?? (running ? nowMs : root.startedAt)) - root.startedAt : null;
  const tokens = running ? (root?.usage ?? header.totals.usage) : header.totals.usage;
  const cost = running ? nodes.reduce((sum, node) => sum + node.costUsd, 0) : header.totals.costUsd;

  // A run that starts waiting while watched: render the page again to show its question.
  useEffect(() => {
    if (header.status === "waiting" && run.status !== "waiting") router.refresh();
  }, [header.status, run.status, router]);

  const cancel = () => runAction(() => cancelRunAction({ runId: run.id }), () => {});
  // The page renders again with the run queued, and follows it live from where it stopped.
  const resume = () => runAction(() => resumeRunAction({ runId: run.id }), () => router.refresh());
  const rerun = () => runAction(() => rerunAction({ runId: run.id }), ({ runId }) => router.push(`/runs/${runId}`));

  return (
    <div className="page" style={{ maxWidth: 1600 }}>
      <div className="page-header" style={{ marginBottom: 12 }}>
        <div>
          <div className="toolbar">
            <Link href="/runs" className="muted">
              Runs
            </Link>
            <span className="muted">/</span>
            <h1>{run.flowName}</h1>
            {isDraftSnapshot(run.flowVersion) ? (
              <span className="badge accent" title="An unsaved draft, evaluated from the editor (its evaluation keeps the document)">
                {versionLabel(run.flowVersion)}
              </span>
            ) : (
              <Link className="badge accent" href={`/flows/${run.flowId}?version=${run.flowVersion}`} title="Open the flow version this run used">
                v{run.flowVersion}
              </Link>
            )}
            <StatusBadge status={header.status} />
          </div>
          <div className="run-totals" style={{ marginTop: 8 }} aria-label="Totals">
            <span>
              Duration <b data-testid="run-duration">{formatDuration(elapsed)}</b>
            </span>
            <span>
              Tokens <b>{formatTokens(tokens.totalTokens)}</b>{" "}
              <span className="muted">
                ({tokens.inputTokens} in / {tokens.outputTokens} out)
              </span>
            </span>
            <span>
              Est. cost <b>{formatCost(cost)}</b>
            </span>
            {run.options.modelOverride ? (
              <span>
                Model override <code>{run.options.modelOverride}</code>
              </span>
            ) : null}
            {run.forkOfId ? (
              <span>
                Fork of <Link href={`/runs/${run.forkOfId}`}>an earlier run</Link> at{" "}
                <Link href={`/runs/compare?left=${run.forkOfId}&right=${run.id}`}>a model call (compare)</Link>
              </span>
            ) : null}
            {run.rerunOfId ? (
              <span>
                Re-run of <Link href={`/runs/${run.rerunOfId}`}>an earlier run</Link>
              </span>
            ) : null}
          </div>
        </div>
        <div className="toolbar">
          <Link className="button" href={`/runs?flow=${run.flowId}`}>
            Runs of this flow
          </Link>
          {/* A route handler, not a page: a plain link downloads the file. */}
          <a className="button" href={`/api/runs/${run.id}/otlp`} download title="The run's tree as an OpenTelemetry trace (GenAI conventions), for Jaeger, Tempo, Langfuse, Phoenix…">
            Download as OTLP JSON
          </a>
          {canRun && running ? (
            <button className="button danger" onClick={cancel} disabled={pending}>
              Cancel run
            </button>
          ) : null}
          {canRun && header.status === "interrupted" ? (
            <button className="button primary" onClick={resume} disabled={pending} title="Continue from the last finished step: finished model and tool calls are not made again">
              Resume
            </button>
          ) : null}
          {canRun ? (
            <button className={header.status === "interrupted" ? "button" : "button primary"} onClick={rerun} disabled={pending} title="Run the same version with the same input">
              Re-run
            </button>
          ) : null}
        </div>
      </div>
      <ActionErrorAlert error={error} />
      {header.status === "waiting" ? <RunQuestions runId={run.id} questions={questions} canAnswer={canRun} /> : null}
      {queuedNotice && header.status === "queued" ? (
        <div className="alert info" role="status" aria-label="Queued run">
          {queuedNotice}
        </div>
      ) : null}
      {header.error ? (
        <div className="node-error" role="alert" aria-label="Run error">
          {header.error}
        </div>
      ) : null}
      <details style={{ marginBottom: 12 }}>
        <summary className="muted">Input{header.output !== null ? " and output" : ""}</summary>
        <div className="card panel node-detail" style={{ position: "static", maxHeight: "none" }}>
          <h3 className="message-role">Input</h3>
          <pre>{run.input || "(empty)"}</pre>
          {header.output !== null ? (
            <>
              <h3 className="message-role">Output</h3>
              <pre>{header.output}</pre>
            </>
          ) : null}
        </div>
      </details>
      <div className="run-layout">
        <RunTimeline nodes={nodes} nowMs={nowMs} loading={loading} />
        <NodeDetail
          runId={run.id}
          node={selectedId ? nodes.find((node) => node.id === selectedId) : undefined}
          liveText={selectedId ? texts.get(selectedId) : undefined}
          forkable={canRun && isFinishedRunStatus(header.status)}
          canvasHref={isDraftSnapshot(run.flowVersion) ? undefined : (agent) => `/flows/${run.flowId}?version=${run.flowVersion}&node=${encodeURIComponent(agent)}`}
        />
      </div>
    </div>
  );
}
