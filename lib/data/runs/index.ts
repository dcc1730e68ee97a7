// Runs, their RunNode trees and event streams, always scoped by team. Client code imports ./types directly.
export { CorruptRecordError, createRun, finishRun, getRun, listRuns, markRunStarted, MAX_RUN_INPUT_CHARS } from "./runs.ts";
export type { CreateRunInput, ListRunsFilter, RunFinish } from "./runs.ts";
export { getRunNode, listRunNodes } from "./nodes.ts";
export { lastRunEventSeq, listRunEvents } from "./events.ts";
export { writeRunBatch } from "./batchWriter.ts";
export { INTERRUPTED_MESSAGE, markStaleRunsInterrupted, type StaleRunsQuery } from "./staleRuns.ts";
export { type ExecutorKind, heartbeatExecutor, registerExecutor } from "./executors.ts";
