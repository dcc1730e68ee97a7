/**
 * Drives a stored evaluation in this process: keeps up to `concurrency` of its rows' runs
 * open through the ordinary run path (persisted with the row in one commit, executed by
 * this deployment's executor, a timeline each), scores each run as it ends and stores the row's result.
 * It works only from what is stored, so a driver started again after its process died
 * (resume) continues with the rows not done: open runs are waited for, interrupted ones
 * resumed from their checkpoints, pending rows started.
 */
import { providerConfigForTeam } from "@/lib/data/credentials";
import { getDatasetVersionById } from "@/lib/data/datasets";
import { countRunSteps, createItemRun, finishItem, getEvaluation, listOpenItems, type RunOutcome, runOutcomes, setEvaluationStatus, touchEvaluation } from "@/lib/data/evaluations";
import { cancelIdleRun, getRun, prepareRun, withInput } from "@/lib/data/runs";
import { isFinishedRunStatus, RunStatus } from "@/lib/data/runs/types";
import { inputText } from "@/lib/evals/dataset";
import { getProvider } from "@/lib/providers";
import { liveRuns } from "@/lib/runs/runtime";
import { cancelRun, resumeRun, submitRun } from "@/lib/runs/service";
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

/** The poller's sleep of `ms`, which a ring cuts short; a ring while it is awake cuts the next one. */
function pollAlarm(ms: number): { sleep(): Promise<void>; ring(): void } {
  let rung = false;
  let cut: (() => void) | null = null;
  return {
    sleep() {
      if (rung) {
        rung = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          cut = null;
          resolve();
        };
        const timer = setTimeout(wake, ms);
        cut = wake;
      });
    },
    ring() {
      if (cut) cut();
      else rung = true;
    },
  };
}

/** An open row's run ended (or waits for a human), with the model calls it made; null when the driver stops first. */
type Ended = { outcome: RunOutcome; steps: number } | null;

async function run(teamId: string, evaluationId: string, starter: DriverStarter): Promise<void> {
  const evaluation = await getEvaluation(teamId, evaluationId);
  const [dataset, config] = await Promise.all([getDatasetVersionById(teamId, evaluation.datasetVersionId), providerConfigForTeam(teamId)]);
  const scorers = serverScorers(evaluation.scorers, (model) => getProvider(model, config));
  // One version of one flow for every row: checked and read once, each row's run changes only its input.
  const rowRun = await prepareRun(
    teamId,
    starter.userId,
    {
      flowId: evaluation.flowId,
      version: evaluation.flowVersion,
      input: "",
      options: evaluation.modelOverride ? { modelOverride: evaluation.modelOverride } : {},
      trigger: starter.trigger,
    },
    { apiTokenId: starter.apiTokenId },
  );
  const open = await listOpenItems(evaluationId);
  // Rows whose runs are open (a resumed evaluation) are followed first, then rows never started.
  const queue: { index: number; runId: string | null }[] = open.map((item) => ({ index: item.index, runId: item.runId }));
  queue.sort((a, b) => Number(a.runId === null) - Number(b.runId === null));
  const stopped = () => stopping.has(evaluationId);
  // A lane that failed stops the others (the evaluation becomes interrupted, resumable).
  let failed = false;
  const halted = () => failed || stopped();

  // One poller for every open run: one query per POLL_MS wakes the rows whose runs ended.
  // A run executing in this process is left out (its state is read once it ended): it
  // rings the poller at once when it ends, its final state stored.
  const waiters = new Map<string, { resolve: (ended: Ended) => void; reject: (error: unknown) => void }>();
  const ended = (runId: string) => new Promise<Ended>((resolve, reject) => waiters.set(runId, { resolve, reject }));
  const hub = liveRuns();
  const alarm = pollAlarm(POLL_MS);
  const unwatch = hub.watchEnds((runId) => {
    if (waiters.has(runId)) alarm.ring();
  });
  let polling = true;
  const poller = (async () => {
    let lastBeat = Date.now();
    while (polling) {
      await alarm.sleep();
      try {
        if (halted()) {
          for (const waiter of waiters.values()) waiter.resolve(null);
          waiters.clear();
        }
        const outcomes = await runOutcomes([...waiters.keys()].filter((runId) => !hub.isLive(runId)));
        const ended = outcomes.filter((outcome) => {
          const status = RunStatus.safeParse(outcome.status);
          return status.success && (isFinishedRunStatus(status.data) || status.data === "waiting");
        });
        // The rows that ended together are counted together: one query, not one a row.
        const steps = await countRunSteps(ended.map((outcome) => outcome.id));
        for (const outcome of ended) {
          waiters.get(outcome.id)?.resolve({ outcome, steps: steps.get(outcome.id) ?? 0 });
          waiters.delete(outcome.id);
        }
        if (Date.now() - lastBeat >= EVALUATION_HEARTBEAT_MS) {
          lastBeat = Date.now();
          // Cancelled elsewhere (another web process took the request): stop starting rows here too.
          if (!(await touchEvaluation(evaluationId))) stopping.add(evaluationId);
        }
      } catch (error) {
        for (const waiter of waiters.values()) waiter.reject(error);
        waiters.clear();
      }
    }
  })();

  // Null when another driver of the same evaluation took the row first (its run stands).
  const startRow = async (index: number): Promise<string | null> => {
    const created = await createItemRun(evaluationId, index, withInput(rowRun, inputText(dataset.rows[index]!)));
    if (!created) return null;
    await submitRun(created, teamId);
    return created.id;
  };
  /** Waits for the row's run to end and scores it; resolves with the storing of the result (null when the driver stops first). */
  const followRow = async (index: number, runId: string): Promise<{ stored: Promise<void> } | null> => {
    let end = await ended(runId);
    // A run whose process died continues from its recorded steps, once.
    if (end?.outcome.status === "interrupted" && (await resumeRun(await getRun(teamId, runId), teamId))) end = await ended(runId);
    if (!end) return null;
    const { outcome, steps } = end;
    const result = await scoreRun(outcome, dataset.rows[index]!, scorers, steps);
    const waiting = outcome.status === "waiting";
    const stored = (async () => {
      await finishItem(evaluationId, index, result);
      // A run waiting for a human answer is not awaited: the row is scored as waiting, the question withdrawn.
      // (Directly too: the executor may still be winding down the paused run, and ignore a cancel.)
      if (waiting) await Promise.all([cancelRun(runId), cancelIdleRun(runId)]);
    })();
    return { stored };
  };
  // `concurrency` lanes: each takes the next row as soon as its own ended, and stores the
  // ended row's result meanwhile (both writes share a commit instead of waiting for one each).
  const lane = async (): Promise<void> => {
    let storing: Promise<void> | undefined;
    try {
      for (let row = queue.shift(); row && !halted(); row = queue.shift()) {
        const [runId] = await Promise.all([row.runId ?? startRow(row.index), storing]);
        storing = runId ? (await followRow(row.index, runId))?.stored : undefined;
      }
      await storing;
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(evaluation.concurrency, queue.length) }, lane));
  polling = false;
  alarm.ring();
  unwatch();
  await poller;
  const failure = lanes.find((each) => each.status === "rejected");
  if (failure) throw failure.reason;
  if (!stopped()) await setEvaluationStatus(evaluationId, ["running"], "success");
}
