/**
 * Retries a storage write with exponential backoff until it succeeds or `deadlineMs` has
 * passed: a run's last writes must outlast a storage outage (a locked or unreachable
 * database) instead of being dropped after two quick tries.
 */
export type RetryOptions = {
  deadlineMs?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Which failures are worth another try (default: all); others are thrown at once. */
  retryIf?(error: unknown): boolean;
  /** Told of each failure that will be retried (for one log line, not a flood). */
  onRetry?(error: unknown, attempt: number): void;
  sleep?(ms: number): Promise<void>;
  now?(): number;
};

export const FINAL_WRITE_DEADLINE_MS = 2 * 60_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retryUntilStored<T>(write: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { deadlineMs = FINAL_WRITE_DEADLINE_MS, firstDelayMs = 100, maxDelayMs = 5_000, sleep = defaultSleep, now = Date.now } = options;
  const giveUpAt = now() + deadlineMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** (attempt - 1));
      if (now() + delay > giveUpAt || (options.retryIf && !options.retryIf(error))) throw error;
      options.onRetry?.(error, attempt);
      await sleep(delay);
    }
  }
}
