/**
 * Spans waiting to be sent, sent in the background: `add` only queues (never waits, never
 * throws), a timer sends what is queued in batches, one batch at a time. A batch that
 * fails is tried again after a backoff, `maxAttempts` times in all, then dropped and
 * reported; the queue holds at most `maxQueued` spans (the oldest are dropped beyond).
 * A span queued again replaces the queued one with its id (spans are idempotent anyway).
 */
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import type { OtlpSender } from "./exporter";

export type ExportQueueOptions = {
  sender: OtlpSender;
  /** Tries of one batch before it is dropped. */
  maxAttempts?: number;
  /** Wait before the n-th retry: `retryDelayMs * 4^(n-1)`. */
  retryDelayMs?: number;
  /** How long a span waits for others to go with it. */
  delayMs?: number;
  batchSize?: number;
  maxQueued?: number;
  /** A batch that was dropped after its last try (or spans dropped because the queue was full). */
  onFailure?(error: unknown, dropped: number): void;
  /** A batch that reached the collector. */
  onSuccess?(sent: number): void;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

export class ExportQueue {
  private readonly options: Required<Omit<ExportQueueOptions, "onFailure" | "onSuccess">> & Pick<ExportQueueOptions, "onFailure" | "onSuccess">;
  private pending = new Map<string, ReadableSpan>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(options: ExportQueueOptions) {
    this.options = { maxAttempts: 4, retryDelayMs: 500, delayMs: 200, batchSize: 512, maxQueued: 20_000, ...options };
  }

  add(spans: readonly ReadableSpan[]): void {
    if (this.closed || spans.length === 0) return;
    for (const span of spans) {
      const id = span.spanContext().spanId;
      this.pending.delete(id);
      this.pending.set(id, span);
    }
    const over = this.pending.size - this.options.maxQueued;
    if (over > 0) {
      for (const id of [...this.pending.keys()].slice(0, over)) this.pending.delete(id);
      this.report(new Error(`The export queue is full: ${over} spans were dropped`), over);
    }
    this.timer ??= setTimeout(() => void this.flush(), this.options.delayMs);
    this.timer.unref?.();
  }

  /** Sends everything queued now (after what is being sent); resolves when done, never rejects. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.sending = this.sending.then(() => this.sendQueued());
    return this.sending;
  }

  /** Sends what is left, then releases the connections. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    await this.options.sender.shutdown().catch(() => undefined);
  }

  private async sendQueued(): Promise<void> {
    while (this.pending.size > 0) {
      const batch = [...this.pending.values()].slice(0, this.options.batchSize);
      for (const span of batch) this.pending.delete(span.spanContext().spanId);
      await this.sendBatch(batch);
    }
  }

  private async sendBatch(batch: ReadableSpan[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.sender.send(batch);
        this.options.onSuccess?.(batch.length);
        return;
      } catch (error) {
        if (attempt >= this.options.maxAttempts) return this.report(error, batch.length);
        await sleep(this.options.retryDelayMs * 4 ** (attempt - 1));
      }
    }
  }

  private report(error: unknown, dropped: number): void {
    try {
      this.options.onFailure?.(error, dropped);
    } catch {
      // A reporter's failure must not stop the queue.
    }
  }
}
