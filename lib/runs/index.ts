/** The server-side run service (no Next.js imports). Client code imports ./timeline, ./format and @/lib/data/runs/types directly. */
export { startRun, cancelRun, isRunLive, liveRuns, runsRuntime, type StartRunRequest } from "./service";
export { HEARTBEAT_MS, STALE_AFTER_MS } from "./executorHeartbeat";
export { markInterruptedRuns, watchInterruptedRuns } from "./interrupted";
export { ModelOverride } from "./modelOverride";
export { FlowCompileError } from "./compile";
export { followRun } from "./follow";
