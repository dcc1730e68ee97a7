/** The server-side run service (no Next.js imports). Client code imports ./timeline, ./format and @/lib/data/runs/types directly. */
export { startRun, cancelRun, type StartRunRequest } from "./service";
export { liveRuns, runsRuntime } from "./runtime";
export { executeRun } from "./execution";
export { HEARTBEAT_MS, STALE_AFTER_MS } from "./executorHeartbeat";
export { markInterruptedRuns, watchInterruptedRuns } from "./interrupted";
export { ModelOverride } from "./modelOverride";
export { FlowCompileError } from "./compile";
export { followRun } from "./follow";
