/**
 * Every tool an agent of this document can name, grouped by kind: the document's own
 * (code, and MCP bindings), the team's, the built-in ones. A document tool hides a team
 * tool of the same name (it wins at run time too).
 */
import { isMcpToolSpec, type FlowDocument } from "@/lib/dsl/types";
import type { ToolListing } from "@/lib/tools/catalog";

export const KIND_ORDER: readonly ToolListing["kind"][] = ["document", "mcp", "team", "builtin"];

export const KIND_LABEL: Record<ToolListing["kind"], string> = {
  document: "This flow's code tools",
  mcp: "MCP tools",
  team: "Team tools",
  builtin: "Built-in tools",
};

export function toolListing(given: readonly ToolListing[], documentTools: FlowDocument["tools"]): ToolListing[] {
  const own: ToolListing[] = Object.entries(documentTools ?? {}).map(([name, spec]) =>
    isMcpToolSpec(spec)
      ? { name, kind: "mcp", description: `${spec.mcp.tool} on MCP server ${spec.mcp.server}` }
      : { name, kind: "document", description: spec.description },
  );
  const names = new Set(own.map((tool) => tool.name));
  const all = [...own, ...given.filter((tool) => !names.has(tool.name))];
  return KIND_ORDER.flatMap((kind) => all.filter((tool) => tool.kind === kind));
}

/** The listing in its groups, empty groups left out. */
export function toolGroups(listing: readonly ToolListing[]): { kind: ToolListing["kind"]; label: string; tools: ToolListing[] }[] {
  return KIND_ORDER.map((kind) => ({ kind, label: KIND_LABEL[kind], tools: listing.filter((tool) => tool.kind === kind) })).filter((group) => group.tools.length > 0);
}
