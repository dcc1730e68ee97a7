import { describe, expect, it } from "vitest";
import { seedDemoFlows } from "@/lib/data/demoFlows.ts";
import { ValidationError } from "@/lib/data/errors.ts";
import { deleteFlow, listFlows } from "@/lib/data/flows.ts";
import { getLocalWorkspace } from "@/lib/data/workspace.ts";
import { getDb } from "@/lib/db/client.ts";
import { createTeam } from "@/lib/data/teams.ts";
import { demoFlows } from "@/lib/demo/flows";
import { testDatabases, useTestDatabase } from "./databases.ts";
import { createUserWithTeam } from "./fixtures.ts";

const DEMOS = [
  { name: "Triage desk", description: "handoff", document: "swarm: { type: handoff, flow: triage }\n" },
  { name: "Research", description: "workflow", document: "swarm: { flow: a >> b }\n" },
];

describe.each(testDatabases())("workspace and demo flows on $name", (database) => {
  useTestDatabase(database);

  it("creates the local user as owner of the personal team, once, even when asked concurrently", async () => {
    const results = await Promise.all([getLocalWorkspace(), getLocalWorkspace(), getLocalWorkspace()]);
    expect(new Set(results.map((workspace) => JSON.stringify(workspace))).size).toBe(1);
    expect(await getLocalWorkspace()).toEqual(results[0]);

    const db = await getDb();
    const { userId, teamId } = results[0]!;
    expect(await db.user.findUniqueOrThrow({ where: { id: userId } })).toMatchObject({
      name: "Local user",
      email: "local@swarm-studio.local",
    });
    expect(await db.organization.findUniqueOrThrow({ where: { id: teamId } })).toMatchObject({
      name: "My team",
      slug: "personal",
    });
    const members = await db.member.findMany({ where: { organizationId: teamId } });
    expect(members.map((member) => [member.userId, member.role])).toEqual([[userId, "owner"]]);
  });

  it("starts every new team with the demo flows, seeded where the team is made (once)", async () => {
    const { teamId } = await getLocalWorkspace();
    expect((await listFlows(teamId)).map((flow) => flow.name).sort()).toEqual(demoFlows.map((flow) => flow.name).sort());
    const { userId } = await getLocalWorkspace();
    const other = await createTeam(userId, "Second team");
    expect(await listFlows(other.id)).toHaveLength(demoFlows.length);
    expect(await listFlows(teamId)).toHaveLength(demoFlows.length); // not seeded again
  });

  it("seeds the demo flows once per team, and a deleted demo stays deleted", async () => {
    const { userId, teamId } = await createUserWithTeam("kim");
    expect(await seedDemoFlows(teamId, userId, DEMOS)).toBe(true);
    const seeded = await listFlows(teamId);
    expect(seeded.map((flow) => flow.name).sort()).toEqual(["Research", "Triage desk"]);

    await deleteFlow(teamId, seeded[0]!.id);
    expect(await seedDemoFlows(teamId, userId, DEMOS)).toBe(false);
    expect(await listFlows(teamId)).toHaveLength(1);
  });

  it("seeds each team separately and only once under concurrent calls", async () => {
    const a = await createUserWithTeam("lou");
    const b = await createUserWithTeam("max");
    const outcomes = await Promise.all([
      seedDemoFlows(a.teamId, a.userId, DEMOS),
      seedDemoFlows(a.teamId, a.userId, DEMOS),
      seedDemoFlows(b.teamId, b.userId, DEMOS),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(2);
    expect(await listFlows(a.teamId)).toHaveLength(2);
    expect(await listFlows(b.teamId)).toHaveLength(2);
  });

  it("validates demo documents before writing anything", async () => {
    const { userId, teamId } = await createUserWithTeam("ned");
    await expect(seedDemoFlows(teamId, userId, [{ name: "", description: "", document: "" }])).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(await seedDemoFlows(teamId, userId, DEMOS)).toBe(true);
  });
});
