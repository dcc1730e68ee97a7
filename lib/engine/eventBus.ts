/**
 * String-keyed async pub/sub. Handlers of one event run concurrently; a handler that
 * throws or rejects affects neither the other handlers nor the emitter — its error goes
 * to `onError` (default: ignored).
 */
export type EventHandler<T = unknown> = (payload: T) => void | Promise<void>;

export class EventBus {
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private readonly onError: (error: unknown, event: string) => void;

  constructor(options: { onError?: (error: unknown, event: string) => void } = {}) {
    this.onError = options.onError ?? (() => {});
  }

  /** Subscribes; returns a function that unsubscribes. */
  on<T = unknown>(event: string, handler: EventHandler<T>): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as EventHandler);
    return () => this.off(event, handler);
  }

  off<T = unknown>(event: string, handler: EventHandler<T>): void {
    const set = this.handlers.get(event);
    set?.delete(handler as EventHandler);
    if (set?.size === 0) this.handlers.delete(event);
  }

  hasListeners(event: string): boolean {
    return this.handlers.has(event);
  }

  /** Resolves when every handler has settled; never rejects. */
  async emit<T = unknown>(event: string, payload: T): Promise<void> {
    const set = this.handlers.get(event);
    if (!set) return;
    await Promise.all(
      [...set].map(async (handler) => {
        try {
          await handler(payload);
        } catch (error) {
          this.onError(error, event);
        }
      }),
    );
  }
}
