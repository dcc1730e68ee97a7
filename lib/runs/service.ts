/**
 * Starting and cancelling runs: creates the Run row and hands it to this deployment's
 * executor (executors/index.ts), which runs it in this process or queues it for a worker.
 * The request that started a run never waits for it.
 */
import { createRun, reopenInterruptedRun, type CreateRunInput } from "@/lib/data/runs";
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
  await (await runExecutor()).submit(created, teamId);
  return created;
}

/** Asks a run to stop wherever it executes; false when it is not queued or running any more. */
export async function cancelRun(runId: string): Promise<boolean> {
  return (await runExecutor()).cancel(runId);
}

/**
 * Continues an interrupted run from its last recorded step (recorded model and tool calls
 * are replayed, not paid again); false when the run is not interrupted.
 */
export async function resumeRun(run: RunDetail, teamId: string): Promise<boolean> {
  if (!(await reopenInterruptedRun(run.id))) return false;
  await (await runExecutor()).submit(run, teamId);
  return true;
}
