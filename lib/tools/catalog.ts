/** The built-in tools as the editor lists them. Client-safe: no tool implementation is imported. */
import { toJsonSchema, type JsonSchema } from "@/lib/engine/schema";
import { toolSpecs } from "./specs";

export type ToolCatalogEntry = { name: string; description: string; parameters: JsonSchema };

export const toolCatalog: readonly ToolCatalogEntry[] = toolSpecs.map((spec) => ({
  name: spec.name,
  description: spec.description,
  parameters: toJsonSchema(spec.parameters),
}));

export function isBuiltInTool(name: string): boolean {
  return toolCatalog.some((entry) => entry.name === name);
}
