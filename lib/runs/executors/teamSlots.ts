/**
 * At most `limit` runs of one team execute at once in this process; the others wait
 * (status `queued`) in the order they came. The durable executor gets the same rule from
 * its DBOS queue's partitions.
 */
export class TeamSlots {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly limit: number) {}

  /** Resolves with the team's slot (or a no-op once `signal` aborts while waiting); call release once. */
  async acquire(teamId: string, signal?: AbortSignal): Promise<() => void> {
    const count = this.running.get(teamId) ?? 0;
    if (count < this.limit) this.running.set(teamId, count + 1);
    else if (!(await this.wait(teamId, signal))) return () => {};
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // A freed slot passes straight to the next run in line, so nobody overtakes it.
      const next = this.waiting.get(teamId)?.shift();
      if (next) next();
      else this.running.set(teamId, (this.running.get(teamId) ?? 1) - 1);
    };
  }

  /** True when a slot was handed over; false when `signal` aborted first (the run left the line). */
  private wait(teamId: string, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      const queue = this.waiting.get(teamId) ?? [];
      this.waiting.set(teamId, queue);
      const handOver = () => {
        signal?.removeEventListener("abort", leave);
        resolve(true);
      };
      const leave = () => {
        const at = queue.indexOf(handOver);
        if (at >= 0) queue.splice(at, 1);
        resolve(false);
      };
      if (signal?.aborted) return resolve(false);
      queue.push(handOver);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }
}

/** SWARM_TEAM_CONCURRENCY: runs of one team executing at once (default 20). */
export function teamConcurrency(): number {
  const configured = Number(process.env.SWARM_TEAM_CONCURRENCY);
  return Number.isInteger(configured) && configured > 0 ? configured : 20;
}
