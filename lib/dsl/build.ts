/**
 * Document → the engine's objects (docs/architecture.md, "The runtime"): Agents, ParallelGroup / SerialGroup,
 * nested swarms as SwarmNodes, and the top-level Swarm. References are resolved here,
 * with the document's vars and the environment the caller passes (never implicitly).
 */
import { Agent, ParallelGroup, SerialGroup, Swarm, SwarmNode, type AnyTool, type SwarmMember } from "@/lib/engine";
import { UserError } from "@/lib/errors";
import { getTool } from "@/lib/tools";
import { codeTool } from "@/lib/tools/sandbox";
import { formatFlow } from "./flow";
import { hasReference, substitute, type Env } from "./substitute";
import { isMcpToolSpec, type FlowDocument, type McpToolSpec, type SwarmSpec, type ToolSpec } from "./types";

export type BuildOptions = {
  /** Values for `${ENV}` references; the CLI passes process.env, the app its own. */
  env?: Env;
  /** Tool lookup by name (built-in, then the team's); default: the built-in catalog (lib/tools). */
  tools?: (name: string) => AnyTool | undefined;
  /**
   * The tool an MCP binding names, from the team's servers (lib/tools/mcp); without it a
   * document with MCP tools cannot be built here.
   */
  mcpTool?: (name: string, spec: McpToolSpec) => AnyTool;
};

/** A document that is valid but cannot be built here: an unknown tool, an unset model or number. */
export class BuildError extends UserError {
  override readonly name = "BuildError";
  readonly kind = "invalid";
}

export function buildSwarm(document: FlowDocument, options: BuildOptions = {}): Swarm {
  const context = { vars: document.vars, env: options.env };
  // The document's tools win over the given lookup (default: the built-in catalog).
  const documentTools = new Map(Object.entries(document.tools ?? {}).map(([name, spec]) => [name, buildDocumentTool(name, spec, options)]));
  const lookup = options.tools ?? getTool;
  const findTool = (name: string) => documentTools.get(name) ?? lookup(name);

  const resolved = (value: unknown, what: string): unknown => {
    const result = substitute(value, context);
    if (typeof result === "string" && hasReference(result)) throw new BuildError(`${what}: '${result}' is not set`);
    return result;
  };
  /** Text where an unknown reference stays as written (Orbiter's rule): instructions, names. */
  const text = (value: unknown): string | undefined => (value === undefined ? undefined : String(substitute(value, context)));
  const number = (value: unknown, what: string): number | undefined => {
    if (value === undefined) return undefined;
    const result = Number(resolved(value, what)); // Orbiter converts with int()/float() too
    if (!Number.isFinite(result)) throw new BuildError(`${what}: '${String(value)}' is not a number`);
    return result;
  };

  const buildAgent = (name: string): Agent => {
    const spec = document.agents[name];
    if (!spec) throw new BuildError(`'${name}' is not an agent`);
    const where = `agent '${name}'`;
    return new Agent({
      name,
      model: spec.model === undefined ? undefined : String(resolved(spec.model, `${where} model`)),
      instructions: text(spec.instructions),
      tools: (spec.tools ?? []).map((toolName) => {
        const found = findTool(toolName);
        if (!found) throw new BuildError(`${where}: unknown tool '${toolName}'`);
        return found;
      }),
      handoffs: spec.handoffs,
      approve: spec.approve,
      outputSchema: spec.output_schema && (resolved(spec.output_schema, `${where} output_schema`) as Record<string, unknown>),
      maxSteps: number(spec.max_steps, `${where} max_steps`),
      temperature: number(spec.temperature, `${where} temperature`),
      maxTokens: number(spec.max_tokens, `${where} max_tokens`),
      spawn:
        typeof spec.spawn === "object"
          ? { maxConcurrent: spec.spawn.max_concurrent, maxAgents: spec.spawn.max_agents }
          : spec.spawn,
    });
  };

  const buildMember = (name: string): SwarmMember => {
    const group = document.groups?.[name];
    if (group?.type === "parallel") {
      const separator = text(group.separator);
      return new ParallelGroup({ name, agents: group.agents.map(buildAgent), separator });
    }
    if (group?.type === "serial") return new SerialGroup({ name, agents: group.agents.map(buildAgent) });
    const nested = document.swarms?.[name];
    if (nested) return new SwarmNode({ name, swarm: buildSwarmOf(name, nested) });
    return buildAgent(name);
  };

  const buildSwarmOf = (name: string, spec: SwarmSpec): Swarm =>
    new Swarm({
      name,
      agents: spec.flow.flat().map(buildMember),
      flow: formatFlow(spec.flow),
      mode: spec.type,
      maxHandoffs: number(spec.max_handoffs, `swarm '${name}' max_handoffs`),
    });

  return buildSwarmOf(text(document.name) ?? "swarm", document.swarm);
}

function buildDocumentTool(name: string, spec: ToolSpec, options: BuildOptions): AnyTool {
  if (!isMcpToolSpec(spec)) {
    const limits = spec.timeout_ms ? { timeoutMs: spec.timeout_ms } : undefined;
    return codeTool({ name, description: spec.description, parameters: spec.parameters, body: spec.code, limits });
  }
  if (!options.mcpTool) throw new BuildError(`tool '${name}': MCP server '${spec.mcp.server}' is not available here`);
  return options.mcpTool(name, spec);
}
