/**
 * Runs execute in this server process (SQLite, single-user, `npm start`): a run starts in
 * the background as soon as its team has a free slot; a cancel reaches it through this
 * process's registry. A run whose process dies is marked interrupted by the sweep
 * (interrupted.ts) and can be resumed from its recorded steps.
 */
import { executeRun } from "../execution";
import { runsRuntime } from "../runtime";
import type { RunExecutor } from "./types";
import { TeamSlots, teamConcurrency } from "./teamSlots";

export function inProcessExecutor(): RunExecutor {
  const slots = new TeamSlots(teamConcurrency());
  const { cancellations } = runsRuntime();
  return {
    kind: "in-process",
    async submit(run, teamId) {
      // A continuation is the same here: executeRun replays what the run recorded.
      // Registered now, so a cancel reaches the run while it waits for a slot.
      const signal = cancellations.register(run.id);
      void (async () => {
        const release = await slots.acquire(teamId, signal);
        try {
          await executeRun(run.id); // its signal is the one registered above
        } catch (error) {
          console.error(`Run ${run.id} could not be executed`, error);
        } finally {
          release();
        }
      })();
    },
    async cancel(runId) {
      return cancellations.cancel(runId);
    },
  };
}
