"use client";

import { useState } from "react";
import { RunTimeline } from "@/app/runs/_components/run-timeline";
import { SelectionProvider } from "@/app/runs/_components/selection-context";
import type { RunNodeSummary } from "@/lib/data/runs/types";

/** The run page's timeline for a finished run shared by link (no live updates, no node details). */
export function SharedRunTimeline({ nodes }: { nodes: RunNodeSummary[] }) {
  const [now] = useState(() => Math.max(...nodes.map((node) => node.endedAt ?? node.startedAt ?? 0), 0));
  return (
    <SelectionProvider>
      <RunTimeline nodes={nodes} nowMs={now} />
    </SelectionProvider>
  );
}
