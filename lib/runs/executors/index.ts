/**
 * This deployment's run executor, chosen by SWARM_EXECUTOR: `in-process` (default) or
 * `durable` (PostgreSQL and at least one `npm run worker`; see README "Scale out").
 */
import type { RunExecutor } from "./types";

export type { RunExecutor } from "./types";

const holder = globalThis as typeof globalThis & { __swarmStudioExecutor?: Promise<RunExecutor> };

export function executorKind(): RunExecutor["kind"] {
  const configured = process.env.SWARM_EXECUTOR ?? "in-process";
  if (configured !== "in-process" && configured !== "durable") {
    throw new Error(`SWARM_EXECUTOR must be "in-process" or "durable", not "${configured}"`);
  }
  return configured;
}

export function runExecutor(): Promise<RunExecutor> {
  return (holder.__swarmStudioExecutor ??= create());
}

async function create(): Promise<RunExecutor> {
  // Loaded on demand: the in-process executor never loads DBOS.
  if (executorKind() === "durable") return (await import("./durable")).durableExecutor();
  return (await import("./inProcess")).inProcessExecutor();
}
