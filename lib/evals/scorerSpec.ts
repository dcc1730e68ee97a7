/**
 * Scorers as the CLI spells them: `exact`, `contains`, `regex:<pattern>` (or
 * `regex:/<pattern>/<flags>`), `json-schema` (each row's expected output is the schema),
 * `numeric:<tolerance>`, `judge:<provider:model>`, `code:<file.js>` (a sandboxed function body).
 */
import type { ModelProvider } from "@/lib/engine/model";
import { readFileSync } from "node:fs";
import { codeScorer } from "./codeScorer";
import { ScorerSpecError } from "./errors";
import { judgeScorer } from "./judge";
import { containsScorer, exactScorer, jsonSchemaScorer, numericScorer, regexScorer, type Scorer } from "./scorers";

export const SCORER_SPELLINGS = "exact | contains | regex:<pattern> | json-schema | numeric:<tolerance> | judge:<model> | code:<file.js>";

export type ParseScorerOptions = { rubric?: string; resolveProvider?: (model: string) => ModelProvider };

export function parseScorer(spelling: string, options: ParseScorerOptions = {}): Scorer {
  const colon = spelling.indexOf(":");
  const name = colon < 0 ? spelling : spelling.slice(0, colon);
  const argument = colon < 0 ? undefined : spelling.slice(colon + 1);
  const needs = (what: string): string => {
    if (!argument) throw new ScorerSpecError(`scorer '${name}' needs ${what}: ${name}:<${what}>`);
    return argument;
  };
  const none = () => {
    if (argument !== undefined) throw new ScorerSpecError(`scorer '${name}' takes no argument (got '${spelling}')`);
  };
  switch (name) {
    case "exact":
      none();
      return exactScorer;
    case "contains":
      none();
      return containsScorer;
    case "json-schema":
      none();
      return jsonSchemaScorer();
    case "regex":
      return regexScorer(needs("pattern"));
    case "numeric": {
      const text = needs("tolerance");
      const tolerance = Number(text);
      if (!Number.isFinite(tolerance) || tolerance < 0) throw new ScorerSpecError(`numeric scorer: the tolerance must be a number ≥ 0, not '${text}'`);
      return numericScorer(tolerance);
    }
    case "judge":
      return judgeScorer({ model: needs("model"), rubric: options.rubric, resolveProvider: options.resolveProvider });
    case "code": {
      const file = needs("file.js");
      let body: string;
      try {
        body = readFileSync(file, "utf8");
      } catch (error) {
        throw new ScorerSpecError(`code scorer: cannot read ${file}: ${(error as Error).message}`);
      }
      return codeScorer(spelling, body);
    }
    default:
      throw new ScorerSpecError(`unknown scorer '${spelling}' (scorers: ${SCORER_SPELLINGS})`);
  }
}
