// A sign-up either leaves a working account (user + personal team) or nothing.
import { describe, expect, it, vi } from "vitest";
import { signUpAction } from "@/app/(auth)/actions";
import { getAuth } from "@/lib/auth";
import * as teams from "@/lib/data/teams";
import { getDb } from "@/lib/db/client";
import { testDatabases, useTestDatabase } from "../data/databases";
import { signUp } from "./session";
import { asRequest } from "./actionRequest";

vi.mock("@/lib/data/teams", async (original) => {
  const actual = await original<typeof import("@/lib/data/teams")>();
  return { ...actual, createPersonalTeam: vi.fn(actual.createPersonalTeam) };
});

vi.mock("next/headers", async () => (await import("./actionRequest")).nextHeadersMock());
vi.mock("next/navigation", async (original) => (await import("./actionRequest")).nextNavigationMock(original));

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");
process.env.SWARM_REQUIRE_ACCOUNTS = "1";

describe.each(testDatabases())("sign-up on $name", (database) => {
  useTestDatabase(database);

  it("removes the new user again when their personal team cannot be made", async () => {
    vi.mocked(teams.createPersonalTeam).mockRejectedValueOnce(new Error("the database refused the team"));
    const email = `teamless-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const auth = await getAuth();
    await expect(auth.api.signUpEmail({ body: { name: "Teamless", email, password: "password123" } })).rejects.toThrow();
    const db = await getDb();
    expect(await db.user.count({ where: { email } })).toBe(0);

    // The same email can then sign up for real.
    const { user } = await auth.api.signUpEmail({ body: { name: "Teamless", email, password: "password123" } });
    expect(await teams.firstTeamOf(user.id)).not.toBeNull();
  });

  // README, "Teams": sign-up says that an email has an account, on purpose (no mail server).
  it("tells a sign-up that the email already has an account, in the form and on the API", async () => {
    const existing = await signUp("Existing");
    asRequest("198.51.100.10");
    expect(await signUpAction({ name: "Again", email: existing.email.toUpperCase(), password: "password123" })).toEqual({
      ok: false,
      error: "An account with this email already exists: sign in instead.",
    });
    const auth = await getAuth();
    const response = await auth.handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": "198.51.100.11" },
        body: JSON.stringify({ name: "Again", email: existing.email, password: "password123" }),
      }),
    );
    expect(response.status).toBe(422);
  });
});
