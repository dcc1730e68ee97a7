/**
 * A RunRecorder that persists in batches. The engine calls it synchronously; changes
 * are queued (one latest snapshot per node) and written every `flushIntervalMs` or as
 * soon as `maxPending` changes wait, one write at a time. Each written node change is
 * also published as a live `node` event; text is published at once. A failed write is
 * put back in the queue and retried on the next flush, and `close()` flushes what is
 * left, so a run's failure never loses its nodes. Given the run's end, close() writes it
 * with that last batch: its final `run` event and state in the same commit (one fewer per run).
 */
import type { RunNode, RunRecorder } from "@/lib/engine/runState";
import type { StreamEvent } from "@/lib/engine/events";
import { type Redact, toNodeRow, toSummary } from "./nodeRows";
import { retryUntilStored, type RetryOptions } from "./retry";
import type { PriorNode } from "@/lib/data/runs";
import type { RunFinish } from "@/lib/data/runs";
import type { LiveEvent, RunNodeDetail, RunTotals, RunWriteBatch, SequencedEvent } from "@/lib/data/runs/types";

/** How a run ended; the recorder adds its totals. */
export type RunEnd = Omit<RunFinish, "totals">;

export type RecorderOptions = {
  runId: string;
  /** Stores a batch atomically; with `finish`, the run's final state in the same commit, after the batch. */
  write(runId: string, batch: RunWriteBatch, finish?: RunFinish): Promise<void>;
  /** Gives an event its seq and delivers it live (the run's hub channel). */
  publish(event: LiveEvent): SequencedEvent;
  /** Called after a write with the highest seq it stored. */
  persisted?(seq: number): void;
  /** Removes credentials from error text before it is stored or published. */
  redact?: Redact;
  /** Node rows an earlier execution of the run wrote: they keep their place and times. */
  prior?: ReadonlyMap<string, PriorNode>;
  flushIntervalMs?: number;
  maxPending?: number;
  onError?(error: unknown): void;
};

export class BatchingRecorder implements RunRecorder {
  private readonly options: RecorderOptions;
  private readonly seqOf = new Map<string, number>();
  private nextSeq = 0;
  private dirty = new Map<string, RunNode>();
  private events: SequencedEvent[] = [];
  private readonly stepCosts = new Map<string, number>();
  private rootUsage: RunTotals["usage"] = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  private rootId: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private flushWaiting = false;
  private lastError: unknown;
  /** A batch whose write failed: written again as it was (same rows, events and seqs). */
  private unstored: { rows: Map<string, RunNodeDetail>; events: SequencedEvent[] } = { rows: new Map(), events: [] };
  private failures = 0;
  /** The run's end once close() was given it; `finish` once its final event was published (it is written with every retry until stored). */
  private ending: { end: RunEnd; finish?: RunFinish; stored: boolean } | null = null;
  /** After a close that gave up: nothing more is written (the caller ends the run its own way). */
  private stopped = false;

  constructor(options: RecorderOptions) {
    this.options = options;
    for (const [id, prior] of options.prior ?? []) {
      this.seqOf.set(id, prior.seq);
      this.nextSeq = Math.max(this.nextSeq, prior.seq + 1);
    }
  }

  onNodeCreated(node: RunNode): void {
    if (!this.seqOf.has(node.id)) this.seqOf.set(node.id, this.nextSeq++);
    if (node.parentId === null && this.rootId === null) this.rootId = node.id;
    this.changed(node);
  }

  onNodeUpdated(node: RunNode): void {
    this.changed(node);
  }

  onEvent(event: StreamEvent): void {
    if (event.type !== "text") return; // status, usage, steps reach the stream as node snapshots
    this.events.push(this.options.publish({ type: "text", nodeId: event.nodeId, text: event.text }));
    this.schedule();
  }

  onError(error: unknown): void {
    this.report(error);
  }

  /** Writes what is queued now (after any write in progress). */
  flush(): Promise<void> {
    if (this.stopped) return this.writing;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    // One write waiting behind the current one is enough: it takes everything queued by then.
    if (this.flushWaiting) return this.writing;
    this.flushWaiting = true;
    this.writing = this.writing.then(() => {
      this.flushWaiting = false;
      return this.writeQueued();
    });
    return this.writing;
  }

  /**
   * Final flush, retried with backoff through a storage outage; throws when the deadline
   * passes first, and writes nothing after that. With `end`, the run's final `run` event
   * (after every other event) and state go in the same write as the last batch.
   */
  async close(options: { end?: RunEnd; retry?: RetryOptions } = {}): Promise<void> {
    if (options.end) this.ending = { end: options.end, stored: false };
    try {
      await retryUntilStored(async () => {
        await this.flush();
        const left = this.dirty.size + this.unstored.rows.size;
        if (left > 0 || this.events.length > 0 || this.unstored.events.length > 0 || (this.ending && !this.ending.stored)) {
          throw new Error(`Could not store ${left} node changes of run ${this.options.runId}`, { cause: this.lastError });
        }
      }, options.retry);
    } catch (error) {
      this.stopped = true;
      if (this.timer) clearTimeout(this.timer);
      throw error;
    }
  }

  /** Tokens of the whole run (its root node) and the estimated cost of every model call. */
  totals(): RunTotals {
    let costUsd = 0;
    for (const cost of this.stepCosts.values()) costUsd += cost;
    return { usage: { ...this.rootUsage }, costUsd };
  }

  private changed(node: RunNode): void {
    this.dirty.set(node.id, node);
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    const pending = this.dirty.size + this.events.length;
    if (pending >= (this.options.maxPending ?? 500)) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushIntervalMs ?? 50);
  }

  private async writeQueued(): Promise<void> {
    const endLeft = this.ending !== null && !this.ending.stored;
    if (this.dirty.size === 0 && this.events.length === 0 && this.unstored.events.length === 0 && this.unstored.rows.size === 0 && !endLeft) return;
    const nodes = this.dirty;
    const textEvents = this.events;
    this.dirty = new Map();
    this.events = [];

    const fresh = [...nodes.values()].map((node) => {
      const row = keepPriorTimes(toNodeRow(node, this.seqOf.get(node.id) ?? 0, this.options.redact), this.options.prior?.get(node.id));
      if (row.kind === "step") this.stepCosts.set(row.id, row.costUsd);
      if (row.id === this.rootId) this.rootUsage = row.usage;
      return row;
    });
    // Node events go after the text queued before them; they were not published before now.
    const nodeEvents = fresh.map((row) => this.options.publish({ type: "node", node: toSummary(row) }));
    // What a failed write left goes again as it was; a newer snapshot of a node replaces its row.
    const rows = new Map(this.unstored.rows);
    for (const row of fresh) rows.set(row.id, row);
    const events = [...this.unstored.events, ...textEvents, ...nodeEvents].sort((a, b) => a.seq - b.seq);
    // The run's end, once: its totals count every row above, its event comes after theirs.
    if (this.ending && !this.ending.finish) {
      this.ending.finish = { ...this.ending.end, totals: this.totals() };
      events.push(this.options.publish({ type: "run", ...this.ending.finish }));
    }
    const finish = this.ending?.stored ? undefined : this.ending?.finish;
    const batch: RunWriteBatch = { nodes: [...rows.values()], events };

    try {
      await this.options.write(this.options.runId, batch, finish);
      if (finish) this.ending!.stored = true;
      this.unstored = { rows: new Map(), events: [] };
      this.failures = 0;
      const lastSeq = events.at(-1)?.seq;
      if (lastSeq !== undefined) this.options.persisted?.(lastSeq);
    } catch (error) {
      // Every event keeps the seq it was published with: no gaps, nothing published that is never stored.
      this.unstored = { rows, events };
      this.failures++;
      this.report(error);
      this.timer ??= setTimeout(() => void this.flush(), Math.min(5_000, 100 * 2 ** this.failures));
    }
  }

  private report(error: unknown): void {
    this.lastError = error;
    if (this.options.onError) this.options.onError(error);
    // One line per outage, not one per retry.
    else if (this.failures <= 1) console.error(`Run ${this.options.runId}: recording failed; retrying until stored`, error);
  }
}

/**
 * A node an earlier execution already wrote started back then: it keeps its creation and
 * start, and, when it ends the same way again (a replayed step), its end too.
 */
function keepPriorTimes(row: RunNodeDetail, prior: PriorNode | undefined): RunNodeDetail {
  if (!prior) return row;
  const kept = { ...row, createdAt: prior.createdAt, startedAt: prior.startedAt ?? row.startedAt };
  if (prior.endedAt !== null && prior.status === row.status) return { ...kept, endedAt: prior.endedAt, durationMs: prior.durationMs };
  if (kept.startedAt !== null && row.endedAt !== null) kept.durationMs = row.endedAt - kept.startedAt;
  return kept;
}
