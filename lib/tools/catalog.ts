/** The built-in tools as the editor lists them. Client-safe: no tool implementation is imported. */
import type { JsonSchema } from "@/lib/engine/schema";
import { parametersSchema } from "@/lib/engine/tool";
import { toolSpecs } from "./specs";

export type ToolCatalogEntry = { name: string; description: string; parameters: JsonSchema };

export const toolCatalog: readonly ToolCatalogEntry[] = toolSpecs.map((spec) => ({
  name: spec.name,
  description: spec.description,
  parameters: parametersSchema(spec.parameters),
}));

export function isBuiltInTool(name: string): boolean {
  return toolCatalog.some((entry) => entry.name === name);
}
