import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsEnabled, claimLocalWorkspace, getAuth, resolveWorkspace } from "@/lib/auth";
import { getLocalWorkspace, listFlows, createFlow } from "@/lib/data";
import { testDatabases, useTestDatabase } from "../data/databases";
import { signIn, signUp } from "./session";

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
