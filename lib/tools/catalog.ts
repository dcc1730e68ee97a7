import type { AnyTool } from "@/lib/engine";
import type { JsonSchema } from "@/lib/engine/schema";
import { calculatorTool } from "./calculator";
import { currentTimeTool } from "./currentTime";
import { createHttpFetchTool } from "./httpFetch";
import { jsonExtractTool } from "./jsonExtract";

const BUILT_IN: readonly AnyTool[] = [calculatorTool, currentTimeTool, createHttpFetchTool(), jsonExtractTool];
const BY_NAME: ReadonlyMap<string, AnyTool> = new Map(BUILT_IN.map((builtIn) => [builtIn.name, builtIn]));

/** What the editor offers: each built-in tool as a model sees it. */
export type ToolCatalogEntry = { name: string; description: string; parameters: JsonSchema };

export const toolCatalog: readonly ToolCatalogEntry[] = BUILT_IN.map(({ name, description, parameters }) => ({
  name,
  description,
  parameters,
}));

/** The built-in tool with that name, or undefined. */
export function getTool(name: string): AnyTool | undefined {
  return BY_NAME.get(name);
}
