// Read-only links to a flow (optionally with its runs) for people without an account.
// Only a hash of the link's token is stored; opening a link reads nothing but the flow's
// name, newest document and run summaries — never credentials.
import { newToken, sha256Hex } from "@/lib/crypto";
import { getDb } from "@/lib/db/client.ts";
import { NotFoundError } from "./errors.ts";
import { listRunNodes } from "./runs/nodes.ts";
import type { RunNodeSummary } from "./runs/types.ts";
import { Id, parseInput } from "./validation.ts";

const SHARE_TOKEN_PREFIX = "shr_";
const SHARED_RUN_LIMIT = 50;

export interface ShareLinkSummary {
  id: string;
  flowId: string;
  flowName: string;
  includeRuns: boolean;
  createdAt: Date;
  revokedAt: Date | null;
  createdByName: string | null;
}

export interface SharedRun {
  id: string;
  status: string;
  input: string;
  output: string | null;
  error: string | null;
  totalTokens: number;
  costUsd: number;
  createdAt: Date;
  endedAt: Date | null;
  versionNumber: number;
}

export interface SharedFlow {
  name: string;
  description: string;
  versionNumber: number;
  document: string;
  updatedAt: Date;
  /** Null when the link does not include runs. */
  runs: SharedRun[] | null;
}

export type OpenedShareLink = { status: "active"; flow: SharedFlow } | { status: "revoked" };

const summarySelect = {
  id: true,
  flowId: true,
  includeRuns: true,
  createdAt: true,
  revokedAt: true,
  flow: { select: { name: true } },
  createdBy: { select: { name: true } },
} as const;

function toSummary(row: {
  id: string;
  flowId: string;
  includeRuns: boolean;
  createdAt: Date;
  revokedAt: Date | null;
  flow: { name: string };
  createdBy: { name: string } | null;
}): ShareLinkSummary {
  const { flow, createdBy, ...rest } = row;
  return { ...rest, flowName: flow.name, createdByName: createdBy?.name ?? null };
}

/** Creates a link to a live flow of the team; `token` goes into the URL and is not stored. */
export async function createShareLink(
  teamId: string,
  userId: string,
  flowId: string,
  options: { includeRuns: boolean },
): Promise<{ token: string; summary: ShareLinkSummary }> {
  const team = parseInput(Id, teamId);
  const flow = parseInput(Id, flowId);
  const db = await getDb();
  const live = await db.flow.findFirst({ where: { id: flow, teamId: team, deletedAt: null }, select: { id: true } });
  if (!live) throw new NotFoundError("Flow", flow);
  const token = newToken(SHARE_TOKEN_PREFIX);
  const row = await db.shareLink.create({
    data: { teamId: team, flowId: flow, tokenHash: sha256Hex(token), includeRuns: options.includeRuns, createdById: parseInput(Id, userId) },
    select: summarySelect,
  });
  return { token, summary: toSummary(row) };
}

/** The team's links, newest first; `flowId` narrows to one flow. */
export async function listShareLinks(teamId: string, flowId?: string): Promise<ShareLinkSummary[]> {
  const db = await getDb();
  const rows = await db.shareLink.findMany({
    where: { teamId: parseInput(Id, teamId), ...(flowId ? { flowId: parseInput(Id, flowId) } : {}), flow: { deletedAt: null } },
    orderBy: [{ revokedAt: "asc" }, { createdAt: "desc" }],
    select: summarySelect,
  });
  return rows.map(toSummary);
}

export async function revokeShareLink(teamId: string, linkId: string): Promise<void> {
  const db = await getDb();
  const id = parseInput(Id, linkId);
  const { count } = await db.shareLink.updateMany({
    where: { id, teamId: parseInput(Id, teamId), revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new NotFoundError("Share link", id);
}

/** Whether `token` names a link that was revoked (false for unknown tokens: those are 404s). */
export async function isShareLinkRevoked(token: string): Promise<boolean> {
  if (!token.startsWith(SHARE_TOKEN_PREFIX) || token.length >= 200) return false;
  const db = await getDb();
  const link = await db.shareLink.findUnique({ where: { tokenHash: sha256Hex(token) }, select: { revokedAt: true } });
  return Boolean(link?.revokedAt);
}

/** The team and flow an active share link shows, or null (unknown, revoked, or its flow deleted). */
export async function shareLinkTarget(token: string): Promise<{ teamId: string; flowId: string } | null> {
  if (!token.startsWith(SHARE_TOKEN_PREFIX) || token.length >= 200) return null;
  const db = await getDb();
  const link = await db.shareLink.findUnique({
    where: { tokenHash: sha256Hex(token) },
    select: { revokedAt: true, teamId: true, flowId: true, flow: { select: { deletedAt: true } } },
  });
  return link && !link.revokedAt && !link.flow.deletedAt ? { teamId: link.teamId, flowId: link.flowId } : null;
}

/** What a share URL shows; NotFoundError for an unknown token or a deleted flow. */
export async function openShareLink(token: string): Promise<OpenedShareLink> {
  const db = await getDb();
  const link = token.startsWith(SHARE_TOKEN_PREFIX) && token.length < 200
    ? await db.shareLink.findUnique({
        where: { tokenHash: sha256Hex(token) },
        select: { revokedAt: true, includeRuns: true, flowId: true, flow: { select: { name: true, description: true, latestVersion: true, updatedAt: true, deletedAt: true } } },
      })
    : null;
  if (!link || link.flow.deletedAt) throw new NotFoundError("Share link", "(token)");
  if (link.revokedAt) return { status: "revoked" };
  const version = await db.flowVersion.findUniqueOrThrow({
    where: { flowId_number: { flowId: link.flowId, number: link.flow.latestVersion } },
    select: { document: true },
  });
  const runs = link.includeRuns
    ? await db.run.findMany({
        where: { flowId: link.flowId },
        orderBy: { createdAt: "desc" },
        take: SHARED_RUN_LIMIT,
        select: {
          id: true,
          status: true,
          input: true,
          output: true,
          error: true,
          totalTokens: true,
          costUsd: true,
          createdAt: true,
          endedAt: true,
          flowVersion: { select: { number: true } },
        },
      })
    : null;
  return {
    status: "active",
    flow: {
      name: link.flow.name,
      description: link.flow.description,
      versionNumber: link.flow.latestVersion,
      document: version.document,
      updatedAt: link.flow.updatedAt,
      runs: runs?.map(({ flowVersion, ...run }) => ({ ...run, versionNumber: flowVersion.number })) ?? null,
    },
  };
}

export type OpenedSharedRun =
  | { status: "active"; flowName: string; run: { id: string; status: string; createdAt: Date; versionNumber: number }; nodes: RunNodeSummary[] }
  | { status: "revoked" };

/**
 * One run of a flow shared with its runs, with its nodes for the timeline; NotFoundError
 * for an unknown token, a link without runs, or a run of another flow.
 */
export async function openSharedRun(token: string, runId: string): Promise<OpenedSharedRun> {
  const db = await getDb();
  const id = parseInput(Id, runId);
  const link = token.startsWith(SHARE_TOKEN_PREFIX) && token.length < 200
    ? await db.shareLink.findUnique({
        where: { tokenHash: sha256Hex(token) },
        select: { revokedAt: true, includeRuns: true, flowId: true, flow: { select: { teamId: true, name: true, deletedAt: true } } },
      })
    : null;
  if (!link || link.flow.deletedAt || !link.includeRuns) throw new NotFoundError("Share link", "(token)");
  if (link.revokedAt) return { status: "revoked" };
  const run = await db.run.findFirst({ where: { id, flowId: link.flowId }, select: { id: true, status: true, createdAt: true, flowVersion: { select: { number: true } } } });
  if (!run) throw new NotFoundError("Run", id);
  const nodes = await listRunNodes(link.flow.teamId, run.id);
  return { status: "active", flowName: link.flow.name, run: { id: run.id, status: run.status, createdAt: run.createdAt, versionNumber: run.flowVersion.number }, nodes };
}
