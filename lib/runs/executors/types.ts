import type { RunDetail } from "@/lib/data/runs/types";

/**
 * Where runs execute. `in-process`: in this server process (SQLite, single-user; the
 * default). `durable`: on worker processes through DBOS queues (PostgreSQL; `npm run worker`).
 */
export interface RunExecutor {
  readonly kind: "in-process" | "durable";
  /**
   * Starts or queues a run; resolves once it is handed over, not when it ends. A
   * continuation (resumed, or answered) goes on from the run's recorded steps.
   */
  submit(run: RunDetail, teamId: string, options?: { continuation?: boolean }): Promise<void>;
  /** Asks the run to stop wherever it executes; false when it is not queued or running any more. */
  cancel(runId: string): Promise<boolean>;
}
