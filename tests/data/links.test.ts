import { describe, expect, it } from "vitest";
import { createFlow } from "@/lib/data";
import { authenticateApiToken, createApiToken, revokeApiToken } from "@/lib/data/apiTokens";
import { createRun } from "@/lib/data/runs";
import { createShareLink, openShareLink, openSharedRun, revokeShareLink } from "@/lib/data/shareLinks";
import { getDb } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto";
import { testDatabases, useTestDatabase } from "./databases";
import { createUserWithTeam } from "./fixtures";

describe.each(testDatabases())("API tokens and share links on $name", (database) => {
  useTestDatabase(database);

  it("stores only a token's hash, authenticates it until revoked", async () => {
    const { userId, teamId } = await createUserWithTeam("ana");
    const { token, summary } = await createApiToken(teamId, userId, "ci");
    const db = await getDb();
    const row = await db.apiToken.findUniqueOrThrow({ where: { id: summary.id } });
    expect(row.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await authenticateApiToken(`Bearer ${token}`)).toEqual({ teamId, tokenId: summary.id });
    expect(await authenticateApiToken(`Bearer ${token}x`)).toBeNull();
    await revokeApiToken(teamId, summary.id);
    expect(await authenticateApiToken(`Bearer ${token}`)).toBeNull();
  });

  it("opens a share link read-only until revoked, and only from its own team's revoke", async () => {
    const owner = await createUserWithTeam("ben");
    const other = await createUserWithTeam("cy");
    const flow = await createFlow(owner.teamId, owner.userId, { name: "Shared", document: "swarm: { flow: a }\n" });
    const { token, summary } = await createShareLink(owner.teamId, owner.userId, flow.id, { includeRuns: false });
    expect(await openShareLink(token)).toMatchObject({ status: "active", flow: { name: "Shared", document: "swarm: { flow: a }\n", runs: null } });
    await expect(revokeShareLink(other.teamId, summary.id)).rejects.toThrow(/not found/);
    await expect(createShareLink(other.teamId, other.userId, flow.id, { includeRuns: false })).rejects.toThrow(/not found/);
    await revokeShareLink(owner.teamId, summary.id);
    expect(await openShareLink(token)).toEqual({ status: "revoked" });
    await expect(openShareLink("shr_unknown")).rejects.toThrow(/not found/);
  });

  it("opens a shared run's timeline only through a link that shares runs, and only a run of that flow", async () => {
    const owner = await createUserWithTeam("dee");
    const flow = await createFlow(owner.teamId, owner.userId, { name: "Shared runs", document: "swarm: { flow: a }\n" });
    const otherFlow = await createFlow(owner.teamId, owner.userId, { name: "Not shared", document: "swarm: { flow: a }\n" });
    const { run } = await createRun(owner.teamId, owner.userId, { flowId: flow.id, input: "hi" });
    const { run: otherRun } = await createRun(owner.teamId, owner.userId, { flowId: otherFlow.id, input: "hi" });
    const withRuns = await createShareLink(owner.teamId, owner.userId, flow.id, { includeRuns: true });
    const flowOnly = await createShareLink(owner.teamId, owner.userId, flow.id, { includeRuns: false });
    expect(await openSharedRun(withRuns.token, run.id)).toMatchObject({ status: "active", flowName: "Shared runs", run: { id: run.id }, nodes: [] });
    await expect(openSharedRun(withRuns.token, otherRun.id)).rejects.toThrow(/not found/);
    await expect(openSharedRun(flowOnly.token, run.id)).rejects.toThrow(/not found/);
    await revokeShareLink(owner.teamId, withRuns.summary.id);
    expect(await openSharedRun(withRuns.token, run.id)).toEqual({ status: "revoked" });
  });
});
