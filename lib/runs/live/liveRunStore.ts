/**
 * The browser's copy of one run: its nodes, status and totals, loaded in chunks (the
 * timeline stream) and brought up to date by live events. Client-safe. Events at or below
 * the last applied seq are ignored, so a reconnect that replays a few is harmless.
 * Listeners hear one notification per batch.
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
  /** The nodes in seq order (they come so: loaded in order, new ones numbered last), and where each is. */
  private readonly nodes: RunNodeSummary[] = [];
  private readonly indexOf = new Map<string, number>();
  private readonly texts = new Map<string, string>();
  private header: LiveRunHeader;
  private lastSeq: number;
  private snapshot: LiveRunSnapshot | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(initial: { header: LiveRunHeader; nodes: readonly RunNodeSummary[]; lastSeq: number }) {
    this.header = initial.header;
    this.lastSeq = initial.lastSeq;
    for (const node of initial.nodes) this.put(node);
  }

  /** The state the nodes about to be loaded match (the timeline stream's head). */
  start(head: { header: LiveRunHeader; lastSeq: number }): void {
    this.header = head.header;
    this.lastSeq = head.lastSeq;
    this.changed();
  }

  /** Nodes read from the database, in seq order, after those loaded before them. */
  load(nodes: readonly RunNodeSummary[]): void {
    for (const node of nodes) this.put(node);
    this.changed();
  }

  /** One node, by id. */
  node(id: string): RunNodeSummary | undefined {
    const at = this.indexOf.get(id);
    return at === undefined ? undefined : this.nodes[at];
  }

  private put(node: RunNodeSummary): void {
    const at = this.indexOf.get(node.id);
    if (at !== undefined) {
      this.nodes[at] = node;
      return;
    }
    let index = this.nodes.length;
    while (index > 0 && this.nodes[index - 1]!.seq > node.seq) index--;
    this.nodes.splice(index, 0, node);
    for (let i = index; i < this.nodes.length; i++) this.indexOf.set(this.nodes[i]!.id, i);
  }

  private changed(): void {
    this.snapshot = undefined;
    for (const listener of this.listeners) listener();
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
          this.put(event.node);
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
    if (changed) this.changed();
    return changed;
  }

  /** For useSyncExternalStore: a new object only after a change. */
  getSnapshot = (): LiveRunSnapshot => {
    this.snapshot ??= {
      header: this.header,
      nodes: this.nodes.slice(),
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
