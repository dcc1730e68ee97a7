/**
 * Tools of MCP servers (issue "Tools from the user's world"): team servers over
 * Streamable HTTP through the SSRF policy, operator-listed stdio servers, one set of
 * connections per process. Server-only.
 */
import type { AnyTool } from "@/lib/engine";
import { UserError } from "@/lib/errors";
import { McpConnections, type McpServerTarget, type McpToolInfo } from "./connections";
import { mcpAllowedCidrsFromEnv } from "./config";
import { mcpTool } from "./tool";

export { McpConnections, type McpServerTarget, type McpToolInfo, type McpCallResult } from "./connections";
export { mcpTool, describeFailure, scrub, DEFAULT_MCP_TIMEOUT_MS, MAX_MCP_RESULT_CHARS } from "./tool";
export { mcpAllowedCidrsFromEnv, stdioServersFromEnv, readMcpConfigFile, parseHeaderLines, McpConfigError } from "./config";
export { RefusedAddressError, createPolicyFetch } from "./policyFetch";

// One set of connections per process (on globalThis so dev reloads do not leak sockets).
const holder = globalThis as typeof globalThis & { __swarmStudioMcp?: McpConnections };

/** This process's MCP connections (policy from SWARM_MCP_ALLOWED_CIDRS). */
export function mcpConnections(): McpConnections {
  return (holder.__swarmStudioMcp ??= new McpConnections({ allowedCidrs: mcpAllowedCidrsFromEnv() }));
}

/** Closes this process's MCP connections (a CLI before it exits, tests). */
export async function closeMcpConnections(): Promise<void> {
  const connections = holder.__swarmStudioMcp;
  holder.__swarmStudioMcp = undefined;
  await connections?.close();
}

/** A server a run may use, with the tools it last listed. */
export type AvailableMcpServer = {
  target: McpServerTarget;
  tools: readonly McpToolInfo[];
  /** Why its tools could not be listed just now, if they could not. */
  problem?: string;
};

/** The document names a server or a tool this run cannot use. */
export class McpToolUnavailableError extends UserError {
  override readonly name = "McpToolUnavailableError";
  readonly kind = "invalid";
}

/** A binding as the flow document spells it (lib/dsl's McpToolSpec; lib/tools does not import lib/dsl). */
export type McpBinding = { mcp: { server: string; tool: string }; timeout_ms?: number };

/** The `mcpTool` factory buildSwarm takes, over the servers this run may use. */
export function mcpToolFactory(servers: ReadonlyMap<string, AvailableMcpServer>, connections: McpConnections = mcpConnections()) {
  return (name: string, binding: McpBinding): AnyTool => {
    const server = servers.get(binding.mcp.server);
    if (!server) throw new McpToolUnavailableError(`tool '${name}': this team has no MCP server named '${binding.mcp.server}'`);
    const tool = server.tools.find((candidate) => candidate.name === binding.mcp.tool);
    if (!tool) {
      const why = server.problem ?? `MCP server '${binding.mcp.server}' has no tool '${binding.mcp.tool}'`;
      throw new McpToolUnavailableError(`tool '${name}': ${why}`);
    }
    return mcpTool({ name, server: server.target, tool, connections, timeoutMs: binding.timeout_ms });
  };
}

/** The credentials among these servers' settings (URLs, header values), for redaction. */
export function mcpSecrets(servers: Iterable<AvailableMcpServer>): string[] {
  // A header's words too: "Bearer <token>" may be echoed as the token alone.
  const words = (value: string) => [value, ...value.split(/\s+/).filter((word) => word.length >= 8)];
  return [...servers].flatMap(({ target }) => (target.kind === "http" ? [target.url, ...Object.values(target.headers).flatMap(words)] : []));
}
