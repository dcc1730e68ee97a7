/** A saved document → the engine's Swarm, with the document's problems as one readable error. */
import { BuildError, buildSwarm, parseDocument } from "@/lib/dsl";
import type { FlowDocument } from "@/lib/dsl/types";
import type { AgentEdit } from "@/lib/data/runs/types";
import type { AnyTool, Swarm } from "@/lib/engine";
import { UserError } from "@/lib/errors";

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
  /** Tools by name (built-in, then the team's); the document's own win. Default: the built-in ones. */
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

export function compileFlow(documentText: string, options: CompileOptions = {}): Swarm {
  const parsed = parseDocument(documentText);
  if (!parsed.document) {
    const problems = parsed.errors.map((error) => `line ${error.line}:${error.column} ${error.message}`);
    throw new FlowCompileError(`The flow document has errors: ${problems.join("; ")}`);
  }
  let document = options.modelOverride ? withModel(parsed.document, options.modelOverride) : parsed.document;
  if (options.agentEdits) document = withAgentEdits(document, options.agentEdits);
  try {
    // No env: a document must not pull server environment variables (secrets) into a run.
    return buildSwarm(document, { tools: options.tools });
  } catch (error) {
    if (error instanceof BuildError) throw new FlowCompileError(error.message);
    throw error;
  }
}
