/**
 * The typed document model (what a YAML flow document means) and the graph it draws.
 *
 * Each zod schema shares its name with its inferred type. The model uses the document's
 * own snake_case keys. It is normalized: `system_prompt` becomes `instructions`,
 * `swarm.edges` become agents' `handoffs`, and `flow`/`order` become `flow` stages.
 * Values keep `${...}` references as written; they are resolved only to validate and to
 * build (lib/dsl/substitute.ts), so a secret from the environment never enters a model.
 * Provider keys are not part of a document: they are the team's stored credentials or
 * the server's environment (lib/providers).
 */
import { z } from "zod";
import { FLOW_NAME_PATTERN } from "./flow";

/** One name space for agents, groups and swarms. */
export const Name = z.string().regex(FLOW_NAME_PATTERN, {
  error: "a name starts with a letter or '_' and holds only letters, digits, '_' and '-'",
});
export type Name = z.infer<typeof Name>;

/** A whole-string `${ENV}` or `${vars.KEY}` reference, allowed wherever a value is. */
const REFERENCE = /^\$\{[^}]+\}$/;
export const Reference = z.string().regex(REFERENCE, { error: "expected a ${...} reference" });
export type Reference = z.infer<typeof Reference>;

export const SwarmMode = z.enum(["workflow", "handoff", "team"]);
export type SwarmMode = z.infer<typeof SwarmMode>;

/** Flow stages: each inner list is one stage; several names run in parallel. */
export const Stages = z.array(z.array(Name).min(1)).min(1);
export type Stages = z.infer<typeof Stages>;

const positiveInt = z.number().int().positive();
/** A value of `schema` or a whole `${...}` reference; `expected` names both in errors. */
function orReference<T extends z.ZodType>(schema: T, expected: string) {
  return z.union([schema, z.string().regex(REFERENCE, { error: `expected ${expected} or a \${...} reference` })], {
    error: `expected ${expected} or a \${...} reference`,
  });
}
const countOrReference = orReference(positiveInt, "a positive whole number");

export const AgentSpec = z.strictObject({
  /** "provider:model"; providers: openai, anthropic, mock. */
  model: z.string().optional(),
  instructions: z.string().optional(),
  /** Names from the built-in tool catalog (lib/tools). */
  tools: z.array(Name).optional(),
  /** Agents this one may hand off to (handoff swarms). */
  handoffs: z.array(Name).optional(),
  max_steps: countOrReference.optional(),
  temperature: orReference(z.number().min(0).max(2), "a number from 0 to 2").optional(),
  max_tokens: countOrReference.optional(),
  /** JSON Schema of the structured final answer. */
  output_schema: z.record(z.string(), z.unknown()).optional(),
  /** Tools (of this agent's) whose every call waits for a person's yes or no. */
  approve: z.array(Name).optional(),
  /** Orchestration: a `spawn_agent` tool for background sub-agents. */
  spawn: z
    .union([z.boolean(), z.strictObject({ max_concurrent: positiveInt.optional(), max_agents: positiveInt.optional() })])
    .optional(),
});
export type AgentSpec = z.infer<typeof AgentSpec>;

export const ParallelGroupSpec = z.strictObject({
  type: z.literal("parallel"),
  agents: z.array(Name).min(1),
  separator: z.string().optional(),
});
export type ParallelGroupSpec = z.infer<typeof ParallelGroupSpec>;

export const SerialGroupSpec = z.strictObject({
  type: z.literal("serial"),
  agents: z.array(Name).min(1),
});
export type SerialGroupSpec = z.infer<typeof SerialGroupSpec>;

export const GroupSpec = z.discriminatedUnion("type", [ParallelGroupSpec, SerialGroupSpec]);
export type GroupSpec = z.infer<typeof GroupSpec>;

export const SwarmSpec = z.strictObject({
  type: SwarmMode,
  flow: Stages,
  max_handoffs: countOrReference.optional(),
  /**
   * The flow as written when it holds `${vars.NAME}` references (`flow`, or `order`
   * joined by `>>`): written back instead of `flow` while it reads as `flow` (flowText.ts).
   */
  flow_text: z.string().optional(),
});
export type SwarmSpec = z.infer<typeof SwarmSpec>;

/** A canvas position, relative to the parent node for members; sizes for containers. */
export const LayoutEntry = z.strictObject({
  x: z.number(),
  y: z.number(),
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
});
export type LayoutEntry = z.infer<typeof LayoutEntry>;

/** A JavaScript tool written in the document: run in the QuickJS sandbox (lib/tools/sandbox). */
export const CodeToolSpec = z.strictObject({
  description: z.string().min(1).max(2_000),
  /** JSON Schema of the arguments: an object. */
  parameters: z
    .record(z.string(), z.unknown())
    .refine((schema) => schema.type === "object", { message: "parameters must be a JSON Schema with type: object" })
    .default({ type: "object", properties: {} }),
  /** The body of `async (args) => { … }`; it returns the tool's result. */
  code: z.string().min(1).max(100_000),
  /** At most this long a call (default 5000 ms). */
  timeout_ms: z.number().int().min(10).max(60_000).optional(),
});
export type CodeToolSpec = z.infer<typeof CodeToolSpec>;

/**
 * A tool of one of the team's MCP servers (Settings → MCP servers), named by server and
 * tool. The document never holds the server's address or credentials: an export carries
 * only these names, and a team without that server gets a clear problem.
 */
export const McpToolSpec = z.strictObject({
  mcp: z.strictObject({
    /** The name the team registered the server under. */
    server: Name,
    /** The tool's name on that server (MCP tool names are free-form). */
    tool: z.string().min(1).max(128),
  }),
  /** At most this long a call (default 30000 ms). */
  timeout_ms: z.number().int().min(10).max(300_000).optional(),
});
export type McpToolSpec = z.infer<typeof McpToolSpec>;

/** An entry of the `tools:` section: code written in the document, or a team MCP server's tool. */
export const ToolSpec = z.union([CodeToolSpec, McpToolSpec]);
export type ToolSpec = z.infer<typeof ToolSpec>;

export function isMcpToolSpec(spec: ToolSpec): spec is McpToolSpec {
  return "mcp" in spec;
}

export const FlowDocument = z.strictObject({
  name: z.string().optional(),
  /** What the flow is for; the flow list shows it. */
  description: z.string().optional(),
  vars: z.record(z.string(), z.unknown()).optional(),
  /** Tools of this document by name (code, or a team MCP server's); agents name them like built-in tools. */
  tools: z.record(Name, ToolSpec).optional(),
  agents: z.record(Name, AgentSpec),
  groups: z.record(Name, GroupSpec).optional(),
  swarms: z.record(Name, SwarmSpec).optional(),
  /** The top-level swarm. */
  swarm: SwarmSpec,
  /** Canvas positions; ignored by the runtime. */
  layout: z.record(Name, LayoutEntry).optional(),
});
export type FlowDocument = z.infer<typeof FlowDocument>;

/** A problem in a document: what, where in the text, and where in the YAML tree. */
export type DocumentError = {
  message: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  /** Dotted path in the YAML tree ("agents.writer.model"); "" for the whole document. */
  path: string;
};

// ---- The graph (drawn by React Flow 12) ----------------------------------------------
// Node ids are the document names (unique in the whole tree). Node data holds document
// data only; selection, measurements and the like belong to the editor, whose canvas
// types (app/flows/[id]/editor) are React Flow's `Node`/`Edge` over these shapes. The
// shapes are plain objects with the fields React Flow reads, so the DSL does not depend
// on the canvas library and React Flow accepts them as they are.

/**
 * A node as the DSL writes and reads it, typed as React Flow's `Node<Data, Type>` types
 * these fields, so a canvas node is one (documentToGraph gives members `extent: "parent"`).
 */
export type GraphNode<Data extends Record<string, unknown>, Type extends string> = {
  id: string;
  type: Type;
  data: Data;
  /** Relative to the parent for members. */
  position: { x: number; y: number };
  parentId?: string;
  extent?: "parent" | [[number, number], [number, number]] | null;
  /** Containers only. */
  width?: number;
  height?: number;
};

/**
 * An edge as the DSL writes and reads it: `id` is `${type}:${source}->${target}`.
 * `type` is optional as in React Flow's `Edge` (documentToGraph always sets it).
 */
export type GraphEdgeOf<Type extends string> = {
  id: string;
  type?: Type;
  source: string;
  target: string;
  /** False for derived edges (delegation). */
  deletable?: boolean;
};

/** Handoffs are not here: they are the agent's `handoff` edges, in edge order. */
export type AgentData = { name: Name } & Omit<AgentSpec, "handoffs">;
export type ParallelGroupData = { name: Name; separator?: string };
export type SerialGroupData = { name: Name };
export type NestedSwarmData = { name: Name; type: SwarmMode; max_handoffs?: SwarmSpec["max_handoffs"]; flow_text?: string };

export type AgentNode = GraphNode<AgentData, "agent">;
/** Members are its children (`parentId`, `extent: 'parent'`), in the nodes array's order.
 * Containers carry `width`/`height`; a serial group's order is that array order too. */
export type ParallelGroupNode = GraphNode<ParallelGroupData, "parallel">;
export type SerialGroupNode = GraphNode<SerialGroupData, "serial">;
/** A nested swarm: a container whose children form its own flow (by `flow` edges). */
export type NestedSwarmNode = GraphNode<NestedSwarmData, "swarm">;
export type FlowNode = AgentNode | ParallelGroupNode | SerialGroupNode | NestedSwarmNode;
export type FlowNodeType = FlowNode["type"];

/**
 * `flow`: one `>>` between consecutive stages of a swarm (every member of a stage to
 * every member of the next). `handoff`: an agent's handoff target. `delegation`: a team
 * swarm's lead to each worker, derived from the flow, so graphToDocument ignores it.
 */
export type FlowEdge = GraphEdgeOf<"flow">;
export type HandoffEdge = GraphEdgeOf<"handoff">;
export type DelegationEdge = GraphEdgeOf<"delegation">;
export type GraphEdge = FlowEdge | HandoffEdge | DelegationEdge;
export type GraphEdgeType = NonNullable<GraphEdge["type"]>;

/** The document's own settings: its name, vars and the top-level swarm's mode. */
export type GraphSettings = {
  name?: string;
  description?: string;
  vars?: Record<string, unknown>;
  /** The document's code tools, carried through the canvas unchanged. */
  tools?: FlowDocument["tools"];
  type: SwarmMode;
  max_handoffs?: SwarmSpec["max_handoffs"];
  /** The top-level flow as written, with its `${vars}` references (SwarmSpec.flow_text). */
  flow_text?: string;
};

/** Parents come before their children in `nodes`. Top-level nodes form the top swarm. */
export type FlowGraph = { nodes: FlowNode[]; edges: GraphEdge[]; settings: GraphSettings };
