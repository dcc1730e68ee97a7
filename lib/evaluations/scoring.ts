/**
 * A finished run of an evaluation row → its stored, scored result (lib/evals' scorers and
 * rules: a row passes when its run succeeded and every scorer passed; a failed run scores 0).
 */
import type { RunOutcome } from "@/lib/data/evaluations";
import type { ItemResult } from "@/lib/data/evaluationTypes";
import { parseScorer, type Scorer, ScorerSpecError } from "@/lib/evals";
import type { DatasetRow } from "@/lib/evals/dataset";
import type { ModelProvider } from "@/lib/engine/model";

/**
 * Scorers as the form and the API spell them. `code:<file.js>` reads a file on the machine
 * that runs it: the CLI only, never the server.
 */
export function serverScorers(spellings: readonly string[], resolveProvider?: (model: string) => ModelProvider): Scorer[] {
  return spellings.map((spelling) => {
    if (spelling.startsWith("code:")) throw new ScorerSpecError("code scorers read a file and run in the CLI only (npm run swarm -- eval)");
    return parseScorer(spelling, { resolveProvider });
  });
}

async function scoreAll(scorers: readonly Scorer[], output: string, row: DatasetRow): Promise<ItemResult["scores"]> {
  return Promise.all(
    scorers.map(async (scorer) => {
      try {
        return await scorer.score({ output, row });
      } catch (caught) {
        return { pass: false, score: 0, reason: `${scorer.name} failed: ${caught instanceof Error ? caught.message : String(caught)}` };
      }
    }),
  );
}

/** A row whose run asks a human (ask_human): an evaluation does not wait for answers. */
const WAITING = { name: "waiting", message: "waiting for a human: the run asked a question (ask_human), and evaluations do not wait for answers" };

export async function scoreRun(outcome: RunOutcome, row: DatasetRow, scorers: readonly Scorer[], steps: number): Promise<ItemResult> {
  const failed = outcome.status !== "success";
  const error = !failed ? undefined : outcome.status === "waiting" ? WAITING : { name: outcome.status, message: outcome.error ?? `the run ended ${outcome.status}` };
  const output = outcome.output ?? "";
  const scores: ItemResult["scores"] = error ? scorers.map(() => ({ pass: false, score: 0, reason: `the run ${outcome.status}: ${error.message}` })) : await scoreAll(scorers, output, row);
  const started = outcome.startedAt ?? outcome.createdAt;
  return {
    output,
    ...(error && { error }),
    scores,
    pass: !error && scores.every((score) => score.pass),
    score: scores.length === 0 ? (error ? 0 : 1) : scores.reduce((sum, score) => sum + score.score, 0) / scores.length,
    usage: outcome.usage,
    costUsd: outcome.costUsd,
    scoringCostUsd: scores.reduce((sum, score) => sum + (score.costUsd ?? 0), 0),
    latencyMs: Math.max(0, (outcome.endedAt ?? new Date()).getTime() - started.getTime()),
    steps,
  };
}
