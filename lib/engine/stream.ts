/**
 * A push queue consumed as an async iterator: the run pushes events, the caller pulls.
 */
export class AsyncQueue<T> {
  private readonly items: T[] = [];
  private head = 0;
  private waiter?: () => void;
  private ended = false;
  private failure?: { error: unknown };

  push(item: T): void {
    if (this.ended) return;
    this.items.push(item);
    this.wake();
  }

  /** No more items; with `error`, the iterator throws it after the last item. */
  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    if (error !== undefined) this.failure = { error };
    this.wake();
  }

  /** `onReturn` runs when the consumer stops early (break, return, throw in its loop). */
  async *drain(onReturn: () => void): AsyncGenerator<T, void, undefined> {
    let finished = false;
    try {
      for (;;) {
        while (this.head < this.items.length) {
          const item = this.items[this.head]!;
          this.items[this.head++] = undefined as T; // let consumed events be collected
          yield item;
        }
        if (this.ended) break;
        await new Promise<void>((resolve) => (this.waiter = resolve));
      }
      finished = true;
      if (this.failure) throw this.failure.error;
    } finally {
      if (!finished) onReturn();
    }
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}
