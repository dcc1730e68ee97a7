/**
 * A worker process (`npm run worker`): executes runs from the DBOS queue in the app's
 * PostgreSQL database. A run is one DBOS workflow (id = run id) whose one step executes
 * it; the engine's own checkpoints (one per model or tool call, keyed by node position,
 * see lib/engine/checkpoints.ts) make that step continue where an earlier execution
 * stopped. Not DBOS steps per call: DBOS keys a step by the order of calls, which is not
 * deterministic when parallel members call models at once; positions are.
 */
import { DBOS } from "@dbos-inc/dbos-sdk";
import { executeRun } from "../execution";
import { listen, RUN_CANCEL_CHANNEL } from "../notifications";
import { runsRuntime } from "../runtime";
import { DBOS_APP_NAME, DBOS_SCHEMA, queueLimits, RUN_QUEUE, RUN_WORKFLOW, RUNS_APP_VERSION, systemDatabaseUrl } from "./config";
import { leadRecovery } from "./recovery";
import { ensureDbosSchema } from "./schema";

/** The run's workflow: executes it here; a cancel (DBOS's signal, or the notification) stops it. */
async function runWorkflow(runId: string): Promise<string | null> {
  return DBOS.runStep(() => executeRun(runId, { signal: DBOS.stepStatus?.cancelSignal }), { name: "execute" });
}

export type Worker = { id: string; stop(): Promise<void> };

export async function startWorker(): Promise<Worker> {
  const { executor, cancellations } = runsRuntime("worker");
  await executor.start();
  await ensureDbosSchema();
  DBOS.setConfig({
    name: DBOS_APP_NAME,
    systemDatabaseUrl: systemDatabaseUrl(),
    systemDatabaseSchemaName: DBOS_SCHEMA,
    // Unique and stable for this process: recovery finds a dead worker's workflows by it.
    executorID: executor.id,
    applicationVersion: RUNS_APP_VERSION,
    runMigrations: false,
    logLevel: process.env.SWARM_DBOS_LOG_LEVEL ?? "warn",
  });
  DBOS.registerWorkflow(runWorkflow, { name: RUN_WORKFLOW });
  await DBOS.launch();
  await DBOS.registerQueue(RUN_QUEUE, { ...queueLimits(), onConflict: "always_update" });
  const unlisten = listen(RUN_CANCEL_CHANNEL, (runId) => cancellations.cancel(runId));
  const stopRecovery = leadRecovery();
  return {
    id: executor.id,
    async stop() {
      unlisten();
      await stopRecovery();
      await DBOS.shutdown();
      executor.stop();
    },
  };
}
