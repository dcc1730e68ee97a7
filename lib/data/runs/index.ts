// Runs, their RunNode trees and event streams, always scoped by team. Client code imports ./types directly.
export { CorruptRecordError, createRun, getRun, listRuns, MAX_RUN_INPUT_CHARS, prepareRun, withInput } from "./runs.ts";
export type { CreateRunInput, ListRunsFilter, NewRun, RunFinish } from "./runs.ts";
export { getRunNode, listRunNodeDetails, listRunNodes, openRunTimeline, type RunTimeline } from "./nodes.ts";
export { lastRunEventSeq, listRunEvents } from "./events.ts";
export { finishRun, writeRunBatch } from "./batchWriter.ts";
export { ASK_HUMAN_TOOL, listOpenQuestions, saveAnswer } from "./questions.ts";
export { expireWaitingRuns, INTERRUPTED_MESSAGE, markRunsInterrupted, markStaleRunsInterrupted, openRunsOf, type StaleRunsQuery } from "./staleRuns.ts";
export { countLiveExecutors, type ExecutorKind, forgetExecutor, heartbeatExecutor, listStaleExecutors, registerExecutor } from "./executors.ts";
export { cancelIdleRun, claimRun, loadRunExecution, reopenRun, requeueRuns, saveCheckpoint, type PriorNode, type RunExecution } from "./execution.ts";
export { copyCheckpointsForFork } from "./forks.ts";
