import { tool, ToolError } from "@/lib/engine";
import { JsonPathError, queryJsonPath } from "./jsonPath";
import { jsonExtractSpec } from "./specs";

export const jsonExtractTool = tool({
  ...jsonExtractSpec,
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
