/**
 * Runs execute on worker processes (`npm run worker`), through a DBOS queue in the app's
 * PostgreSQL database: this process only enqueues and cancels; it never executes a run.
 * A run's workflow id is the run's id, so enqueuing twice is one run.
 */
import { DBOSClient } from "@dbos-inc/dbos-sdk";

import { DBOS_APP_NAME, DBOS_SCHEMA, RUN_QUEUE, RUN_WORKFLOW, RUNS_APP_VERSION, systemDatabaseUrl } from "../durable/config";
import { cancelIdleRun } from "@/lib/data/runs";
import { continuationWorkflowId, runIdOfWorkflow } from "../durable/workflowIds";
import { ensureDbosSchema } from "../durable/schema";
import { notify, RUN_CANCEL_CHANNEL } from "../notifications";
import type { RunExecutor } from "./types";

export async function durableExecutor(): Promise<RunExecutor> {
  await ensureDbosSchema();
  const client = await DBOSClient.create({ systemDatabaseUrl: systemDatabaseUrl(), systemDatabaseSchemaName: DBOS_SCHEMA, applicationName: DBOS_APP_NAME });
  return {
    kind: "durable",
    async submit(run, teamId, options = {}) {
      const workflowID = options.continuation ? continuationWorkflowId(run.id) : run.id;
      await client.enqueue(
        { workflowName: RUN_WORKFLOW, queueName: RUN_QUEUE, workflowID, queuePartitionKey: teamId, appVersion: RUNS_APP_VERSION },
        run.id,
      );
    },
    async cancel(runId) {
      const active = await client.listWorkflows({ workflow_id_prefix: runId, workflowName: RUN_WORKFLOW, status: ["ENQUEUED", "PENDING"], loadInput: false, loadOutput: false });
      const ids = active.map((workflow) => workflow.workflowID).filter((id) => runIdOfWorkflow(id) === runId);
      if (ids.length === 0) return false;
      await client.cancelWorkflows(ids);
      // Queued: no worker will start it now, so its end is written here. Running: the worker
      // hears this at once (DBOS's own signal comes within about a second) and ends it.
      if (!(await cancelIdleRun(runId))) await notify(RUN_CANCEL_CHANNEL, runId);
      return true;
    },
  };
}
