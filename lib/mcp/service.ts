/**
 * The MCP service: who may register, change, list and use a team's MCP servers, and what
 * a run or a document check may know of them. Owners manage servers (their URLs and
 * headers are credentials); editors may list a server's tools again; every member sees
 * the servers' names, origins and tools. Operator stdio servers (SWARM_MCP_STDIO_SERVERS)
 * are available to every team and configurable by none.
 */
import { requirePermission, type Workspace } from "@/lib/auth";
import {
  createMcpServer,
  deleteMcpServer,
  listMcpServers,
  mcpServerTargetsForTeam,
  recordMcpListing,
  updateMcpServer,
  type CreateMcpServerInput,
  type McpServerSummary,
  type UpdateMcpServerInput,
} from "@/lib/data/mcpServers";
import { NotFoundError, ValidationError } from "@/lib/data/errors";
import { describeFailure, mcpConnections, stdioServersFromEnv, type AvailableMcpServer, type McpServerTarget, type McpToolInfo } from "@/lib/tools/mcp";

/** How long listing a server's tools may take. */
const LIST_TIMEOUT_MS = 15_000;

/** An operator's stdio server as the settings page shows it (never its command). */
export type OperatorMcpServer = { name: string; tools: McpToolInfo[] | null; lastError: string | null };

// Listings of the operator's stdio servers, per process (they have no row to keep them in).
const stdioListings = new Map<string, { tools: McpToolInfo[] } | { error: string }>();

async function list(target: McpServerTarget): Promise<{ tools: McpToolInfo[] } | { error: string }> {
  try {
    return { tools: await mcpConnections().listTools(target, { timeoutMs: LIST_TIMEOUT_MS }) };
  } catch (error) {
    return { error: describeFailure(error, "tools/list", `MCP server '${target.name}'`, LIST_TIMEOUT_MS, target) };
  }
}

function operatorServers(): McpServerTarget[] {
  return stdioServersFromEnv();
}

function refuseOperatorName(name: string): void {
  if (operatorServers().some((server) => server.name === name)) {
    throw new ValidationError([{ path: "name", message: `"${name}" is the name of a server this installation provides: choose another` }]);
  }
}

export async function listServers(workspace: Workspace): Promise<{ team: McpServerSummary[]; operator: OperatorMcpServer[] }> {
  requirePermission(workspace, "flow", "read", "see this team's MCP servers");
  const team = await listMcpServers(workspace.teamId);
  const operator = operatorServers().map((server) => {
    const listing = stdioListings.get(server.name);
    return { name: server.name, tools: listing && "tools" in listing ? listing.tools : null, lastError: listing && "error" in listing ? listing.error : null };
  });
  return { team, operator };
}

/** Registers a server and lists its tools at once (a failed listing is kept on the server, not thrown). */
export async function registerServer(workspace: Workspace, input: CreateMcpServerInput): Promise<McpServerSummary> {
  requirePermission(workspace, "mcpServer", "manage", "add MCP servers");
  refuseOperatorName(String(input.name ?? "").trim());
  const created = await createMcpServer(workspace.teamId, input);
  return refreshStored(workspace.teamId, created.id);
}

export async function changeServer(workspace: Workspace, serverId: string, input: UpdateMcpServerInput): Promise<McpServerSummary> {
  requirePermission(workspace, "mcpServer", "manage", "change MCP servers");
  const updated = await updateMcpServer(workspace.teamId, serverId, input);
  return refreshStored(workspace.teamId, updated.id);
}

export async function removeServer(workspace: Workspace, serverId: string): Promise<void> {
  requirePermission(workspace, "mcpServer", "manage", "remove MCP servers");
  await deleteMcpServer(workspace.teamId, serverId);
}

/** Lists a team server's tools again and keeps the outcome. */
export async function refreshServer(workspace: Workspace, serverId: string): Promise<McpServerSummary> {
  requirePermission(workspace, "mcpServer", "refresh", "list an MCP server's tools");
  return refreshStored(workspace.teamId, serverId);
}

/** Lists an operator server's tools (kept in this process). */
export async function refreshOperatorServer(workspace: Workspace, name: string): Promise<OperatorMcpServer> {
  requirePermission(workspace, "mcpServer", "refresh", "list an MCP server's tools");
  const server = operatorServers().find((candidate) => candidate.name === name);
  if (!server) throw new ValidationError([{ path: "name", message: `This installation has no MCP server named "${name}"` }]);
  const listing = await list(server);
  stdioListings.set(name, listing);
  return { name, tools: "tools" in listing ? listing.tools : null, lastError: "error" in listing ? listing.error : null };
}

/** Lists one of the team's servers and keeps the outcome; NotFoundError for another team's id. */
async function refreshStored(teamId: string, serverId: string): Promise<McpServerSummary> {
  const [stored] = await mcpServerTargetsForTeam(teamId, { id: serverId });
  if (!stored) throw new NotFoundError("MCP server", serverId);
  return recordMcpListing(teamId, stored.id, await list(stored.target));
}

/**
 * The team's servers and the tools each last listed, for checking documents: a binding to
 * a server the team lacks, or to a tool a listed server does not have, is a problem.
 * Operator servers and servers never listed accept any tool name.
 */
export async function mcpServerNamesForTeam(teamId: string): Promise<Map<string, ReadonlySet<string> | undefined>> {
  const servers = new Map<string, ReadonlySet<string> | undefined>();
  for (const server of await listMcpServers(teamId)) servers.set(server.name, server.tools ? new Set(server.tools.map((tool) => tool.name)) : undefined);
  for (const server of operatorServers()) if (!servers.has(server.name)) servers.set(server.name, undefined);
  return servers;
}

/**
 * The servers a run of a document with these bindings may use, with their tools. A server
 * whose stored listing lacks a bound tool (or was never listed) is listed now, so a tool
 * added on the server since works without a visit to the settings.
 */
export async function mcpServersForRun(teamId: string, bindings: readonly { mcp: { server: string; tool: string } }[]): Promise<Map<string, AvailableMcpServer>> {
  const available = new Map<string, AvailableMcpServer>();
  if (bindings.length === 0) return available;
  const names = [...new Set(bindings.map((binding) => binding.mcp.server))];
  const wanted = (name: string) => bindings.filter((binding) => binding.mcp.server === name).map((binding) => binding.mcp.tool);
  const complete = (tools: readonly McpToolInfo[] | null | undefined, name: string) => !!tools && wanted(name).every((tool) => tools.some((candidate) => candidate.name === tool));

  // Servers that need listing are listed at once, not one after another.
  const teamServers = await Promise.all(
    (await mcpServerTargetsForTeam(teamId, { names })).map(async (stored): Promise<[string, AvailableMcpServer]> => {
      if (complete(stored.tools, stored.name)) return [stored.name, { target: stored.target, tools: stored.tools ?? [] }];
      const listing = await list(stored.target);
      await recordMcpListing(teamId, stored.id, listing);
      return [stored.name, "tools" in listing ? { target: stored.target, tools: listing.tools } : { target: stored.target, tools: stored.tools ?? [], problem: listing.error }];
    }),
  );
  for (const [name, server] of teamServers) available.set(name, server);
  const operatorOnly = operatorServers().filter((server) => names.includes(server.name) && !available.has(server.name));
  const operatorListed = await Promise.all(
    operatorOnly.map(async (server): Promise<[string, AvailableMcpServer]> => {
      let listing = stdioListings.get(server.name);
      if (!listing || !("tools" in listing) || !complete(listing.tools, server.name)) {
        listing = await list(server);
        stdioListings.set(server.name, listing);
      }
      return [server.name, "tools" in listing ? { target: server, tools: listing.tools } : { target: server, tools: [], problem: listing.error }];
    }),
  );
  for (const [name, server] of operatorListed) available.set(name, server);
  return available;
}
