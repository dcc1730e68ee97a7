// The team's own code tools (Settings → Tools), shared by all its flows. Scoped by team:
// another team's tool is "not found". The parameters column holds JSON text, read back
// through the DSL's schema (never cast).
import { z } from "zod";
import { CodeToolSpec, Name } from "@/lib/dsl/types";
import { getDb } from "@/lib/db/client.ts";
import { NotFoundError, ValidationError } from "./errors.ts";
import { isUniqueViolation } from "./uniqueness.ts";
import { Id, parseInput } from "./validation.ts";

/** A team tool as written: a name and what a document's code tool holds (lib/dsl/types.ts). */
export const TeamToolInput = CodeToolSpec.extend({ name: Name });
export type TeamToolInput = z.input<typeof TeamToolInput>;

/** At most this many tools a team: every run and save reads them all. */
export const MAX_TEAM_TOOLS = 200;

export interface TeamToolRecord {
  id: string;
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  code: string;
  timeoutMs: number | null;
  updatedAt: Date;
  createdByName: string | null;
}

const select = {
  id: true,
  name: true,
  description: true,
  parameters: true,
  code: true,
  timeoutMs: true,
  updatedAt: true,
  createdBy: { select: { name: true } },
} as const;

type Row = { id: string; name: string; description: string; parameters: string; code: string; timeoutMs: number | null; updatedAt: Date; createdBy: { name: string } | null };

const StoredParameters = CodeToolSpec.shape.parameters;

function toRecord({ createdBy, parameters, ...row }: Row): TeamToolRecord {
  let parsed: unknown;
  try {
    parsed = JSON.parse(parameters);
  } catch {
    parsed = undefined;
  }
  // A row written by this module always reads back; anything else gets no parameters rather than a crash.
  const checked = StoredParameters.safeParse(parsed);
  return { ...row, parameters: checked.success ? checked.data : { type: "object", properties: {} }, createdByName: createdBy?.name ?? null };
}

function columns(input: TeamToolInput) {
  const tool = parseInput(TeamToolInput, input);
  return { name: tool.name, description: tool.description, parameters: JSON.stringify(tool.parameters), code: tool.code, timeoutMs: tool.timeout_ms ?? null };
}

function nameTaken(name: string): ValidationError {
  return new ValidationError([{ path: "name", message: `The team already has a tool named "${name}"` }]);
}

export async function listTeamTools(teamId: string): Promise<TeamToolRecord[]> {
  const db = await getDb();
  const rows = await db.teamTool.findMany({ where: { teamId: parseInput(Id, teamId) }, orderBy: { name: "asc" }, select });
  return rows.map(toRecord);
}

/** The names only: what validation needs when a flow is saved. */
export async function listTeamToolNames(teamId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.teamTool.findMany({ where: { teamId: parseInput(Id, teamId) }, orderBy: { name: "asc" }, select: { name: true } });
  return rows.map((row) => row.name);
}

export async function createTeamTool(teamId: string, userId: string, input: TeamToolInput): Promise<TeamToolRecord> {
  const team = parseInput(Id, teamId);
  const data = columns(input);
  const db = await getDb();
  if ((await db.teamTool.count({ where: { teamId: team } })) >= MAX_TEAM_TOOLS) {
    throw new ValidationError([{ path: "", message: `A team has at most ${MAX_TEAM_TOOLS} tools` }]);
  }
  try {
    return toRecord(await db.teamTool.create({ data: { teamId: team, createdById: parseInput(Id, userId), ...data }, select }));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(data.name);
    throw error;
  }
}

export async function updateTeamTool(teamId: string, toolId: string, input: TeamToolInput): Promise<TeamToolRecord> {
  const team = parseInput(Id, teamId);
  const id = parseInput(Id, toolId);
  const data = columns(input);
  const db = await getDb();
  try {
    const { count } = await db.teamTool.updateMany({ where: { id, teamId: team }, data });
    if (count === 0) throw new NotFoundError("Tool", id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(data.name);
    throw error;
  }
  return toRecord(await db.teamTool.findUniqueOrThrow({ where: { id }, select }));
}

export async function deleteTeamTool(teamId: string, toolId: string): Promise<void> {
  const id = parseInput(Id, toolId);
  const db = await getDb();
  const { count } = await db.teamTool.deleteMany({ where: { id, teamId: parseInput(Id, teamId) } });
  if (count === 0) throw new NotFoundError("Tool", id);
}
