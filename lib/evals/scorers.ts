/**
 * Scorers: each judges one row's output and returns `{ pass, score (0..1), reason }`.
 * The deterministic ones live here; the LLM judge is in judge.ts. `parseScorer` reads the
 * CLI's spelling (`contains`, `regex:<pattern>`, `numeric:<tolerance>`, …).
 */
import { z } from "zod";
import { checkOutput } from "@/lib/engine/runner/outputValidation";
import { toZodSchema, type JsonSchema } from "@/lib/engine/schema";
import type { DatasetRow } from "./dataset";
import { ScorerSpecError } from "./errors";

export const Score = z.strictObject({
  pass: z.boolean(),
  score: z.number().min(0).max(1),
  reason: z.string(),
  /** What scoring itself cost (an LLM judge's call), in USD; counted apart from the flow's cost. */
  costUsd: z.number().min(0).optional(),
});
export type Score = z.infer<typeof Score>;

export type ScoreInput = { output: string; row: DatasetRow; signal?: AbortSignal };

export type Scorer = {
  /** Shown in tables: "contains", "regex:^ok", "judge:openai:gpt-4o-mini". */
  readonly name: string;
  score(input: ScoreInput): Score | Promise<Score>;
};

const passed = (reason: string): Score => ({ pass: true, score: 1, reason });
const failed = (reason: string): Score => ({ pass: false, score: 0, reason });
const clip = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max)}…` : text);
const NO_EXPECTED = failed("the row has no expected output");

/** The output equals the expected text (surrounding whitespace ignored). */
export const exactScorer: Scorer = {
  name: "exact",
  score: ({ output, row }) => {
    if (row.expected === undefined) return NO_EXPECTED;
    return output.trim() === row.expected.trim() ? passed("equals the expected output") : failed(`differs from "${clip(row.expected.trim())}"`);
  },
};

/** The output contains the expected text (case-sensitive). */
export const containsScorer: Scorer = {
  name: "contains",
  score: ({ output, row }) => {
    if (row.expected === undefined) return NO_EXPECTED;
    return output.includes(row.expected) ? passed(`contains "${clip(row.expected)}"`) : failed(`does not contain "${clip(row.expected)}"`);
  },
};

/** The output matches a regular expression: `pattern` or `/pattern/flags`. */
export function regexScorer(spelling: string): Scorer {
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(spelling);
  let pattern: RegExp;
  try {
    pattern = literal ? new RegExp(literal[1]!, literal[2]) : new RegExp(spelling);
  } catch (error) {
    throw new ScorerSpecError(`regex scorer: ${(error as Error).message}`);
  }
  return {
    name: `regex:${spelling}`,
    score: ({ output }) => (pattern.test(output) ? passed(`matches ${pattern}`) : failed(`does not match ${pattern}`)),
  };
}

/**
 * The output is JSON valid against a JSON Schema (a ```json fence is allowed, as for an
 * agent's structured output). Without `schema`, each row's `expected` holds the schema.
 */
export function jsonSchemaScorer(schema?: JsonSchema): Scorer {
  const fixed = schema === undefined ? undefined : validatorOf(schema);
  return {
    name: "json-schema",
    score: ({ output, row }) => {
      let validator = fixed;
      if (!validator) {
        if (row.expected === undefined) return failed("the row has no expected output (its JSON Schema)");
        try {
          validator = validatorOf(JSON.parse(row.expected) as JsonSchema);
        } catch (error) {
          return failed(`the row's expected output is not a JSON Schema: ${(error as Error).message}`);
        }
      }
      const check = checkOutput(validator, output);
      return check.ok ? passed("valid against the schema") : failed(check.problem);
    },
  };
}

function validatorOf(schema: JsonSchema): z.ZodType {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) throw new ScorerSpecError("json-schema scorer: the schema must be a JSON object");
  try {
    return toZodSchema(schema);
  } catch (error) {
    throw new ScorerSpecError(`json-schema scorer: cannot use the schema: ${(error as Error).message}`);
  }
}

const NUMBER = /[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/;

/** The first number in the output is within `tolerance` (absolute) of the expected number. */
export function numericScorer(tolerance: number): Scorer {
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new ScorerSpecError(`numeric scorer: the tolerance must be a number ≥ 0, not ${tolerance}`);
  return {
    name: `numeric:${tolerance}`,
    score: ({ output, row }) => {
      if (row.expected === undefined) return NO_EXPECTED;
      const expected = Number(row.expected.trim());
      if (row.expected.trim() === "" || !Number.isFinite(expected)) return failed(`the expected output "${clip(row.expected)}" is not a number`);
      const found = NUMBER.exec(output.replace(/(\d),(?=\d{3}\b)/g, "$1"));
      if (!found) return failed("the output has no number");
      const actual = Number(found[0]);
      const off = Math.abs(actual - expected);
      return off <= tolerance ? passed(`${actual} is within ${tolerance} of ${expected}`) : failed(`${actual} is ${off} away from ${expected} (tolerance ${tolerance})`);
    },
  };
}
