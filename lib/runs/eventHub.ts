/**
 * In-process live events per run, for Server-Sent Events. The recorder publishes each
 * event with the next per-run `seq`; events stay in `pending` until the recorder says
 * they are in the database, so a subscriber that reads the database and then the
 * pending backlog never misses one.
 */
import type { LiveEvent, SequencedEvent } from "@/lib/data/runs/types";

export type LiveListener = { onEvent(event: SequencedEvent): void; onClose(): void };

type Channel = { nextSeq: number; pending: SequencedEvent[]; listeners: Set<LiveListener> };

export class RunEventHub {
  private readonly channels = new Map<string, Channel>();
  private readonly endWatchers = new Set<(runId: string) => void>();

  /** Starts a run's channel; `lastSeq` is the highest seq already stored. */
  open(runId: string, lastSeq = 0): void {
    if (!this.channels.has(runId)) this.channels.set(runId, { nextSeq: lastSeq + 1, pending: [], listeners: new Set() });
  }

  isLive(runId: string): boolean {
    return this.channels.has(runId);
  }

  /** Gives `event` its seq and delivers it to the run's listeners. */
  publish(runId: string, event: LiveEvent): SequencedEvent {
    const channel = this.channels.get(runId);
    if (!channel) throw new Error(`Run ${runId} has no open live channel`);
    const sequenced = { seq: channel.nextSeq++, event };
    channel.pending.push(sequenced);
    for (const listener of channel.listeners) listener.onEvent(sequenced);
    return sequenced;
  }

  /** Drops events up to `seq` from the backlog: they can be read from the database now. */
  markPersisted(runId: string, seq: number): void {
    const channel = this.channels.get(runId);
    if (!channel) return;
    const keepFrom = channel.pending.findIndex((event) => event.seq > seq);
    channel.pending = keepFrom < 0 ? [] : channel.pending.slice(keepFrom);
  }

  /**
   * Listens to a live run. Returns the not-yet-persisted backlog (taken at the same
   * instant, so backlog + later events are gap-free), or undefined when the run is not
   * live in this process.
   */
  subscribe(runId: string, listener: LiveListener): { backlog: SequencedEvent[]; unsubscribe(): void } | undefined {
    const channel = this.channels.get(runId);
    if (!channel) return undefined;
    channel.listeners.add(listener);
    return { backlog: [...channel.pending], unsubscribe: () => channel.listeners.delete(listener) };
  }

  /** Ends the run's channel; listeners hear onClose after its last event, then the end watchers. */
  close(runId: string): void {
    const channel = this.channels.get(runId);
    if (!channel) return;
    this.channels.delete(runId);
    for (const listener of channel.listeners) listener.onClose();
    for (const watcher of this.endWatchers) watcher(runId);
  }

  /**
   * Hears the id of every run whose channel closes from now on: its execution here ended,
   * its final state stored (or given up on). Returns the unwatch.
   */
  watchEnds(watcher: (runId: string) => void): () => void {
    this.endWatchers.add(watcher);
    return () => this.endWatchers.delete(watcher);
  }
}
