import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsEnabled, claimLocalWorkspace, getAuth, resolveWorkspace } from "@/lib/auth";
import { getLocalWorkspace, listFlows, createFlow } from "@/lib/data";
import { createTeam, listTeamsOf, roleIn, TEAM_NAME_MAX, teamSlug } from "@/lib/data/teams";
import { getDb } from "@/lib/db/client";
import { testDatabases, useTestDatabase } from "../data/databases";
import { signIn, signUp, signUpNamed } from "./session";

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");

describe.each(testDatabases())("single-user mode and accounts on $name", (database) => {
  useTestDatabase(database);

  it("acts as the local owner with no session while accounts are off, and refuses sign-ups", async () => {
    const workspace = await resolveWorkspace(new Headers());
    expect(workspace).toMatchObject({ ...(await getLocalWorkspace()), role: "owner", mode: "single-user" });
    const auth = await getAuth();
    await expect(auth.api.signUpEmail({ body: { name: "Mallory", email: "m@example.test", password: "password123" } })).rejects.toThrow();
    expect(await accountsEnabled()).toBe(false);
  });

  it("turns accounts on by claiming the local workspace, keeping its flows", async () => {
    const local = await getLocalWorkspace();
    await createFlow(local.teamId, local.userId, { name: "Kept", document: "swarm: { flow: a }\n" });
    await claimLocalWorkspace({ name: "Ada", email: "ada@example.test", password: "correct horse" }, new Headers());
    expect(await accountsEnabled()).toBe(true);

    expect(await resolveWorkspace(new Headers())).toBeNull();
    const ada = await resolveWorkspace(await signIn("ada@example.test", "correct horse"));
    expect(ada).toMatchObject({ userId: local.userId, teamId: local.teamId, role: "owner", mode: "accounts" });
    expect((await listFlows(local.teamId)).map((flow) => flow.name)).toContain("Kept");
    await expect(claimLocalWorkspace({ name: "Eve", email: "eve@example.test", password: "password123" }, new Headers())).rejects.toThrow(
      /already on/,
    );
  });

  it("gives a new account its own personal team as the active one", async () => {
    const bob = await signUp("Bob");
    const workspace = await resolveWorkspace(bob.headers);
    expect(workspace).toMatchObject({ userId: bob.userId, role: "owner", mode: "accounts" });
    expect(workspace!.teamId).not.toBe((await getLocalWorkspace()).teamId);
  });
});

describe.each(testDatabases())("account names and personal teams on $name", (database) => {
  useTestDatabase(database);
  beforeAll(() => {
    process.env.SWARM_REQUIRE_ACCOUNTS = "1";
  });
  afterAll(() => {
    delete process.env.SWARM_REQUIRE_ACCOUNTS;
  });

  it.each([74, 80])("gives a %i-character name a working account with a personal team", async (length) => {
    const name = `${"N".repeat(length - 1)}x`;
    const user = await signUpNamed(name);
    const workspace = await resolveWorkspace(user.headers);
    expect(workspace).toMatchObject({ userId: user.userId, role: "owner", mode: "accounts" });
    const [team] = await listTeamsOf(user.userId);
    expect(team!.name.length).toBeLessThanOrEqual(TEAM_NAME_MAX);
    expect(team!.name).toBe(`${name.slice(0, TEAM_NAME_MAX - "'s team".length)}'s team`);
  });

  it("refuses a name over 80 characters on the HTTP API before any row is written", async () => {
    const email = `long-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const auth = await getAuth();
    const response = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": "198.51.100.80" },
        body: JSON.stringify({ name: "L".repeat(81), email, password: "password123" }),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "A name has at most 80 characters" });
    const db = await getDb();
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("makes teams through one service with one set of name and slug rules", async () => {
    const owner = await signUp("Slugger");
    const team = await createTeam(owner.userId, "  --Data & Ops-- ");
    expect(team.name).toBe("--Data & Ops--");
    const db = await getDb();
    const { slug } = await db.organization.findUniqueOrThrow({ where: { id: team.id }, select: { slug: true } });
    expect(slug).toMatch(/^data-ops-[0-9a-f]{8}$/);
    expect(teamSlug("!!!")).toMatch(/^team-[0-9a-f]{8}$/);
    await expect(createTeam(owner.userId, "T".repeat(81))).rejects.toThrow(/at most 80 characters/);
    expect(await roleIn(owner.userId, team.id)).toBe("owner");
  });
});
