/**
 * Evaluations (issue 19): a flow run over dataset rows, scored, aggregated and compared.
 * Knows nothing of Next.js or the database: the CLI (`scripts/swarm.ts eval`) and tests
 * use it as it is; stored datasets and evaluations will build on it.
 */
export { DatasetRow, parseDataset, readDataset, inputText, formatOfFile, MAX_DATASET_PROBLEMS, MAX_DATASET_ROWS } from "./dataset";
export type { DatasetFormat, ParseDatasetResult } from "./dataset";
export { DatasetError, ScorerSpecError, CompareError } from "./errors";
export { Score, exactScorer, containsScorer, regexScorer, jsonSchemaScorer, numericScorer } from "./scorers";
export type { Scorer, ScoreInput } from "./scorers";
export { judgeScorer, parseJudgeReply, judgePrompt, JudgeReply, DEFAULT_RUBRIC } from "./judge";
export type { JudgeOptions } from "./judge";
export { parseScorer, SCORER_SPELLINGS } from "./scorerSpec";
export type { ParseScorerOptions } from "./scorerSpec";
export { evaluate, DEFAULT_CONCURRENCY } from "./evaluate";
export type { Evaluation, EvaluateOptions, RowResult } from "./evaluate";
export { aggregate, percentile } from "./stats";
export type { Aggregate } from "./stats";
export { compareEvaluations } from "./compare";
export type { Comparison, RowComparison, RowChange } from "./compare";
export { formatEvaluation, formatComparison, formatAggregates, inlineDiff } from "./report";
