/**
 * A finished run of an evaluation row → its stored, scored result (lib/evals' scorers and
 * rules: a row passes when its run succeeded and every scorer passed; a failed run scores 0).
 */
import type { RunOutcome } from "@/lib/data/evaluations";
import type { ItemResult } from "@/lib/data/evaluationTypes";
import { parseScorer, type Scorer, ScorerSpecError } from "@/lib/evals";
import type { DatasetRow } from "@/lib/evals/dataset";
import { failedScores, rowVerdict, scoreOutput } from "@/lib/evals/scoreRow";
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

/** A row whose run asks a human (ask_human): an evaluation does not wait for answers. */
const WAITING = { name: "waiting", message: "waiting for a human: the run asked a question (ask_human), and evaluations do not wait for answers" };

export async function scoreRun(outcome: RunOutcome, row: DatasetRow, scorers: readonly Scorer[], steps: number): Promise<ItemResult> {
  const failed = outcome.status !== "success";
  const error = !failed ? undefined : outcome.status === "waiting" ? WAITING : { name: outcome.status, message: outcome.error ?? `the run ended ${outcome.status}` };
  const output = outcome.output ?? "";
  const scores: ItemResult["scores"] = error ? failedScores(scorers, `the run ${outcome.status}: ${error.message}`) : await scoreOutput(scorers, output, row);
  const started = outcome.startedAt ?? outcome.createdAt;
  return {
    output,
    ...(error && { error }),
    scores,
    ...rowVerdict(scores, error !== undefined),
    usage: outcome.usage,
    costUsd: outcome.costUsd,
    latencyMs: Math.max(0, (outcome.endedAt ?? new Date()).getTime() - started.getTime()),
    steps,
  };
}
