"use client";

import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { useRunEvents } from "@/app/runs/_components/use-live-run";
import { LiveRunStore, type LiveRunSnapshot } from "@/lib/runs/live/liveRunStore";
import { agentOverlay, type AgentOverlay } from "@/lib/runs/timeline/agentOverlay";

type ActiveRun = { runId: string; store: LiveRunStore };

type FlowRun = {
  active: ActiveRun | null;
  /** Starts following a run that was just created. */
  follow(runId: string): void;
};

const FlowRunContext = createContext<FlowRun | null>(null);

/**
 * The agent the canvas and the run's rows point at: a click on a canvas node scrolls to its
 * rows, a click on a row selects and centres the node. `from` says who asked, so neither
 * answers itself. Apart from FlowRun: the nodes' run badges do not re-render on focus.
 */
export type RunFocus = { agent: string; from: "canvas" | "run" };
type RunFocusValue = { focus: RunFocus | null; setFocus(focus: RunFocus): void };
const RunFocusContext = createContext<RunFocusValue | null>(null);

/** The shared focus, or null outside a FlowRunProvider (an editor without a run drawer). */
export function useRunFocus(): RunFocusValue | null {
  return useContext(RunFocusContext);
}

const EMPTY_TOTALS = { usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 }, costUsd: 0 };

/**
 * The run the editor is showing: the Run panel starts it, the canvas overlays its
 * statuses. Children are passed through untouched, so only the components that read
 * the run re-render when it changes.
 */
export function FlowRunProvider({ children, initialFocus = null }: { children: ReactNode; initialFocus?: RunFocus | null }) {
  const [active, setActive] = useState<ActiveRun | null>(null);
  const follow = useCallback((runId: string) => {
    const header = { status: "queued" as const, error: null, output: null, totals: EMPTY_TOTALS };
    setActive({ runId, store: new LiveRunStore({ header, nodes: [], lastSeq: 0 }) });
  }, []);
  const value = useMemo(() => ({ active, follow }), [active, follow]);
  const [focus, setFocus] = useState<RunFocus | null>(initialFocus);
  const focusValue = useMemo(() => ({ focus, setFocus }), [focus]);
  return (
    <FlowRunContext.Provider value={value}>
      <RunFocusContext.Provider value={focusValue}>
        {active ? <RunEvents key={active.runId} active={active} /> : null}
        {children}
      </RunFocusContext.Provider>
    </FlowRunContext.Provider>
  );
}

function RunEvents({ active }: { active: ActiveRun }) {
  useRunEvents(active.runId, active.store, true);
  return null;
}

export function useFlowRun(): FlowRun {
  const value = useContext(FlowRunContext);
  if (!value) throw new Error("useFlowRun needs a FlowRunProvider");
  return value;
}

const noStore = { subscribe: () => () => {}, getSnapshot: () => null };

/** The followed run's live state, or null before the first run. */
export function useActiveRunSnapshot(): LiveRunSnapshot | null {
  const active = useContext(FlowRunContext)?.active;
  const source = active?.store ?? noStore;
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
}

const overlays = new WeakMap<LiveRunSnapshot, Map<string, AgentOverlay>>();

/** Status, time and tokens of agent `name` in the followed run; undefined when it has not run. */
export function useAgentRunOverlay(name: string): AgentOverlay | undefined {
  const snapshot = useActiveRunSnapshot();
  if (!snapshot) return undefined;
  let overlay = overlays.get(snapshot);
  if (!overlay) {
    overlay = agentOverlay(snapshot.nodes);
    overlays.set(snapshot, overlay);
  }
  return overlay.get(name);
}
