/**
 * Taking over the runs of a dead worker. DBOS recovers only its own executor id at
 * launch, so a worker that dies (and never comes back under the same id) would leave its
 * workflows pending forever. One worker at a time — the holder of a PostgreSQL advisory
 * lock — finds workers whose heartbeat went stale, puts their pending workflows back on
 * the queue (any worker continues them from their recorded steps) and marks what is left
 * of their runs interrupted. Resuming a workflow that was in fact still alive is safe:
 * DBOS stops the old execution.
 */
import { DBOS } from "@dbos-inc/dbos-sdk";
import pg from "pg";
import { forgetExecutor, listStaleExecutors, markRunsInterrupted, openRunsOf, requeueRuns } from "@/lib/data/runs";
import { HEARTBEAT_MS, STALE_AFTER_MS } from "../executorHeartbeat";
import { expireUnansweredRuns } from "../answers";
import { runsRuntime } from "../runtime";
import { RUN_QUEUE, RUN_WORKFLOW, systemDatabaseUrl } from "./config";
import { runIdOfWorkflow } from "./workflowIds";

/** The advisory lock's key: one leader per database. */
const LEADER_LOCK_KEY = 7_250_310_001;

/** Resumes the workflows of every dead worker; returns the runs resumed. */
export async function recoverDeadWorkers(now = Date.now()): Promise<string[]> {
  if (!runsRuntime().executor.canJudgeOthers()) return [];
  const resumed: string[] = [];
  for (const executorId of await listStaleExecutors("worker", new Date(now - STALE_AFTER_MS))) {
    const pending = await DBOS.listWorkflows({ status: "PENDING", executorId, workflowName: RUN_WORKFLOW, loadInput: false, loadOutput: false });
    const workflowIds = pending.map((workflow) => workflow.workflowID);
    const ids = workflowIds.map(runIdOfWorkflow);
    if (ids.length > 0) {
      await requeueRuns(ids);
      await DBOS.resumeWorkflows(workflowIds, { queueName: RUN_QUEUE });
      resumed.push(...ids);
    }
    // Runs it had claimed whose workflow is not pending (cancelled meanwhile, or deleted) cannot go on.
    const left = (await openRunsOf(executorId)).filter((id) => !ids.includes(id));
    await markRunsInterrupted(left);
    await forgetExecutor(executorId);
  }
  return resumed;
}

/** DBOS keeps a row per workflow (a run's execution record; the run itself lives in our tables). */
const FINISHED_WORKFLOW_RETENTION_MS = 24 * 60 * 60_000;
const RETENTION_EVERY_MS = 10 * 60_000;

/** Deletes DBOS's rows of runs that ended more than a day ago; returns how many. */
export async function deleteOldWorkflows(now = Date.now()): Promise<number> {
  const finished = await DBOS.listWorkflows({
    workflowName: RUN_WORKFLOW,
    status: ["SUCCESS", "ERROR", "CANCELLED"],
    completedBefore: new Date(now - FINISHED_WORKFLOW_RETENTION_MS).toISOString(),
    limit: 1_000,
    loadInput: false,
    loadOutput: false,
  });
  if (finished.length > 0) await DBOS.deleteWorkflows(finished.map((workflow) => workflow.workflowID));
  return finished.length;
}

/**
 * Tries for the leader's lock every HEARTBEAT_MS; while this process holds it (its
 * session stays open), recovers dead workers on each tick and clears DBOS's old rows now
 * and then. Returns the stop.
 */
export function leadRecovery(): () => Promise<void> {
  let session: pg.Client | null = null;
  let lastRetention = 0;
  let lastExpiry = 0;
  const tick = async () => {
    try {
      if (!session) {
        session = await takeLeadership();
        // A dropped session has lost the lock: try for it again next tick.
        session?.on("error", () => (session = null));
      }
      if (session) {
        const resumed = await recoverDeadWorkers();
        if (resumed.length > 0) console.log(`Resumed ${resumed.length} runs of stopped workers: ${resumed.join(", ")}`);
        if (Date.now() - lastRetention >= RETENTION_EVERY_MS) {
          lastRetention = Date.now();
          await deleteOldWorkflows();
        }
        if (Date.now() - lastExpiry >= HEARTBEAT_MS * 12) {
          lastExpiry = Date.now();
          await expireUnansweredRuns();
        }
      }
    } catch (error) {
      console.error("Recovering the runs of stopped workers failed; trying again", error);
      await session?.end().catch(() => undefined);
      session = null;
    }
  };
  const timer = setInterval(() => void tick(), HEARTBEAT_MS);
  void tick();
  return async () => {
    clearInterval(timer);
    await session?.end().catch(() => undefined);
    session = null;
  };
}

/** A session holding the leader's lock, or null when another worker holds it. */
async function takeLeadership(): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: systemDatabaseUrl() });
  client.on("error", () => undefined);
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [LEADER_LOCK_KEY]);
  if (rows[0]?.locked) return client;
  await client.end();
  return null;
}
