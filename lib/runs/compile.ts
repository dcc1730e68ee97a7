/** A saved document → the engine's Swarm, with the document's problems as one readable error. */
import { buildSwarm, parseDocument, type BuildOptions } from "@/lib/dsl";
import { isMcpToolSpec, type FlowDocument, type McpToolSpec } from "@/lib/dsl/types";
import type { AgentEdit } from "@/lib/data/runs/types";
import type { AnyTool, Swarm } from "@/lib/engine";
import { isUserError, UserError } from "@/lib/errors";

/** The stored document cannot be built into a swarm (a run of it cannot start). */
export class FlowCompileError extends UserError {
  override readonly name = "FlowCompileError";
  readonly kind = "invalid";
}

export type CompileOptions = {
  /** Replaces every agent's model for this run: the provider and the model name it is sent. */
  modelOverride?: string;
  /** A fork's changes to agents, by name (after the override). */
  agentEdits?: Record<string, AgentEdit>;
  /** The tools of the team's MCP servers the document binds (lib/mcp). */
  mcpTool?: BuildOptions["mcpTool"];
  /** Tools by name (built-in, then the team's code tools); the document's own win. Default: the built-in ones. */
  tools?: (name: string) => AnyTool | undefined;
};

function withModel(document: FlowDocument, model: string): FlowDocument {
  const agents = Object.fromEntries(Object.entries(document.agents).map(([name, spec]) => [name, { ...spec, model }]));
  return { ...document, agents };
}

function withAgentEdits(document: FlowDocument, edits: Record<string, AgentEdit>): FlowDocument {
  const agents = Object.fromEntries(
    Object.entries(document.agents).map(([name, spec]) => {
      const edit = edits[name];
      if (!edit) return [name, spec];
      return [name, { ...spec, ...(edit.instructions !== undefined ? { instructions: edit.instructions } : {}), ...(edit.model ? { model: edit.model } : {}) }];
    }),
  );
  return { ...document, agents };
}

/** The stored document, or FlowCompileError listing its problems. */
export function readFlowDocument(documentText: string): FlowDocument {
  const parsed = parseDocument(documentText);
  if (!parsed.document) {
    const problems = parsed.errors.map((error) => `line ${error.line}:${error.column} ${error.message}`);
    throw new FlowCompileError(`The flow document has errors: ${problems.join("; ")}`);
  }
  return parsed.document;
}

/** The document's MCP bindings (what a run must reach before it starts). */
export function mcpBindingsOf(document: FlowDocument): McpToolSpec[] {
  return Object.values(document.tools ?? {}).filter(isMcpToolSpec);
}

/** The document (or its text) → the engine's Swarm, or FlowCompileError saying why not. */
export function compileFlow(source: FlowDocument | string, options: CompileOptions = {}): Swarm {
  const read = typeof source === "string" ? readFlowDocument(source) : source;
  let document = options.modelOverride ? withModel(read, options.modelOverride) : read;
  if (options.agentEdits) document = withAgentEdits(document, options.agentEdits);
  try {
    // No env: a document must not pull server environment variables (secrets) into a run.
    return buildSwarm(document, { mcpTool: options.mcpTool, tools: options.tools });
  } catch (error) {
    // A BuildError, or a bound MCP tool the team's servers do not have now.
    if (isUserError(error) && error.kind === "invalid") throw new FlowCompileError(error.message);
    throw error;
  }
}
