/**
 * What this process keeps about the runs it executes: the live-event hub, the abort
 * controllers (so a cancel reaches a run) and its executor identity with its heartbeat.
 * A web server in single-user mode and a worker each have one.
 */
import { CancellationRegistry } from "./cancellation";
import { RunEventHub } from "./eventHub";
import { ExecutorHeartbeat } from "./executorHeartbeat";
import type { ExecutorKind } from "@/lib/data/runs";

export type RunsRuntime = { hub: RunEventHub; cancellations: CancellationRegistry; executor: ExecutorHeartbeat };

// On globalThis so Next.js dev reloads keep one hub, registry and executor identity per process.
const holder = globalThis as typeof globalThis & { __swarmStudioRuns?: RunsRuntime };

/** This process's runtime; the first call decides the executor's kind (a worker says "worker"). */
export function runsRuntime(kind: ExecutorKind = "in-process"): RunsRuntime {
  return (holder.__swarmStudioRuns ??= {
    hub: new RunEventHub(),
    cancellations: new CancellationRegistry(),
    executor: new ExecutorHeartbeat(kind),
  });
}

export function liveRuns(): RunEventHub {
  return runsRuntime().hub;
}
