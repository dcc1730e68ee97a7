/**
 * Starting and cancelling runs: creates the Run row and hands it to this deployment's
 * executor (executors/index.ts), which runs it in this process or queues it for a worker.
 * The request that started a run never waits for it.
 */
import { cancelIdleRun, createRun, reopenRun, type CreateRunInput } from "@/lib/data/runs";
import type { RunDetail } from "@/lib/data/runs/types";
import { runExecutor } from "./executors";

export type StartRunRequest = CreateRunInput & {
  teamId: string;
  /** Who started it (null for an API token). */
  userId: string | null;
  apiTokenId?: string;
};

/** Creates the run and starts or queues it; resolves as soon as the run exists. */
export async function startRun(request: StartRunRequest): Promise<RunDetail> {
  const { teamId, userId, apiTokenId, ...input } = request;
  const { run: created } = await createRun(teamId, userId, input, { apiTokenId });
  await submitRun(created, teamId);
  return created;
}

/** Hands a queued run to this deployment's executor (a run created with another record, in one commit). */
export async function submitRun(run: RunDetail, teamId: string): Promise<void> {
  await (await runExecutor()).submit(run, teamId);
}

/** Asks a run to stop wherever it executes (or ends it, when nothing executes it); false when it has ended. */
export async function cancelRun(runId: string): Promise<boolean> {
  return (await (await runExecutor()).cancel(runId)) || (await cancelIdleRun(runId));
}

/**
 * Continues an interrupted run from its last recorded step (recorded model and tool calls
 * are replayed, not paid again); false when the run is not interrupted.
 */
export async function resumeRun(run: RunDetail, teamId: string): Promise<boolean> {
  return continueRun(run, teamId, "interrupted");
}

/**
 * Moves a run out of `from` (whoever does so first continues it; false for the others),
 * lets `prepare` record what the continuation needs (an answer), and submits it to go on
 * from its recorded steps on whichever executor takes it.
 */
export async function continueRun(run: RunDetail, teamId: string, from: "interrupted" | "waiting", prepare?: () => Promise<void>): Promise<boolean> {
  if (!(await reopenRun(run.id, from))) return false;
  await prepare?.();
  await (await runExecutor()).submit(run, teamId, { continuation: true });
  return true;
}
