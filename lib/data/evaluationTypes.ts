/**
 * The shapes of stored evaluations, passed to pages and the API. A zod schema and its
 * type share one name; JSON columns are parsed with these on read.
 */
import { z } from "zod";
import { Score } from "@/lib/evals/scorers.ts";

export const EvaluationStatus = z.enum(["running", "success", "cancelled", "interrupted"]);
export type EvaluationStatus = z.infer<typeof EvaluationStatus>;

export const ItemStatus = z.enum(["pending", "running", "done"]);
export type ItemStatus = z.infer<typeof ItemStatus>;

/** A row's scored result, once its run ended (the fields of lib/evals' RowResult that are stored). */
export const ItemResult = z.object({
  output: z.string(),
  error: z.object({ name: z.string(), message: z.string() }).optional(),
  scores: z.array(Score),
  pass: z.boolean(),
  score: z.number().min(0).max(1),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number(), totalTokens: z.number() }),
  /** The run's model calls in USD (as the run records it). */
  costUsd: z.number().nullable(),
  scoringCostUsd: z.number(),
  latencyMs: z.number(),
  steps: z.number().int(),
});
export type ItemResult = z.infer<typeof ItemResult>;

export const ScorerSpellings = z.array(z.string().min(1).max(500)).max(20);

export type EvaluationItem = {
  index: number;
  runId: string | null;
  /** The run's status while it is open (queued, running…), from the run row. */
  status: ItemStatus;
  result: ItemResult | null;
};

export type EvaluationSummary = {
  id: string;
  status: EvaluationStatus;
  flowId: string;
  flowName: string;
  flowVersion: number;
  datasetId: string;
  datasetName: string;
  datasetVersion: number;
  datasetVersionId: string;
  rowCount: number;
  done: number;
  scorers: string[];
  concurrency: number;
  modelOverride: string | null;
  minPass: number | null;
  baselineId: string | null;
  heartbeatAt: number | null;
  createdAt: number;
  endedAt: number | null;
};
