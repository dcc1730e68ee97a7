/**
 * A person answers a waiting run's question: the answer is stored as the ask_human call's
 * result, and the run continues from its recorded steps — on whichever executor takes it,
 * after any restart, days later if need be. Unanswered runs end after SWARM_WAIT_EXPIRY_MS.
 */
import { z } from "zod";
import { ForbiddenError } from "@/lib/auth/errors";
import { expireWaitingRuns, getRun, listOpenQuestions, saveAnswer } from "@/lib/data/runs";
import { NotFoundError } from "@/lib/data/errors";
import { UserError } from "@/lib/errors";
import type { RunActor } from "./commands";
import { retryUntilStored } from "./retry";
import { continueRun } from "./service";

export const MAX_ANSWER_CHARS = 10_000;

export const Answer = z.object({
  nodeId: z.string().min(1).max(500),
  answer: z.string().trim().min(1, "Write an answer").max(MAX_ANSWER_CHARS, `An answer has at most ${MAX_ANSWER_CHARS} characters`),
});
export type Answer = z.infer<typeof Answer>;

/** The run is not waiting for that answer (answered already, or not waiting at all). */
export class NotWaitingError extends UserError {
  override readonly name = "NotWaitingError";
  readonly kind = "conflict";
}

export async function answerRunAs(actor: RunActor, runId: string, input: Answer): Promise<void> {
  if (!actor.mayRun) throw new ForbiddenError(actor.role, "answer runs");
  const run = await getRun(actor.teamId, runId); // not found for another team's run
  if (run.status !== "waiting") throw new NotWaitingError(`This run is ${run.status}, not waiting for an answer.`);
  const question = (await listOpenQuestions(actor.teamId, run.id)).find((open) => open.nodeId === input.nodeId);
  if (!question) throw new NotFoundError("Question", input.nodeId);
  if (question.choices && !question.choices.includes(input.answer)) {
    throw new NotWaitingError(`Answer with one of: ${question.choices.join(", ")}.`);
  }
  // Whoever moves the run out of `waiting` answers; a second answer at the same time is refused.
  const answer = { text: input.answer, by: actor.userId ?? actor.apiTokenId ?? null, at: Date.now() };
  const answered = await continueRun(run, actor.teamId, "waiting", () => retryUntilStored(() => saveAnswer(run.id, question.nodeId, answer)));
  if (!answered) throw new NotWaitingError("Someone answered this question already.");
}

const DEFAULT_WAIT_EXPIRY_MS = 7 * 24 * 60 * 60_000;

/** SWARM_WAIT_EXPIRY_MS: how long a run waits for an answer before it ends (default 7 days). */
export function waitExpiryMs(): number {
  const configured = Number(process.env.SWARM_WAIT_EXPIRY_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_WAIT_EXPIRY_MS;
}

function describeDuration(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (ms >= 86_400_000) return plural(Number((ms / 86_400_000).toFixed(1)), "day");
  if (ms >= 3_600_000) return plural(Number((ms / 3_600_000).toFixed(1)), "hour");
  return plural(Math.max(1, Math.round(ms / 60_000)), "minute");
}

/** Ends the runs that waited longer than the expiry; returns their ids. */
export function expireUnansweredRuns(now = Date.now()): Promise<string[]> {
  const expiry = waitExpiryMs();
  return expireWaitingRuns(new Date(now - expiry), `No one answered within ${describeDuration(expiry)}, so the run ended. Re-run it to ask again.`);
}
