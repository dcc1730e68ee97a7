/**
 * What each built-in tool is, as a model and the editor see it: name, description and
 * zod parameters. Client-safe (no implementations), so the editor can list tools; the
 * implementations attach `execute` to these in their own modules.
 */
import { z } from "zod";
import { MAX_EXPRESSION_LENGTH } from "./arithmetic";
import { MAX_PATH_LENGTH } from "./jsonPath";

export const MAX_JSON_LENGTH = 1_000_000;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const calculatorSpec = {
  name: "calculator",
  description:
    "Evaluates arithmetic: + - * / % ^, parentheses, decimals, constants pi and e, and the functions " +
    "sqrt, abs, round(x[, digits]), floor, ceil, min, max, ln, log10, exp, sin, cos, tan. Returns the number.",
  parameters: z.object({
    expression: z
      .string()
      .min(1)
      .max(MAX_EXPRESSION_LENGTH)
      .describe("An arithmetic expression, e.g. (2 + 3) * 4 ^ 2 / sqrt(16)"),
  }),
};

export const currentTimeSpec = {
  name: "current_time",
  description: "The current date and time, in UTC or in an IANA time zone such as America/New_York.",
  parameters: z.object({
    timezone: z
      .string()
      .max(64)
      .refine(isTimeZone, { message: "unknown IANA time zone" })
      .optional()
      .describe('An IANA time zone such as "Europe/Paris"; UTC when omitted'),
  }),
};

export const httpFetchSpec = {
  name: "http_fetch",
  description:
    "Fetches a public web page or API with GET and returns its text (status, content type, body). " +
    "Private and local network addresses are refused; large bodies are truncated.",
  parameters: z.object({
    url: z.string().max(2048).describe("An http:// or https:// URL"),
  }),
};

export const jsonExtractSpec = {
  name: "json_extract",
  description:
    "Extracts values from JSON text with a JSONPath: $ is the root, .name or ['name'] a member, [0] or [-1] " +
    "an element, [*] or .* every element. A path with * returns an array of matches.",
  parameters: z.object({
    json: z.string().min(1).max(MAX_JSON_LENGTH).describe("The JSON text to query"),
    path: z
      .string()
      .min(1)
      .max(MAX_PATH_LENGTH)
      .describe("A JSONPath such as $.user.name, $.items[0], $.items[*].id or $['key with spaces']"),
  }),
};

export const MAX_QUESTION_LENGTH = 2_000;

export const askHumanSpec = {
  name: "ask_human",
  description:
    "Asks a person on the team a question and waits for the answer (the run pauses until someone answers). " +
    "Give choices when the answer should be one of a few options.",
  parameters: z.object({
    question: z.string().min(1).max(MAX_QUESTION_LENGTH).describe("The question, in plain words"),
    choices: z.array(z.string().min(1).max(200)).min(2).max(10).optional().describe("Possible answers, if the answer must be one of them"),
  }),
};

export const toolSpecs = [calculatorSpec, currentTimeSpec, httpFetchSpec, jsonExtractSpec, askHumanSpec] as const;
