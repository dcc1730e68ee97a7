/**
 * Stored evaluations as lib/evals sees them: rows with results → aggregates, comparisons
 * (worse rows first) and the CI verdict (the pass rate against a minimum and a baseline,
 * the CLI's rules).
 */
import { getDatasetVersionById } from "@/lib/data/datasets";
import type { EvaluationItem, EvaluationSummary } from "@/lib/data/evaluationTypes";
import { aggregate, type Aggregate, CompareError, compareEvaluations, type Comparison, type Evaluation, type RowResult } from "@/lib/evals";
import type { DatasetRow } from "@/lib/evals/dataset";
import { readEvaluation, type EvaluationActor } from "./service";

export type EvaluationResult = {
  evaluation: EvaluationSummary;
  items: EvaluationItem[];
  rows: readonly DatasetRow[];
  /** Over the rows done so far. */
  aggregate: Aggregate;
};

export type Verdict = { pass: boolean; reasons: string[] } | { pass: null; reasons: string[] };

function rowResults(items: readonly EvaluationItem[], rows: readonly DatasetRow[]): RowResult[] {
  return items.flatMap((item) => {
    if (!item.result) return [];
    const { costUsd, ...result } = item.result;
    return [{ index: item.index, row: rows[item.index]!, ...result, costUsd: costUsd ?? undefined }];
  });
}

function asEvaluation(result: EvaluationResult): Evaluation {
  const rows = rowResults(result.items, result.rows);
  return { scorers: result.evaluation.scorers, rows, aggregate: aggregate(rows), cancelled: result.evaluation.status === "cancelled" };
}

export async function evaluationResult(actor: EvaluationActor, evaluationId: string): Promise<EvaluationResult> {
  const { evaluation, items } = await readEvaluation(actor, evaluationId);
  const dataset = await getDatasetVersionById(actor.teamId, evaluation.datasetVersionId);
  return { evaluation, items, rows: dataset.rows, aggregate: aggregate(rowResults(items, dataset.rows)) };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** Pass or fail for CI; `pass: null` while it (or its baseline) has not finished. */
export function verdictOf(result: EvaluationResult, baseline?: EvaluationResult): Verdict {
  const unfinished = [result, baseline].filter((each) => each && each.evaluation.status !== "success");
  if (unfinished.length > 0) return { pass: null, reasons: unfinished.map((each) => `evaluation ${each!.evaluation.id} is ${each!.evaluation.status}`) };
  const reasons: string[] = [];
  const rate = result.aggregate.passRate;
  const { minPass } = result.evaluation;
  if (minPass !== null && rate < minPass) reasons.push(`the pass rate ${percent(rate)} is below the minimum ${percent(minPass)}`);
  if (baseline && rate < baseline.aggregate.passRate) reasons.push(`the pass rate ${percent(rate)} is worse than the baseline's ${percent(baseline.aggregate.passRate)}`);
  return { pass: reasons.length === 0, reasons };
}

export type MultiComparison = {
  /** The evaluations in the order asked; the first is the baseline. */
  results: EvaluationResult[];
  /** The last against the first, rows that got worse first. */
  comparison: Comparison;
};

/** Two or more evaluations of one dataset version, side by side. */
export async function compareStored(actor: EvaluationActor, ids: readonly string[]): Promise<MultiComparison> {
  if (ids.length < 2) throw new CompareError("Choose at least two evaluations to compare");
  return compareResults(await Promise.all(ids.map((id) => evaluationResult(actor, id))));
}

/** Evaluations already read, compared (the first is the baseline); refused over different dataset versions. */
export function compareResults(results: EvaluationResult[]): MultiComparison {
  const datasets = new Set(results.map((result) => result.evaluation.datasetVersionId));
  if (datasets.size > 1) throw new CompareError("These evaluations ran over different datasets (or dataset versions): their rows cannot be compared");
  return { results, comparison: compareEvaluations(asEvaluation(results.at(-1)!), asEvaluation(results[0]!)) };
}
