// Saved flows and their versions, always scoped by team.
import { type Db, getDb } from "@/lib/db/client.ts";
import { NotFoundError, VersionConflictError } from "./errors.ts";
import { type Contributor, parseContributors } from "./flowDrafts.ts";
import { isUniqueViolation } from "./uniqueness.ts";
import { CreateFlowInput, DraftSnapshotInput, FlowName, SaveFlowVersionInput, VersionNumber } from "./flowSchemas.ts";
import { Id, parseInput } from "./validation.ts";

export interface FlowSummary {
  id: string;
  name: string;
  description: string;
  updatedAt: Date;
  latestVersion: number;
  versionCount: number;
}

export interface FlowVersionSummary {
  number: number;
  message: string;
  authorId: string | null;
  authorName: string | null;
  /** Who edited the shared draft this version saved (empty for a single person's save). */
  contributors: Contributor[];
  createdAt: Date;
}

export interface FlowVersionDetail extends FlowVersionSummary {
  document: string;
}

export interface FlowDetail {
  id: string;
  teamId: string;
  name: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
  /** The newest version, with its document. */
  latestVersion: FlowVersionDetail;
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
type Client = Db | Tx;

const versionSelect = {
  number: true,
  message: true,
  authorId: true,
  contributors: true,
  createdAt: true,
  author: { select: { name: true } },
} as const;

function toVersionSummary(row: {
  number: number;
  message: string;
  authorId: string | null;
  contributors: string;
  createdAt: Date;
  author: { name: string } | null;
}): FlowVersionSummary {
  return {
    number: row.number,
    message: row.message,
    authorId: row.authorId,
    authorName: row.author?.name ?? null,
    contributors: parseContributors(row.contributors),
    createdAt: row.createdAt,
  };
}

function toVersionDetail(row: Parameters<typeof toVersionSummary>[0] & { document: string }): FlowVersionDetail {
  return { ...toVersionSummary(row), document: row.document };
}

const summarySelect = {
  id: true,
  name: true,
  description: true,
  updatedAt: true,
  latestVersion: true,
  _count: { select: { versions: { where: { number: { gt: 0 } } } } },
} as const;

type FlowSummaryRow = Omit<FlowSummary, "versionCount"> & { _count: { versions: number } };

function toSummary({ _count, ...flow }: FlowSummaryRow): FlowSummary {
  return { ...flow, versionCount: _count.versions };
}

/** The live (not deleted) flow of this team, or NotFoundError. */
async function findLiveFlow(db: Client, teamId: string, flowId: string) {
  const flow = await db.flow.findFirst({ where: { id: flowId, teamId, deletedAt: null } });
  if (!flow) throw new NotFoundError("Flow", flowId);
  return flow;
}

export async function listFlows(teamId: string): Promise<FlowSummary[]> {
  const db = await getDb();
  const rows = await db.flow.findMany({
    where: { teamId: parseInput(Id, teamId), deletedAt: null },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    select: summarySelect,
  });
  return rows.map(toSummary);
}

export async function getFlow(teamId: string, flowId: string): Promise<FlowDetail> {
  const db = await getDb();
  const flow = await findLiveFlow(db, parseInput(Id, teamId), parseInput(Id, flowId));
  const version = await db.flowVersion.findUniqueOrThrow({
    where: { flowId_number: { flowId: flow.id, number: flow.latestVersion } },
    select: { ...versionSelect, document: true },
  });
  return {
    id: flow.id,
    teamId: flow.teamId,
    name: flow.name,
    description: flow.description,
    createdAt: flow.createdAt,
    updatedAt: flow.updatedAt,
    latestVersion: toVersionDetail(version),
  };
}

/** Creates the flow with its version 1 holding `document`. */
export async function createFlow(teamId: string, userId: string, input: CreateFlowInput): Promise<FlowDetail> {
  const team = parseInput(Id, teamId);
  const author = parseInput(Id, userId);
  const { name, description, document } = parseInput(CreateFlowInput, input);
  const db = await getDb();
  const flow = await db.flow.create({
    data: {
      teamId: team,
      name,
      description,
      createdById: author,
      latestVersion: 1,
      versions: { create: { number: 1, document, message: "Created", authorId: author } },
    },
  });
  return getFlow(team, flow.id);
}

export async function renameFlow(teamId: string, flowId: string, name: string): Promise<FlowSummary> {
  const team = parseInput(Id, teamId);
  const id = parseInput(Id, flowId);
  const newName = parseInput(FlowName, name);
  const db = await getDb();
  const { count } = await db.flow.updateMany({ where: { id, teamId: team, deletedAt: null }, data: { name: newName } });
  if (count === 0) throw new NotFoundError("Flow", id);
  return toSummary(await db.flow.findUniqueOrThrow({ where: { id }, select: summarySelect }));
}

/** Soft delete: the flow disappears from the team, its versions and runs stay for the record. */
export async function deleteFlow(teamId: string, flowId: string): Promise<void> {
  const team = parseInput(Id, teamId);
  const id = parseInput(Id, flowId);
  const db = await getDb();
  const { count } = await db.flow.updateMany({
    where: { id, teamId: team, deletedAt: null },
    data: { deletedAt: new Date() },
  });
  if (count === 0) throw new NotFoundError("Flow", id);
}

/**
 * Saves `document` as the next version. `baseVersion` is the version the user edited;
 * when someone saved in between, nothing is written and VersionConflictError tells the
 * newest number. The compare-and-increment is one conditional UPDATE, so of two
 * concurrent saves on the same base exactly one wins, on SQLite and PostgreSQL.
 */
export async function saveFlowVersion(
  teamId: string,
  userId: string,
  flowId: string,
  input: SaveFlowVersionInput,
): Promise<FlowVersionDetail> {
  const team = parseInput(Id, teamId);
  const author = parseInput(Id, userId);
  const id = parseInput(Id, flowId);
  const { document, message, baseVersion, name, description, fromSharedDraft } = parseInput(SaveFlowVersionInput, input);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const { count } = await tx.flow.updateMany({
      where: { id, teamId: team, deletedAt: null, latestVersion: baseVersion },
      // The flow's name and description follow the document, in the same write as the version.
      data: { latestVersion: baseVersion + 1, ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}) },
    });
    if (count === 0) {
      const flow = await findLiveFlow(tx, team, id);
      throw new VersionConflictError(id, baseVersion, flow.latestVersion);
    }
    // Saving the shared draft credits who edited it since the last version, and starts over.
    const draft = fromSharedDraft ? await tx.flowDraft.findUnique({ where: { flowId: id }, select: { contributors: true } }) : null;
    if (draft) await tx.flowDraft.update({ where: { flowId: id }, data: { contributors: "[]" } });
    const contributors = draft?.contributors ?? "[]";
    const version = await tx.flowVersion.create({
      data: { flowId: id, number: baseVersion + 1, document, message, authorId: author, contributors },
      select: { ...versionSelect, document: true },
    });
    return toVersionDetail(version);
  });
}

/**
 * Keeps an unsaved draft (evaluated from the editor) as a snapshot numbered -1, -2, -3…:
 * runs need a stored document, and the draft will change. Never listed as a version and
 * the flow's newest version stays what it was. Returns the snapshot's number (the newest
 * snapshot's when the draft is the same).
 */
export async function saveDraftSnapshot(teamId: string, userId: string | null, flowId: string, input: DraftSnapshotInput): Promise<number> {
  const team = parseInput(Id, teamId);
  const author = userId === null ? null : parseInput(Id, userId);
  const id = parseInput(Id, flowId);
  const { document, baseVersion } = parseInput(DraftSnapshotInput, input);
  const db = await getDb();
  const flow = await findLiveFlow(db, team, id);
  for (let attempt = 0; ; attempt++) {
    const newest = await db.flowVersion.findFirst({ where: { flowId: flow.id, number: { lt: 0 } }, orderBy: { number: "asc" }, select: { number: true, document: true } });
    // The same draft evaluated again (another dataset, other scorers) is the same snapshot.
    if (newest?.document === document) return newest.number;
    const number = (newest?.number ?? 0) - 1;
    try {
      await db.flowVersion.create({ data: { flowId: flow.id, number, document, message: `Draft evaluated from the editor (edited from v${baseVersion})`, authorId: author } });
      return number;
    } catch (error) {
      // Two drafts of the same flow took the same number: the later one takes the next.
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** Versions of a live flow, newest first, without their documents (draft snapshots are not versions). */
export async function listVersions(teamId: string, flowId: string): Promise<FlowVersionSummary[]> {
  const db = await getDb();
  const flow = await findLiveFlow(db, parseInput(Id, teamId), parseInput(Id, flowId));
  const rows = await db.flowVersion.findMany({
    where: { flowId: flow.id, number: { gt: 0 } },
    orderBy: { number: "desc" },
    select: versionSelect,
  });
  return rows.map(toVersionSummary);
}

export async function getVersion(teamId: string, flowId: string, number: number): Promise<FlowVersionDetail> {
  const db = await getDb();
  const flow = await findLiveFlow(db, parseInput(Id, teamId), parseInput(Id, flowId));
  const versionNumber = parseInput(VersionNumber, number);
  const version = await db.flowVersion.findUnique({
    where: { flowId_number: { flowId: flow.id, number: versionNumber } },
    select: { ...versionSelect, document: true },
  });
  if (!version) throw new NotFoundError("Flow version", `${flow.id}@${versionNumber}`);
  return toVersionDetail(version);
}
