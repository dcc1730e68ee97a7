"use client";

import Link from "next/link";
import type { RunDetail, RunNodeSummary } from "@/lib/data/runs/types";
import { formatCost, formatTokens } from "@/lib/runs/format";
import { RunTimeline } from "./run-timeline";
import { SelectionProvider } from "./selection-context";
import { StatusBadge } from "./status-badge";
import { versionLabel } from "@/lib/flows/versionLabel";

type Side = { run: RunDetail; nodes: RunNodeSummary[] };

/** Runs side by side, each with its totals, output and timeline; a fork's reused and edited steps are marked on its rows. */
export function CompareView({ sides }: { sides: Side[] }) {
  return (
    <div className="compare-runs">
      {sides.map(({ run, nodes }) => (
        <section key={run.id} className="card panel" aria-label={`Run ${run.id}`}>
          <div className="toolbar">
            <Link href={`/runs/${run.id}`}>
              <b>{run.forkOfId ? "Fork" : "Run"}</b> of {run.flowName} {versionLabel(run.flowVersion)}
            </Link>
            <StatusBadge status={run.status} />
          </div>
          <p className="run-totals">
            <span>
              Tokens <b>{formatTokens(run.totals.usage.totalTokens)}</b>
            </span>
            <span>
              Est. cost <b>{formatCost(run.totals.costUsd)}</b>
            </span>
          </p>
          <details>
            <summary className="muted">Output</summary>
            <pre className="compare-output">{run.output ?? run.error ?? "(none)"}</pre>
          </details>
          <SelectionProvider>
            <RunTimeline nodes={nodes} nowMs={run.endedAt ?? Date.now()} />
          </SelectionProvider>
        </section>
      ))}
    </div>
  );
}
