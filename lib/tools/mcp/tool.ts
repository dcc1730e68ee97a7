/**
 * An MCP server's tool as an engine tool: the model sees the server's description and
 * input schema; a call goes through the shared connections with a deadline; a failure of
 * any kind (the tool's own error result, a timeout, a refused address, a dropped
 * connection) reaches the model as a tool error that names the server, never its
 * address or credentials.
 */
import { z } from "zod";
import { ToolError, type AnyTool } from "@/lib/engine";
import type { JsonSchema } from "@/lib/engine/schema";
import { redactSecrets } from "@/lib/redact";
import { ProtocolError, SdkError, SdkErrorCode, UnauthorizedError } from "@modelcontextprotocol/client";
import type { McpConnections, McpServerTarget, McpToolInfo } from "./connections";
import { refusedAddress } from "./policyFetch";

export const DEFAULT_MCP_TIMEOUT_MS = 30_000;
/** A result longer than this reaches the model cut, with a note. */
export const MAX_MCP_RESULT_CHARS = 100_000;

export type McpToolOptions = {
  /** The name agents call it by (the document's or the CLI's). */
  name: string;
  server: McpServerTarget;
  tool: McpToolInfo;
  connections: McpConnections;
  timeoutMs?: number;
};

/** The server's input schema as models take it: an object schema, without `$schema`. */
function parametersOf(inputSchema: Record<string, unknown>): JsonSchema {
  const { $schema: _dialect, ...schema } = inputSchema;
  return (schema.type === "object" ? schema : { type: "object", properties: {} }) as JsonSchema;
}

/** Arguments are checked here when the schema converts, else by the server itself. */
function argsSchemaOf(parameters: JsonSchema): z.ZodType<Record<string, unknown>> {
  try {
    return z.fromJSONSchema(parameters as Parameters<typeof z.fromJSONSchema>[0]) as z.ZodType<Record<string, unknown>>;
  } catch {
    return z.record(z.string(), z.unknown());
  }
}

export function mcpTool(options: McpToolOptions): AnyTool {
  const { server, tool, connections } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  const parameters = parametersOf(tool.inputSchema);
  const where = `MCP server '${server.name}'`;
  return {
    name: options.name,
    kind: "mcp",
    description: tool.description || `${tool.name} (${where})`,
    parameters,
    argsSchema: argsSchemaOf(parameters),
    async execute(args, context) {
      try {
        const result = await connections.callTool(server, tool.name, args as Record<string, unknown>, { signal: context.signal, timeoutMs });
        if (result.isError) throw new ToolError(`${tool.name} on ${where} failed: ${scrub(result.text, server) || "no reason given"}`);
        return result.text.length > MAX_MCP_RESULT_CHARS
          ? `${result.text.slice(0, MAX_MCP_RESULT_CHARS)}\n[cut: the result had ${result.text.length} characters]`
          : result.text;
      } catch (error) {
        if (error instanceof ToolError) throw error;
        // The run was cancelled: not the model's business.
        if (context.signal.aborted) throw context.signal.reason;
        throw new ToolError(describeFailure(error, tool.name, where, timeoutMs, server));
      }
    },
  };
}

/** Why a call failed, for the model and the timeline: without the server's URL or header values. */
export function describeFailure(error: unknown, toolName: string, where: string, timeoutMs: number, server: McpServerTarget): string {
  const refused = refusedAddress(error);
  if (refused) return `${where} cannot be reached: ${refused.message} (an operator may allow it with SWARM_MCP_ALLOWED_CIDRS)`;
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) return `${toolName} on ${where} did not answer within ${timeoutMs} ms`;
  if (error instanceof UnauthorizedError) return `${where} refused the credentials (an owner can update them in Settings → MCP servers)`;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ProtocolError) return `${toolName} on ${where}: ${scrub(message, server)}`;
  return `${toolName} on ${where} failed: ${scrub(message, server)}`;
}

/** Removes the server's URL (it may hold a key) and its header values (credentials, even short ones) from a message. */
export function scrub(text: string, server: McpServerTarget): string {
  if (server.kind !== "http") return redactSecrets(text);
  return redactSecrets(text, [server.url, ...Object.values(server.headers)], 4);
}
