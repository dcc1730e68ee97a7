/**
 * The browser's copy of one run: its nodes, status and totals, brought up to date by
 * live events. Client-safe. Events at or below the last applied seq are ignored, so a
 * reconnect that replays a few is harmless. Listeners hear one notification per batch.
 */
import type { RunNodeSummary, RunStatus, RunTotals, SequencedEvent } from "@/lib/data/runs/types";

export type LiveRunHeader = {
  status: RunStatus;
  error: string | null;
  output: string | null;
  totals: RunTotals;
};

export type LiveRunSnapshot = {
  header: LiveRunHeader;
  /** In creation order. */
  nodes: readonly RunNodeSummary[];
  /** Text streamed so far per model-call node, while it runs. */
  texts: ReadonlyMap<string, string>;
  lastSeq: number;
};

export class LiveRunStore {
  private readonly byId = new Map<string, RunNodeSummary>();
  private readonly texts = new Map<string, string>();
  private header: LiveRunHeader;
  private lastSeq: number;
  private snapshot: LiveRunSnapshot | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(initial: { header: LiveRunHeader; nodes: readonly RunNodeSummary[]; lastSeq: number }) {
    this.header = initial.header;
    this.lastSeq = initial.lastSeq;
    for (const node of initial.nodes) this.byId.set(node.id, node);
  }

  /** Applies events in order; returns whether anything changed. */
  apply(events: readonly SequencedEvent[]): boolean {
    let changed = false;
    for (const { seq, event } of events) {
      if (seq <= this.lastSeq) continue;
      this.lastSeq = seq;
      changed = true;
      switch (event.type) {
        case "node":
          this.byId.set(event.node.id, event.node);
          // The run's own "running" is only told at the end; its first node says it started.
          if (this.header.status === "queued") this.header = { ...this.header, status: "running" };
          if (event.node.status !== "running") this.texts.delete(event.node.id);
          break;
        case "text":
          this.texts.set(event.nodeId, (this.texts.get(event.nodeId) ?? "") + event.text);
          break;
        case "run":
          this.header = { status: event.status, error: event.error, output: event.output, totals: event.totals };
          break;
      }
    }
    if (changed) {
      this.snapshot = undefined;
      for (const listener of this.listeners) listener();
    }
    return changed;
  }

  /** For useSyncExternalStore: a new object only after a change. */
  getSnapshot = (): LiveRunSnapshot => {
    this.snapshot ??= {
      header: this.header,
      nodes: [...this.byId.values()].sort((a, b) => a.seq - b.seq),
      texts: new Map(this.texts),
      lastSeq: this.lastSeq,
    };
    return this.snapshot;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
