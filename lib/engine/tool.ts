/**
 * Tools: a name, a description, zod-validated parameters (sent to models as JSON Schema)
 * and an `execute` that may be sync or async.
 */
import type { z } from "zod";
import type { ToolDefinition } from "./model";
import { toJsonSchema, type JsonSchema } from "./schema";

/** What a tool's `execute` gets besides its arguments. */
export type ToolContext = {
  agentName: string;
  toolCallId: string;
  /** The RunNode of this call; work started by the tool can hang its own nodes under it. */
  nodeId: string;
  /** Aborted when the run is cancelled or times out; long tools should honour it. */
  signal: AbortSignal;
  /** Keeps what the tool logged on its call's node (a code tool's console), for the timeline. Absent outside a run. */
  recordLogs?(logs: readonly ToolLogLine[], dropped: number): void;
};

/** One line a tool logged (a code tool's `console.log`, `.info`, `.warn`, `.error`). */
export type ToolLogLine = { level: "log" | "info" | "warn" | "error"; text: string };

/** Where a tool comes from, shown on its calls: the project's own, a team's code (sandboxed), an MCP server's. */
export type ToolKind = "builtin" | "code" | "mcp";

export type Tool<Args = unknown> = {
  readonly name: string;
  /** Default "builtin"; `codeTool()` says "code", MCP tools "mcp". */
  readonly kind?: ToolKind;
  readonly description: string;
  /** JSON Schema of the arguments, as models see it. */
  readonly parameters: JsonSchema;
  /** Validates the model's arguments before `execute` sees them. */
  readonly argsSchema: z.ZodType<Args>;
  execute(args: Args, context: ToolContext): unknown;
};

export type ToolConfig<Schema extends z.ZodObject> = {
  name: string;
  description: string;
  parameters: Schema;
  /** The result is sent to the model: strings as they are, anything else as JSON. */
  execute(args: z.infer<Schema>, context: ToolContext): unknown;
};

/** A tool's parameters as the model sends them: those with defaults are optional. */
export function parametersSchema(parameters: z.ZodObject): JsonSchema {
  return toJsonSchema(parameters, "input");
}

export function tool<Schema extends z.ZodObject>(config: ToolConfig<Schema>): Tool<z.infer<Schema>> {
  return {
    name: config.name,
    description: config.description,
    parameters: parametersSchema(config.parameters),
    argsSchema: config.parameters as unknown as z.ZodType<z.infer<Schema>>,
    execute: config.execute,
  };
}

/** A tool of any argument type, as agents hold them (arguments are validated at run time). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any>;

export function toToolDefinition(t: AnyTool): ToolDefinition {
  return { name: t.name, description: t.description, parameters: t.parameters };
}

/** How a tool's return value reaches the model. */
export function stringifyToolResult(result: unknown): string {
  if (typeof result === "string") return result;
  if (result === undefined) return "";
  return JSON.stringify(result);
}
