/**
 * Structured output: the final answer must be JSON that matches the agent's schema.
 */
import type { z } from "zod";

export type OutputCheck = { ok: true; value: unknown } | { ok: false; problem: string };

export function checkOutput(validator: z.ZodType, text: string): OutputCheck {
  let json: unknown;
  try {
    json = JSON.parse(stripCodeFence(text));
  } catch {
    return { ok: false, problem: "the answer is not valid JSON" };
  }
  const result = validator.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
  return { ok: false, problem: problems.join("; ") };
}

/** Models often wrap JSON in a ```json fence even when asked not to. */
function stripCodeFence(text: string): string {
  const match = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/.exec(text);
  return match ? match[1]! : text;
}
