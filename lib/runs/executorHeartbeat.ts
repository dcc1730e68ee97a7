/**
 * This process as an executor of runs: a stable id, a heartbeat row written every
 * HEARTBEAT_MS, and what it knows of its own storage health. Another process judges this
 * one's runs by that heartbeat; this process judges others only while its own writes
 * succeed, and only after they have succeeded for a whole STALE_AFTER_MS since a failure
 * (after an outage every heartbeat is stale, and none of those executors is dead).
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { heartbeatExecutor, registerExecutor, type ExecutorKind } from "@/lib/data/runs";

export const HEARTBEAT_MS = 5_000;
/** An executor silent for this long is dead, and so are its runs. */
export const STALE_AFTER_MS = HEARTBEAT_MS * 4;

export type ExecutorStore = {
  register(id: string, kind: ExecutorKind, process: { hostname: string; pid: number }): Promise<void>;
  heartbeat(id: string): Promise<boolean>;
};

const databaseStore: ExecutorStore = { register: registerExecutor, heartbeat: (id) => heartbeatExecutor(id) };

export class ExecutorHeartbeat {
  readonly id: string;
  private lastSuccessAt = 0;
  private lastFailureAt = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly kind: ExecutorKind,
    private readonly store: ExecutorStore = databaseStore,
    private readonly now: () => number = Date.now,
  ) {
    this.id = `${kind}-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  }

  /** Writes one heartbeat (registering first, or again if the row is gone). Never throws. */
  async beat(): Promise<boolean> {
    try {
      if (this.lastSuccessAt === 0 || !(await this.store.heartbeat(this.id))) {
        await this.store.register(this.id, this.kind, { hostname: hostname(), pid: process.pid });
      }
      this.lastSuccessAt = this.now();
      return true;
    } catch {
      this.lastFailureAt = this.now();
      return false;
    }
  }

  /** Beats now and every HEARTBEAT_MS (the timer does not keep the process alive); resolves after the first beat. */
  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.timer.unref?.();
    await this.beat();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Whether storage has been healthy long enough, from here, to call other executors dead. */
  canJudgeOthers(): boolean {
    if (this.lastSuccessAt === 0 || this.lastSuccessAt < this.lastFailureAt) return false;
    return this.lastFailureAt === 0 || this.now() - this.lastFailureAt >= STALE_AFTER_MS;
  }
}
