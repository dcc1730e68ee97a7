import { z } from "zod";
import { tool, ToolError } from "@/lib/engine";
import { JsonPathError, MAX_PATH_LENGTH, queryJsonPath } from "./jsonPath";

export const MAX_JSON_LENGTH = 1_000_000;

export const JsonExtractArgs = z.object({
  json: z.string().min(1).max(MAX_JSON_LENGTH).describe("The JSON text to query"),
  path: z
    .string()
    .min(1)
    .max(MAX_PATH_LENGTH)
    .describe("A JSONPath such as $.user.name, $.items[0], $.items[*].id or $['key with spaces']"),
});

export const jsonExtractTool = tool({
  name: "json_extract",
  description:
    "Extracts values from JSON text with a JSONPath: $ is the root, .name or ['name'] a member, [0] or [-1] " +
    "an element, [*] or .* every element. A path with * returns an array of matches.",
  parameters: JsonExtractArgs,
  execute({ json, path }) {
    let document: unknown;
    try {
      document = JSON.parse(json);
    } catch (error) {
      throw new ToolError(`json_extract: the input is not valid JSON (${(error as Error).message})`);
    }
    try {
      const { matches, hasWildcard } = queryJsonPath(document, path);
      if (hasWildcard) return matches;
      if (matches.length === 0) throw new ToolError(`json_extract: ${path} matched nothing`);
      return matches[0];
    } catch (error) {
      if (error instanceof JsonPathError) throw new ToolError(`json_extract: ${error.message}`);
      throw error;
    }
  },
});
