/** The built-in tools as the editor lists them. Client-safe: no tool implementation is imported. */
import type { JsonSchema } from "@/lib/engine/schema";
import { parametersSchema } from "@/lib/engine/tool";
import { toolSpecs } from "./specs";

export type ToolCatalogEntry = { name: string; description: string; parameters: JsonSchema };

/**
 * One tool as the editor lists it, labelled by where it comes from: built-in, the team's
 * code tools (Settings → Tools), the document's own `tools:` (code), or an MCP server's.
 */
export type ToolListing = { name: string; description: string; kind: "builtin" | "team" | "document" | "mcp" };

/** A team MCP server as the editor offers it: its tools, to bind into the flow (null: never listed). */
export type McpServerListing = { name: string; tools: { name: string; description: string }[] | null };

/** The servers as a document's bindings are checked against (the same check a save makes): a server's tools when it listed them. */
export function mcpBindingTargets(servers: readonly McpServerListing[]): Map<string, ReadonlySet<string> | undefined> {
  return new Map(servers.map((server) => [server.name, server.tools ? new Set(server.tools.map((tool) => tool.name)) : undefined]));
}

export const toolCatalog: readonly ToolCatalogEntry[] = toolSpecs.map((spec) => ({
  name: spec.name,
  description: spec.description,
  parameters: parametersSchema(spec.parameters),
}));

export function isBuiltInTool(name: string): boolean {
  return toolCatalog.some((entry) => entry.name === name);
}
