/**
 * What a run needs of the team's MCP servers: the `mcpTool` factory for the document's
 * bindings and the servers' credentials to redact. Loaded only by runs that bind MCP
 * tools (execution.ts imports it on demand): the MCP SDK costs every other run nothing.
 */
import type { McpToolSpec } from "@/lib/dsl/types";
import { mcpServersForRun } from "@/lib/mcp/service";
import { mcpSecrets, mcpToolFactory } from "@/lib/tools/mcp";

export async function prepareMcpTools(teamId: string, bindings: readonly McpToolSpec[]) {
  const servers = await mcpServersForRun(teamId, bindings);
  return { mcpTool: mcpToolFactory(servers), secrets: mcpSecrets(servers.values()) };
}
