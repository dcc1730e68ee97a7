/**
 * zod's default messages ("Too small: expected array to have >=1 items") are for
 * developers. A document's author reads these instead; where a schema gives its own
 * message, that one wins (zod applies it before this per-parse map).
 */
import type { z } from "zod";

type Issue = z.core.$ZodRawIssue;

/** What to call a list's items, by the key that holds the list. */
const ITEM_NAMES: Record<string, [one: string, many: string]> = {
  agents: ["agent", "agents"],
  tools: ["tool", "tools"],
  handoffs: ["handoff", "handoffs"],
  order: ["name", "names"],
};

function itemName(path: readonly PropertyKey[] | undefined, count: number): string {
  const key = path?.at(-1);
  const names = typeof key === "string" ? ITEM_NAMES[key] : undefined;
  return names ? names[count === 1 ? 0 : 1] : count === 1 ? "entry" : "entries";
}

function typeName(value: unknown): string {
  if (value === null) return "empty";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return "text";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return "true/false";
  return typeof value;
}

const EXPECTED: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "a mapping of keys to values",
  record: "a mapping of keys to values",
};

function oneOf(values: readonly unknown[]): string {
  const shown = values.map((value) => JSON.stringify(value));
  return shown.length <= 1 ? shown.join("") : `${shown.slice(0, -1).join(", ")} or ${shown.at(-1)}`;
}

/** A plain-language message for a zod issue, or undefined to keep zod's own. */
export function plainIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      return `should be ${EXPECTED[issue.expected] ?? issue.expected}, not ${typeName(issue.input)}`;
    case "too_small": {
      const minimum = Number(issue.minimum);
      if (issue.origin === "array") return `needs at least ${minimum === 1 ? "one" : minimum} ${itemName(issue.path, minimum)}`;
      if (issue.origin === "string") return minimum <= 1 ? "cannot be empty" : `needs at least ${minimum} characters`;
      return issue.inclusive ? `must be ${minimum} or more` : `must be more than ${minimum}`;
    }
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "array") return `has more than ${maximum} ${itemName(issue.path, maximum)}`;
      if (issue.origin === "string") return `is longer than ${maximum} characters`;
      return issue.inclusive ? `must be ${maximum} or less` : `must be less than ${maximum}`;
    }
    case "invalid_value":
      return `must be ${oneOf(issue.values)}`;
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
}
