// Team tokens for the HTTP API: shown once at creation, stored as a SHA-256 hash, revocable.
import { z } from "zod";
import { newToken, sha256Hex } from "@/lib/crypto";
import { getDb } from "@/lib/db/client.ts";
import { NotFoundError } from "./errors.ts";
import { Id, parseInput } from "./validation.ts";

export const API_TOKEN_PREFIX = "sst_";
/** How much of a token settings shows, enough to tell tokens apart and nothing more. */
const SHOWN_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 4;

export const ApiTokenName = z.string().trim().min(1, "A token needs a name").max(80);

export interface ApiTokenSummary {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdByName: string | null;
}

const summarySelect = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  createdBy: { select: { name: true } },
} as const;

function toSummary({ createdBy, ...row }: Omit<ApiTokenSummary, "createdByName"> & { createdBy: { name: string } | null }): ApiTokenSummary {
  return { ...row, createdByName: createdBy?.name ?? null };
}

/** Creates a token; `token` is the only time the secret exists outside the caller's hands. */
export async function createApiToken(teamId: string, userId: string, name: string): Promise<{ token: string; summary: ApiTokenSummary }> {
  const token = newToken(API_TOKEN_PREFIX);
  const db = await getDb();
  const row = await db.apiToken.create({
    data: {
      teamId: parseInput(Id, teamId),
      createdById: parseInput(Id, userId),
      name: parseInput(ApiTokenName, name),
      tokenHash: sha256Hex(token),
      prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
    },
    select: summarySelect,
  });
  return { token, summary: toSummary(row) };
}

export async function listApiTokens(teamId: string): Promise<ApiTokenSummary[]> {
  const db = await getDb();
  const rows = await db.apiToken.findMany({
    where: { teamId: parseInput(Id, teamId) },
    orderBy: [{ revokedAt: "asc" }, { createdAt: "desc" }],
    select: summarySelect,
  });
  return rows.map(toSummary);
}

export async function revokeApiToken(teamId: string, tokenId: string): Promise<void> {
  const db = await getDb();
  const id = parseInput(Id, tokenId);
  const { count } = await db.apiToken.updateMany({
    where: { id, teamId: parseInput(Id, teamId), revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new NotFoundError("API token", id);
}

/** The team a live token acts for, from an `Authorization: Bearer …` value; null otherwise. */
export async function authenticateApiToken(bearer: string | null | undefined): Promise<{ teamId: string; tokenId: string } | null> {
  const token = bearer?.replace(/^Bearer\s+/i, "").trim();
  if (!token?.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  const db = await getDb();
  const row = await db.apiToken.findUnique({ where: { tokenHash: sha256Hex(token) }, select: { id: true, teamId: true, revokedAt: true } });
  if (!row || row.revokedAt) return null;
  recordTokenUse(row.id);
  return { teamId: row.teamId, tokenId: row.id };
}

/** How stale "last used" may get: at most one write a minute per token, however busy it is. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Notes the token's use in the background. Bookkeeping must never fail or slow the request
 * it belongs to (a locked or read-only database still serves reads), so errors are dropped.
 */
function recordTokenUse(tokenId: string): void {
  const now = new Date();
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  void getDb()
    .then((db) =>
      db.apiToken.updateMany({ where: { id: tokenId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] }, data: { lastUsedAt: now } }),
    )
    .catch(() => undefined);
}
