/**
 * The durable executor's settings, shared by the web process (which enqueues) and the
 * workers (which execute): one DBOS application in the app's PostgreSQL database, its
 * tables in their own schema.
 */
import { resolveDatabaseConfig } from "@/lib/db/config";
import { teamConcurrency } from "../executors/teamSlots";

export const DBOS_APP_NAME = "swarm-studio";
export const DBOS_SCHEMA = "dbos";
export const RUN_QUEUE = "swarm-runs";
export const RUN_WORKFLOW = "swarmRun";
/**
 * Pinned, not DBOS's default hash of the code: recovery and dequeuing only pick workflows
 * of the same version, and every worker of a deployment must agree. Bump it when the
 * workflow's code between steps changes so that old executions cannot replay on it.
 */
export const RUNS_APP_VERSION = "runs-v1";

/** The PostgreSQL URL DBOS keeps its tables in: the app's own database. */
export function systemDatabaseUrl(): string {
  const config = resolveDatabaseConfig();
  if (config.provider !== "postgresql") {
    throw new Error("SWARM_EXECUTOR=durable needs PostgreSQL: set DATABASE_URL to a postgres:// URL (see README, Scale out)");
  }
  return config.url;
}

/** SWARM_WORKER_CONCURRENCY: runs one worker executes at once (default 50). */
export function workerConcurrency(): number {
  const configured = Number(process.env.SWARM_WORKER_CONCURRENCY);
  return Number.isInteger(configured) && configured > 0 ? configured : 50;
}

export const queueLimits = () => ({
  workerConcurrency: workerConcurrency(),
  // One partition per team: a team's runs beyond its limit wait, other teams' do not.
  partitionConcurrency: teamConcurrency(),
  // Queues poll; 100 ms keeps the time to start a run short (DBOS's default is 1 s).
  minPollingIntervalMs: 100,
});
