/**
 * The team's code tools (Settings → Tools): who may read and write them, and what one
 * must be (a name no built-in tool has). Permission first, before any other work. Runs
 * get them as engine tools through `teamToolLookup`; saves know their names and the
 * team's MCP servers (`teamToolContext`) so a document may name them.
 */
import { requirePermission, type Workspace } from "@/lib/auth";
import { ValidationError } from "@/lib/data/errors";
import {
  createTeamTool,
  deleteTeamTool,
  listTeamToolNames,
  listTeamTools,
  type TeamToolInput,
  type TeamToolRecord,
  updateTeamTool,
} from "@/lib/data/teamTools";
import type { FlowDocument } from "@/lib/dsl/types";
import type { AnyTool } from "@/lib/engine";
import { mcpServerNamesForTeam } from "@/lib/mcp/service";
import { getTool, isBuiltInTool } from "@/lib/tools";
import { codeTool } from "@/lib/tools/sandbox";
import type { TeamToolContext } from "./document";

function refuseBuiltInName(input: TeamToolInput): void {
  if (typeof input.name === "string" && isBuiltInTool(input.name)) {
    throw new ValidationError([{ path: "name", message: `"${input.name}" is a built-in tool: give the team's tool another name` }]);
  }
}

export async function listTools(workspace: Workspace): Promise<TeamToolRecord[]> {
  requirePermission(workspace, "tool", "read", "read the team's tools");
  return listTeamTools(workspace.teamId);
}

export async function createTool(workspace: Workspace, input: TeamToolInput): Promise<TeamToolRecord> {
  requirePermission(workspace, "tool", "write", "add tools to the team");
  refuseBuiltInName(input);
  return createTeamTool(workspace.teamId, workspace.userId, input);
}

export async function updateTool(workspace: Workspace, toolId: string, input: TeamToolInput): Promise<TeamToolRecord> {
  requirePermission(workspace, "tool", "write", "edit the team's tools");
  refuseBuiltInName(input);
  return updateTeamTool(workspace.teamId, toolId, input);
}

export async function deleteTool(workspace: Workspace, toolId: string): Promise<void> {
  requirePermission(workspace, "tool", "write", "delete the team's tools");
  await deleteTeamTool(workspace.teamId, toolId);
}

/** What a team brings to the check of a document it stores: its code tools' names, its MCP servers and their tools. */
export async function teamToolContext(teamId: string): Promise<TeamToolContext> {
  const [teamTools, mcpServers] = await Promise.all([listTeamToolNames(teamId), mcpServerNamesForTeam(teamId)]);
  return { teamTools, mcpServers };
}

/** Whether an agent of `document` names a tool that is neither the document's own nor built in: one of the team's. */
function namesTeamTool(document: FlowDocument): boolean {
  const own = document.tools ?? {};
  return Object.values(document.agents).some((agent) => (agent.tools ?? []).some((name) => !Object.hasOwn(own, name) && getTool(name) === undefined));
}

/**
 * The engine tools of a run of this team's `document`: built-in first, then the team's (a
 * document's own wins in buildSwarm). The team's are read only when the document names one.
 */
export async function teamToolLookup(teamId: string, document: FlowDocument): Promise<(name: string) => AnyTool | undefined> {
  if (!namesTeamTool(document)) return getTool;
  const records = new Map((await listTeamTools(teamId)).map((tool) => [tool.name, tool]));
  // Built when an agent names one (a team may have many; a flow uses few).
  const built = new Map<string, AnyTool>();
  const teamTool = (name: string): AnyTool | undefined => {
    const tool = records.get(name);
    if (!tool) return undefined;
    let made = built.get(name);
    if (!made) {
      const limits = tool.timeoutMs ? { timeoutMs: tool.timeoutMs } : undefined;
      made = codeTool({ name: tool.name, description: tool.description, parameters: tool.parameters, body: tool.code, limits });
      built.set(name, made);
    }
    return made;
  };
  return (name) => getTool(name) ?? teamTool(name);
}
