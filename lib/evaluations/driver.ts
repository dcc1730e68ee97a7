/**
 * Drives a stored evaluation in this process: keeps up to `concurrency` of its rows' runs
 * open through the ordinary run path (startRun: persisted, executed by this deployment's
 * executor, a timeline each), scores each run as it ends and stores the row's result.
 * It works only from what is stored, so a driver started again after its process died
 * (resume) continues with the rows not done: open runs are waited for, interrupted ones
 * resumed from their checkpoints, pending rows started.
 */
import { providerConfigForTeam } from "@/lib/data/credentials";
import { getDatasetVersionById } from "@/lib/data/datasets";
import { assignItemRun, countRunSteps, finishItem, getEvaluation, listOpenItems, type RunOutcome, runOutcomes, setEvaluationStatus, touchEvaluation } from "@/lib/data/evaluations";
import { getRun } from "@/lib/data/runs";
import { isFinishedRunStatus, RunStatus } from "@/lib/data/runs/types";
import { inputText } from "@/lib/evals/dataset";
import { getProvider } from "@/lib/providers";
import { cancelRun, resumeRun, startRun } from "@/lib/runs/service";
import { scoreRun, serverScorers } from "./scoring";

/** How often the driver looks at its open runs, and writes its heartbeat. */
const POLL_MS = 50;
export const EVALUATION_HEARTBEAT_MS = 3000;
/** A running evaluation whose driver has been silent this long is interrupted (resumable). */
export const EVALUATION_STALE_MS = 15_000;

export type DriverStarter = { userId: string | null; apiTokenId?: string; trigger: "ui" | "api" };

const drivers = new Map<string, Promise<void>>();
const stopping = new Set<string>();

/** Whether this process drives the evaluation now. */
export function isDriving(evaluationId: string): boolean {
  return drivers.has(evaluationId);
}

/** Starts driving unless this process already does; resolves when the driver ends (tests wait on it). */
export function drive(teamId: string, evaluationId: string, starter: DriverStarter): Promise<void> {
  const existing = drivers.get(evaluationId);
  if (existing) return existing;
  const driver = run(teamId, evaluationId, starter)
    .catch(async (error) => {
      console.error(`Evaluation ${evaluationId} stopped`, error);
      await setEvaluationStatus(evaluationId, ["running"], "interrupted").catch(() => {});
    })
    .finally(() => {
      drivers.delete(evaluationId);
      stopping.delete(evaluationId);
    });
  drivers.set(evaluationId, driver);
  return driver;
}

/** Asks this process's driver to stop starting rows (cancel); its open runs are cancelled by the caller. */
export function stopDriving(evaluationId: string): void {
  if (drivers.has(evaluationId)) stopping.add(evaluationId);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(teamId: string, evaluationId: string, starter: DriverStarter): Promise<void> {
  const evaluation = await getEvaluation(teamId, evaluationId);
  const [dataset, config] = await Promise.all([getDatasetVersionById(teamId, evaluation.datasetVersionId), providerConfigForTeam(teamId)]);
  const scorers = serverScorers(evaluation.scorers, (model) => getProvider(model, config));
  const open = await listOpenItems(evaluationId);
  const pending = open.filter((item) => item.runId === null).map((item) => item.index);
  const running = new Map(open.filter((item) => item.runId !== null).map((item) => [item.index, item.runId!]));
  const resumed = new Set<string>();
  let lastBeat = Date.now();
  const startRow = async (index: number): Promise<void> => {
    const started = await startRun({
      teamId,
      userId: starter.userId,
      apiTokenId: starter.apiTokenId,
      flowId: evaluation.flowId,
      version: evaluation.flowVersion,
      input: inputText(dataset.rows[index]!),
      options: evaluation.modelOverride ? { modelOverride: evaluation.modelOverride } : {},
      trigger: starter.trigger,
    });
    // Another driver of the same evaluation took the row first: its run stands, ours is cancelled.
    if (await assignItemRun(evaluationId, index, started.id)) running.set(index, started.id);
    else await cancelRun(started.id);
  };
  const finishRow = async (index: number, outcome: RunOutcome): Promise<void> => {
    const result = await scoreRun(outcome, dataset.rows[index]!, scorers, await countRunSteps(outcome.id));
    await finishItem(evaluationId, index, result);
    running.delete(index);
    // A run waiting for a human answer is not awaited: the row is scored as waiting, the question withdrawn.
    if (outcome.status === "waiting") await cancelRun(outcome.id);
  };
  while ((pending.length > 0 || running.size > 0) && !stopping.has(evaluationId)) {
    // The rows to start go together: their writes share the database's commits.
    const free = Math.max(0, evaluation.concurrency - running.size);
    if (free > 0 && pending.length > 0) await Promise.all(pending.splice(0, free).map(startRow));
    await sleep(POLL_MS);
    const byRun = new Map((await runOutcomes([...running.values()])).map((outcome) => [outcome.id, outcome]));
    const ended: [number, RunOutcome][] = [];
    for (const [index, runId] of running) {
      const outcome = byRun.get(runId);
      if (!outcome) continue;
      const status = RunStatus.safeParse(outcome.status);
      if (!status.success || !(isFinishedRunStatus(status.data) || status.data === "waiting")) continue;
      // A run whose process died continues from its recorded steps, once.
      if (status.data === "interrupted" && !resumed.has(runId)) {
        resumed.add(runId);
        if (await resumeRun(await getRun(teamId, runId), teamId)) continue;
      }
      ended.push([index, outcome]);
    }
    await Promise.all(ended.map(([index, outcome]) => finishRow(index, outcome)));
    if (Date.now() - lastBeat >= EVALUATION_HEARTBEAT_MS) {
      lastBeat = Date.now();
      await touchEvaluation(evaluationId);
    }
  }
  if (!stopping.has(evaluationId)) await setEvaluationStatus(evaluationId, ["running"], "success");
}
