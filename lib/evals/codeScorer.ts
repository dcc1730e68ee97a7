/**
 * A code scorer: JavaScript the team writes, run in the code-tool sandbox (QuickJS in a
 * worker thread, lib/tools/sandbox). The body of `async (args) => { … }` gets
 * `args = { output, expected, input, tags }` and returns `true`/`false`, a score from 0 to 1
 * (0.5 or more passes), or `{ pass, score?, reason? }`.
 */
import { z } from "zod";
import { DEFAULT_LIMITS, sandbox, SandboxError, type SandboxPool } from "@/lib/tools/sandbox";
import type { Score, Scorer } from "./scorers";

const Verdict = z.union([
  z.boolean(),
  z.number().min(0).max(1),
  z.strictObject({ pass: z.boolean(), score: z.number().min(0).max(1).optional(), reason: z.string().max(2_000).optional() }),
]);

function toScore(verdict: z.infer<typeof Verdict>): Score {
  if (typeof verdict === "boolean") return { pass: verdict, score: verdict ? 1 : 0, reason: verdict ? "the code scorer passed it" : "the code scorer failed it" };
  if (typeof verdict === "number") return { pass: verdict >= 0.5, score: verdict, reason: `the code scorer gave ${verdict}` };
  return { pass: verdict.pass, score: verdict.score ?? (verdict.pass ? 1 : 0), reason: verdict.reason ?? (verdict.pass ? "passed" : "failed") };
}

export function codeScorer(name: string, body: string, pool: SandboxPool = sandbox()): Scorer {
  return {
    name,
    async score({ output, row, signal }) {
      try {
        const verdict = Verdict.safeParse(await pool.run(body, { output, expected: row.expected ?? null, input: row.input, tags: row.tags ?? [] }, DEFAULT_LIMITS, signal));
        if (!verdict.success) return { pass: false, score: 0, reason: "the code scorer returned neither true/false, a score from 0 to 1, nor { pass, score, reason }" };
        return toScore(verdict.data);
      } catch (error) {
        if (error instanceof SandboxError) return { pass: false, score: 0, reason: `the code scorer failed: ${error.message}` };
        throw error;
      }
    },
  };
}
