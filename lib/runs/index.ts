/** The server-side run service (no Next.js imports). Client code imports ./types, ./timeline and ./format directly. */
export { startRun, cancelRun, isRunLive, liveRuns, HEARTBEAT_MS, type StartRunRequest } from "./service";
export { markInterruptedRuns, watchInterruptedRuns, STALE_AFTER_MS } from "./interrupted";
export { ModelOverride } from "./modelOverride";
export { FlowCompileError } from "./compile";
export { followRun } from "./follow";
