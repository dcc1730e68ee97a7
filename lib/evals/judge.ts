/**
 * LLM-as-judge: a judge model reads the row's input, expected output (when there is one)
 * and the flow's output, grades them against a rubric, and must reply with exactly
 *
 *   {"score": <number from 0 to 1>, "reason": "<one sentence>"}
 *
 * (a ```json fence around it is tolerated, nothing else). A reply that is not that object
 * fails the row with the problem as its reason, rather than guessing a score.
 * Testable offline: `mock:reply?text={"score":1,"reason":"correct"}`.
 */
import { z } from "zod";
import { parseModelString, type ModelProvider } from "@/lib/engine/model";
import { checkOutput } from "@/lib/engine/runner/outputValidation";
import { estimateCost, getProvider } from "@/lib/providers";
import { inputText } from "./dataset";
import type { Score, Scorer, ScoreInput } from "./scorers";

export const JudgeReply = z.strictObject({
  score: z.number().min(0).max(1),
  reason: z.string().trim().min(1),
});
export type JudgeReply = z.infer<typeof JudgeReply>;

export const DEFAULT_RUBRIC = "The output answers the input correctly and completely; when an expected output is given, it agrees with it.";

export type JudgeOptions = {
  /** A "provider:model" string, e.g. "openai:gpt-4o-mini" or a `mock:` model. */
  model: string;
  rubric?: string;
  /** A score at or above this passes (default 0.5). */
  passAt?: number;
  /** Default: `getProvider` from lib/providers. */
  resolveProvider?: (model: string) => ModelProvider;
};

export function judgePrompt(rubric: string): string {
  return [
    "You grade the output of an AI system against a rubric.",
    `Rubric: ${rubric}`,
    'Reply with only a JSON object, no other text: {"score": <number from 0 to 1>, "reason": "<one sentence>"}.',
    "1 means the output fully meets the rubric, 0 that it does not at all.",
  ].join("\n");
}

function judgeRequestText({ output, row }: ScoreInput): string {
  const parts = [`<input>\n${inputText(row)}\n</input>`];
  if (row.expected !== undefined) parts.push(`<expected>\n${row.expected}\n</expected>`);
  parts.push(`<output>\n${output}\n</output>`);
  return parts.join("\n");
}

/** Reads the judge's reply strictly: the JSON object above, or a problem. */
export function parseJudgeReply(text: string): { ok: true; reply: JudgeReply } | { ok: false; problem: string } {
  const check = checkOutput(JudgeReply, text);
  return check.ok ? { ok: true, reply: check.value as JudgeReply } : { ok: false, problem: check.problem };
}

export function judgeScorer(options: JudgeOptions): Scorer {
  const rubric = options.rubric ?? DEFAULT_RUBRIC;
  const passAt = options.passAt ?? 0.5;
  const provider = (options.resolveProvider ?? getProvider)(options.model);
  const { model } = parseModelString(options.model);
  return {
    name: `judge:${options.model}`,
    async score(input): Promise<Score> {
      const response = await provider.complete({
        model,
        messages: [
          { role: "system", content: judgePrompt(rubric) },
          { role: "user", content: judgeRequestText(input) },
        ],
        tools: [],
        temperature: 0,
        signal: input.signal,
      });
      const costUsd = estimateCost(options.model, response.usage);
      const parsed = parseJudgeReply(response.content);
      if (!parsed.ok) return { pass: false, score: 0, reason: `the judge's reply is not {"score","reason"}: ${parsed.problem}`, costUsd };
      return { pass: parsed.reply.score >= passAt, score: parsed.reply.score, reason: parsed.reply.reason, costUsd };
    },
  };
}
