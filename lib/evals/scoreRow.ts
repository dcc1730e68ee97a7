/**
 * One row's scores and verdict, the same for the CLI's in-memory runs and the app's stored
 * ones: a row passes when its run succeeded and every scorer passed; a failed run scores 0.
 */
import type { DatasetRow } from "./dataset";
import type { Score, Scorer } from "./scorers";

/** Every scorer on the run's output; a scorer that throws (a judge out of reach) fails the row, with why. */
export async function scoreOutput(scorers: readonly Scorer[], output: string, row: DatasetRow, signal?: AbortSignal): Promise<Score[]> {
  return Promise.all(
    scorers.map(async (scorer) => {
      try {
        return await scorer.score({ output, row, signal });
      } catch (caught) {
        return { pass: false, score: 0, reason: `${scorer.name} failed: ${caught instanceof Error ? caught.message : String(caught)}` };
      }
    }),
  );
}

/** A row whose run failed: every scorer fails, saying why. */
export function failedScores(scorers: readonly Scorer[], reason: string): Score[] {
  return scorers.map(() => ({ pass: false, score: 0, reason }));
}

/** Pass, mean score and what the judges cost, from a row's scores and whether its run failed. */
export function rowVerdict(scores: readonly Score[], runFailed: boolean): { pass: boolean; score: number; scoringCostUsd: number } {
  return {
    pass: !runFailed && scores.every((score) => score.pass),
    score: scores.length === 0 ? (runFailed ? 0 : 1) : scores.reduce((sum, score) => sum + score.score, 0) / scores.length,
    scoringCostUsd: scores.reduce((sum, score) => sum + (score.costUsd ?? 0), 0),
  };
}
