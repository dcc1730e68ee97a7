// Viewers (and editors) see the team's provider keys by name only, not their last characters.
import { describe, expect, it } from "vitest";
import { listCredentialsFor } from "@/lib/auth/credentials";
import { createCredential, deleteCredential, providerConfigForTeam } from "@/lib/data/credentials";
import { firstTeamOf } from "@/lib/data/teams";
import { testDatabases, useTestDatabase } from "../data/databases";
import { signUp } from "./session";

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");
process.env.SWARM_REQUIRE_ACCOUNTS = "1";

describe.each(testDatabases())("provider keys by role on $name", (database) => {
  useTestDatabase(database);

  it("shows the last four characters to owners only", async () => {
    const owner = await signUp("KeyOwner");
    const teamId = (await firstTeamOf(owner.userId))!;
    await createCredential(teamId, owner.userId, { provider: "openai", name: "main", apiKey: "sk-test-abcd1234WXYZ" });

    const [forOwner] = await listCredentialsFor({ teamId, role: "owner" });
    expect(forOwner).toMatchObject({ name: "main", hint: "WXYZ" });
    for (const role of ["viewer", "editor"] as const) {
      const [seen] = await listCredentialsFor({ teamId, role });
      expect(seen).toMatchObject({ name: "main", provider: "openai", hint: null });
      expect(JSON.stringify(seen)).not.toContain("WXYZ");
    }
  });

  it("gives runs a key change made here at once, though the team's opened keys are reused", async () => {
    const owner = await signUp("KeyRotator");
    const teamId = (await firstTeamOf(owner.userId))!;
    expect(await providerConfigForTeam(teamId)).toEqual({});
    const first = await createCredential(teamId, owner.userId, { provider: "openai", name: "first", apiKey: "sk-test-first0001" });
    expect(await providerConfigForTeam(teamId)).toEqual({ openai: { apiKey: "sk-test-first0001" } });
    expect(await providerConfigForTeam(teamId)).toBe(await providerConfigForTeam(teamId)); // reused, not read again
    await createCredential(teamId, owner.userId, { provider: "openai", name: "second", apiKey: "sk-test-second002" });
    expect(await providerConfigForTeam(teamId)).toEqual({ openai: { apiKey: "sk-test-second002" } });
    await deleteCredential(teamId, first.id);
    const [second] = await listCredentialsFor({ teamId, role: "owner" });
    await deleteCredential(teamId, second!.id);
    expect(await providerConfigForTeam(teamId)).toEqual({});
  });
});
