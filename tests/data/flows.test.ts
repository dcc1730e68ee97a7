import { describe, expect, it } from "vitest";
import { NotFoundError, ValidationError, VersionConflictError } from "@/lib/data/errors.ts";
import {
  createFlow,
  deleteFlow,
  getFlow,
  getVersion,
  listFlows,
  listVersions,
  renameFlow,
  saveFlowVersion,
} from "@/lib/data/flows.ts";
import { MAX_DOCUMENT_BYTES } from "@/lib/data/limits.ts";
import { testDatabases, useTestDatabase } from "./databases.ts";
import { createUserWithTeam } from "./fixtures.ts";

const DOC = "agents:\n  a: { model: 'mock:echo' }\nswarm: { flow: a }\n";

describe.each(testDatabases())("flows on $name", (database) => {
  useTestDatabase(database);

  it("creates a flow with version 1 and reads it back", async () => {
    const { userId, teamId } = await createUserWithTeam("ada");
    const created = await createFlow(teamId, userId, { name: "  Triage  ", document: DOC, description: "desk" });
    expect(created).toMatchObject({
      teamId,
      name: "Triage",
      description: "desk",
      latestVersion: { number: 1, document: DOC, authorId: userId, authorName: "ada" },
    });
    expect(await getFlow(teamId, created.id)).toEqual(created);
  });

  it("lists a team's flows newest first with version counts", async () => {
    const { userId, teamId } = await createUserWithTeam("bob");
    const first = await createFlow(teamId, userId, { name: "First", document: DOC });
    const second = await createFlow(teamId, userId, { name: "Second", document: DOC });
    await saveFlowVersion(teamId, userId, first.id, { document: `${DOC}# v2\n`, baseVersion: 1 });

    const flows = await listFlows(teamId);
    expect(flows.map((flow) => [flow.name, flow.latestVersion, flow.versionCount])).toEqual([
      ["First", 2, 2],
      ["Second", 1, 1],
    ]);
    expect(flows[1]).toEqual({
      id: second.id,
      name: "Second",
      description: "",
      updatedAt: second.updatedAt,
      latestVersion: 1,
      versionCount: 1,
    });
  });

  it("saves versions in order and reads any of them", async () => {
    const { userId, teamId } = await createUserWithTeam("cy");
    const flow = await createFlow(teamId, userId, { name: "Pipeline", document: DOC });
    const v2 = await saveFlowVersion(teamId, userId, flow.id, { document: "v2", baseVersion: 1, message: " tweak " });
    const v3 = await saveFlowVersion(teamId, userId, flow.id, { document: "v3", baseVersion: 2 });
    expect([v2.number, v2.message, v3.number, v3.message]).toEqual([2, "tweak", 3, ""]);

    expect((await listVersions(teamId, flow.id)).map((version) => version.number)).toEqual([3, 2, 1]);
    expect((await getVersion(teamId, flow.id, 2)).document).toBe("v2");
    expect((await getFlow(teamId, flow.id)).latestVersion).toMatchObject({ number: 3, document: "v3" });
    await expect(getVersion(teamId, flow.id, 4)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses a save based on an old version and writes nothing", async () => {
    const { userId, teamId } = await createUserWithTeam("dee");
    const flow = await createFlow(teamId, userId, { name: "Shared", document: DOC });
    await saveFlowVersion(teamId, userId, flow.id, { document: "theirs", baseVersion: 1 });

    const error = await saveFlowVersion(teamId, userId, flow.id, { document: "mine", baseVersion: 1 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(VersionConflictError);
    expect(error).toMatchObject({ baseVersion: 1, latestVersion: 2 });
    expect((await getFlow(teamId, flow.id)).latestVersion.document).toBe("theirs");
    expect(await listVersions(teamId, flow.id)).toHaveLength(2);
  });

  it("lets exactly one of two concurrent saves on the same base win", async () => {
    const { userId, teamId } = await createUserWithTeam("eve");
    const flow = await createFlow(teamId, userId, { name: "Race", document: DOC });
    const results = await Promise.allSettled(
      ["left", "right"].map((document) => saveFlowVersion(teamId, userId, flow.id, { document, baseVersion: 1 })),
    );

    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result) => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
    const winner = (won[0] as PromiseFulfilledResult<{ document: string }>).value.document;
    expect((await getFlow(teamId, flow.id)).latestVersion).toMatchObject({ number: 2, document: winner });
  });

  it("keeps teams apart: another team's flow does not exist for them", async () => {
    const a = await createUserWithTeam("ann");
    const b = await createUserWithTeam("ben");
    const flow = await createFlow(a.teamId, a.userId, { name: "Secret", document: DOC });

    await expect(getFlow(b.teamId, flow.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listVersions(b.teamId, flow.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getVersion(b.teamId, flow.id, 1)).rejects.toBeInstanceOf(NotFoundError);
    await expect(renameFlow(b.teamId, flow.id, "Mine now")).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      saveFlowVersion(b.teamId, b.userId, flow.id, { document: "x", baseVersion: 1 }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteFlow(b.teamId, flow.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await listFlows(b.teamId)).toEqual([]);

    const untouched = await getFlow(a.teamId, flow.id);
    expect([untouched.name, untouched.latestVersion.number]).toEqual(["Secret", 1]);
  });

  it("hides a deleted flow everywhere", async () => {
    const { userId, teamId } = await createUserWithTeam("fay");
    const flow = await createFlow(teamId, userId, { name: "Gone", document: DOC });
    await deleteFlow(teamId, flow.id);

    expect(await listFlows(teamId)).toEqual([]);
    await expect(getFlow(teamId, flow.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getVersion(teamId, flow.id, 1)).rejects.toBeInstanceOf(NotFoundError);
    await expect(renameFlow(teamId, flow.id, "Back")).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      saveFlowVersion(teamId, userId, flow.id, { document: "x", baseVersion: 1 }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteFlow(teamId, flow.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("renames with the same rules as create", async () => {
    const { userId, teamId } = await createUserWithTeam("gus");
    const flow = await createFlow(teamId, userId, { name: "Old", document: DOC });
    expect(await renameFlow(teamId, flow.id, "  New name ")).toMatchObject({ id: flow.id, name: "New name" });
    await expect(renameFlow(teamId, flow.id, "   ")).rejects.toBeInstanceOf(ValidationError);
    await expect(renameFlow(teamId, flow.id, "x".repeat(121))).rejects.toBeInstanceOf(ValidationError);
    expect((await getFlow(teamId, flow.id)).name).toBe("New name");
  });

  it("accepts a document of exactly 1 MiB and refuses one byte more", async () => {
    const { userId, teamId } = await createUserWithTeam("hal");
    // "é" is two bytes in UTF-8: the limit is on bytes, not characters.
    const atLimit = "é".repeat(MAX_DOCUMENT_BYTES / 2);
    const flow = await createFlow(teamId, userId, { name: "Big", document: atLimit });
    expect((await getFlow(teamId, flow.id)).latestVersion.document).toHaveLength(MAX_DOCUMENT_BYTES / 2);

    const tooBig = `${atLimit}x`;
    await expect(createFlow(teamId, userId, { name: "Bigger", document: tooBig })).rejects.toThrow(/1 MiB/);
    await expect(
      saveFlowVersion(teamId, userId, flow.id, { document: tooBig, baseVersion: 1 }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(await listVersions(teamId, flow.id)).toHaveLength(1);
  });

  it("reports every invalid field of an input", async () => {
    const { userId, teamId } = await createUserWithTeam("ivy");
    const error = await createFlow(teamId, userId, { name: "", document: 42 as unknown as string }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path).sort()).toEqual(["document", "name"]);
    await expect(
      saveFlowVersion(teamId, userId, "some-flow", { document: DOC, baseVersion: 0 }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it("treats an unknown flow id as not found", async () => {
    const { teamId } = await createUserWithTeam("jo");
    await expect(getFlow(teamId, "no-such-flow")).rejects.toMatchObject({ name: "NotFoundError", entity: "Flow" });
  });
});
