/** What a team brings to the check of a document it stores: its MCP servers and their tools. */
import { mcpServerNamesForTeam } from "@/lib/mcp/service";
import type { TeamToolContext } from "./document";

export async function teamToolContext(teamId: string): Promise<TeamToolContext> {
  return { mcpServers: await mcpServerNamesForTeam(teamId) };
}
