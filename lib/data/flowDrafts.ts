// A flow's shared draft (its Yjs document, while people edit it together) and who changed
// it since the last saved version. One row per flow, scoped by team through the flow.
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { resolveDatabaseConfig } from "@/lib/db/config.ts";
import { NotFoundError, ValidationError } from "./errors.ts";
import { Id, parseInput } from "./validation.ts";

/** A Yjs state larger than this is refused: 1 MiB of text plus generous room for its edit history. */
export const MAX_DRAFT_STATE_BYTES = 16 * 1024 * 1024;

export const Contributor = z.object({ id: Id, name: z.string().max(200) });
export type Contributor = z.infer<typeof Contributor>;
export const Contributors = z.array(Contributor).max(1000);

export interface FlowDraft {
  state: Uint8Array;
  contributors: Contributor[];
}

const DraftState = z.instanceof(Uint8Array).refine((state) => state.byteLength <= MAX_DRAFT_STATE_BYTES, {
  message: "The shared draft is larger than 16 MiB.",
});

/** Stored contributors; a row that does not parse is named, never replaced by nobody. */
export function parseContributors(stored: string): Contributor[] {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    value = undefined;
  }
  const parsed = Contributors.safeParse(value);
  if (!parsed.success) throw new ValidationError([{ path: "contributors", message: "The stored contributors of this draft cannot be read." }]);
  return parsed.data;
}

async function requireFlow(teamId: string, flowId: string): Promise<string> {
  const db = await getDb();
  const flow = await db.flow.findFirst({ where: { id: parseInput(Id, flowId), teamId: parseInput(Id, teamId), deletedAt: null }, select: { id: true } });
  if (!flow) throw new NotFoundError("Flow", flowId);
  return flow.id;
}

/** The flow's draft, or null when nobody has edited it live yet. */
export async function loadFlowDraft(teamId: string, flowId: string): Promise<FlowDraft | null> {
  const id = await requireFlow(teamId, flowId);
  const db = await getDb();
  const row = await db.flowDraft.findUnique({ where: { flowId: id } });
  return row ? { state: new Uint8Array(row.state), contributors: parseContributors(row.contributors) } : null;
}

/**
 * Stores `initial` as the flow's first draft unless another process did first; returns the
 * stored draft either way, so every process starts from the same Yjs history.
 */
export async function createFlowDraft(teamId: string, flowId: string, initial: Uint8Array): Promise<FlowDraft> {
  const id = await requireFlow(teamId, flowId);
  const state = parseInput(DraftState, initial);
  const db = await getDb();
  try {
    await db.flowDraft.create({ data: { flowId: id, state: Buffer.from(state) } });
  } catch (error) {
    // A unique violation: another process stored the first draft; read theirs below.
    const existing = await db.flowDraft.findUnique({ where: { flowId: id }, select: { flowId: true } });
    if (!existing) throw error;
  }
  const row = await db.flowDraft.findUniqueOrThrow({ where: { flowId: id } });
  return { state: new Uint8Array(row.state), contributors: parseContributors(row.contributors) };
}

/**
 * Stores a process's whole Yjs state of the draft, merged with the stored one (`merge`:
 * Yjs's own), never replacing it: another process may have stored edits this one has not
 * received yet. On PostgreSQL the row is locked for the merge; SQLite has one process.
 */
export async function storeFlowDraft(teamId: string, flowId: string, state: Uint8Array, merge: (stored: Uint8Array, incoming: Uint8Array) => Uint8Array): Promise<void> {
  const id = await requireFlow(teamId, flowId);
  const incoming = parseInput(DraftState, state);
  const db = await getDb();
  const locking = resolveDatabaseConfig().provider === "postgresql";
  await db.$transaction(async (tx) => {
    if (locking) await tx.$queryRaw`SELECT 1 FROM "flow_draft" WHERE "flowId" = ${id} FOR UPDATE`;
    const row = await tx.flowDraft.findUnique({ where: { flowId: id }, select: { state: true } });
    const merged = row ? merge(new Uint8Array(row.state), incoming) : incoming;
    const bytes = parseInput(DraftState, merged);
    await tx.flowDraft.upsert({ where: { flowId: id }, create: { flowId: id, state: Buffer.from(bytes) }, update: { state: Buffer.from(bytes) } });
  });
}

/** Adds `who` to the people who changed the draft since the last saved version. */
export async function addDraftContributor(teamId: string, flowId: string, who: Contributor): Promise<void> {
  const id = await requireFlow(teamId, flowId);
  const contributor = parseInput(Contributor, who);
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const row = await tx.flowDraft.findUnique({ where: { flowId: id }, select: { contributors: true } });
    if (!row) return;
    const list = parseContributors(row.contributors);
    if (list.some((c) => c.id === contributor.id)) return;
    await tx.flowDraft.update({ where: { flowId: id }, data: { contributors: JSON.stringify([...list, contributor]) } });
  });
}
