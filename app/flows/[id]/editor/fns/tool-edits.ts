/**
 * Pure edits of the document's `tools:` section (graph.settings.tools). Entries keep their
 * order; MCP bindings are never touched except by a rename that names them. A rename
 * follows into every agent's `tools` and `approve`.
 */
import { isMcpToolSpec, type CodeToolSpec, type FlowDocument } from "@/lib/dsl/types";
import type { FlowGraph, FlowNode } from "../types";
import { nameProblem, uniqueName } from "./names";
import { updateSettings } from "./graph-edits";

export type DocumentTools = NonNullable<FlowDocument["tools"]>;

export const NEW_TOOL: CodeToolSpec = {
  description: "Describe what the tool does and returns",
  parameters: { type: "object", properties: { text: { type: "string", description: "The input" } }, required: ["text"] },
  code: 'console.log("called with", args);\nreturn { length: args.text.length };',
};

/** The document's code tools (not its MCP bindings), by name. */
export function codeToolsOf(tools: DocumentTools | undefined): [string, CodeToolSpec][] {
  return Object.entries(tools ?? {}).filter((entry): entry is [string, CodeToolSpec] => !isMcpToolSpec(entry[1]));
}

/** `tools` with the code tool `name` replaced by `spec` (fields left empty dropped), in its place. */
export function withCodeTool(tools: DocumentTools | undefined, name: string, spec: CodeToolSpec): DocumentTools {
  const cleaned = Object.fromEntries(Object.entries(spec).filter(([, value]) => value !== undefined)) as CodeToolSpec;
  return { ...(tools ?? {}), [name]: cleaned };
}

/** Adds a new code tool with a free name; answers the graph and the name. */
export function addCodeTool(graph: FlowGraph, taken: ReadonlySet<string>): { graph: FlowGraph; name: string } {
  const name = uniqueName("tool_1", new Set([...taken, ...Object.keys(graph.settings.tools ?? {})]));
  return { graph: updateSettings(graph, { tools: withCodeTool(graph.settings.tools, name, NEW_TOOL) }), name };
}

/** A document name for an MCP tool: its name made a valid, free one ("issues.search" → "issues_search"). */
export function mcpBindingName(tool: string, taken: ReadonlySet<string>): string {
  const base = tool.replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^[^A-Za-z_]+/, "") || "mcp_tool";
  return uniqueName(base, taken);
}

/** Binds a server's tool into the document under a free name; answers the graph and the name. */
export function addMcpBinding(graph: FlowGraph, server: string, tool: string, taken: ReadonlySet<string>): { graph: FlowGraph; name: string } {
  const name = mcpBindingName(tool, new Set([...taken, ...Object.keys(graph.settings.tools ?? {})]));
  return { graph: updateSettings(graph, { tools: { ...(graph.settings.tools ?? {}), [name]: { mcp: { server, tool } } } }), name };
}

/** Removes a document tool (its uses stay, and the DSL says they are unknown). */
export function removeTool(graph: FlowGraph, name: string): FlowGraph {
  const { [name]: _gone, ...rest } = graph.settings.tools ?? {};
  return updateSettings(graph, { tools: Object.keys(rest).length > 0 ? rest : undefined });
}

/** Why `name` cannot name a document tool (the built-in and other document tools taken), or null. */
export function toolNameProblem(graph: FlowGraph, from: string, name: string, builtIn: ReadonlySet<string>): string | null {
  if (builtIn.has(name)) return `"${name}" is a built-in tool; give this tool another name.`;
  const others = new Set(Object.keys(graph.settings.tools ?? {}).filter((other) => other !== from));
  return nameProblem(name, others)?.replace("in the whole flow", "among the document's tools") ?? null;
}

/** Renames a document tool in place, and in every agent that names it. */
export function renameTool(graph: FlowGraph, from: string, to: string): FlowGraph {
  if (from === to) return graph;
  const tools = Object.fromEntries(Object.entries(graph.settings.tools ?? {}).map(([name, spec]) => [name === from ? to : name, spec]));
  const swap = (names: string[] | undefined) => names?.map((name) => (name === from ? to : name));
  const nodes = graph.nodes.map((node): FlowNode => {
    if (node.type !== "agent" || !(node.data.tools?.includes(from) || node.data.approve?.includes(from))) return node;
    const data = { ...node.data };
    if (data.tools) data.tools = swap(data.tools);
    if (data.approve) data.approve = swap(data.approve);
    return { ...node, data };
  });
  return updateSettings({ ...graph, nodes }, { tools });
}
