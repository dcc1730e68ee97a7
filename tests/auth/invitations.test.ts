// An invitation is accepted with the secret of its link, never by merely owning an account
// with the invited email.
import { describe, expect, it } from "vitest";
import { getAuth } from "@/lib/auth";
import { acceptInvitation, invitationPath, invitationSecret, isInvitationSecret } from "@/lib/auth/invitationLink";
import { firstTeamOf, roleIn } from "@/lib/data/teams";
import { getDb } from "@/lib/db/client";
import { testDatabases, useTestDatabase } from "../data/databases";
import { signUp, signUpNamed } from "./session";

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");
process.env.SWARM_REQUIRE_ACCOUNTS = "1";

async function invite(email: string) {
  const owner = await signUp("Owner");
  const teamId = (await firstTeamOf(owner.userId))!;
  const auth = await getAuth();
  const invitation = await auth.api.createInvitation({ body: { email, role: "editor", organizationId: teamId }, headers: owner.headers });
  return { teamId, invitationId: invitation.id };
}

async function emailVerified(userId: string): Promise<boolean> {
  const db = await getDb();
  return (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { emailVerified: true } })).emailVerified;
}

async function httpAs(headers: Headers, path: string, body?: object): Promise<number> {
  const auth = await getAuth();
  const request = new Request(`http://localhost:3000/api/auth${path}`, {
    method: body ? "POST" : "GET",
    headers: { ...Object.fromEntries(headers), "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": "192.0.2.44" },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await auth.handler(request)).status;
}

describe.each(testDatabases())("invitation links on $name", (database) => {
  useTestDatabase(database);

  it("lets no one join by signing up with the invited email, and lets the link's holder join", async () => {
    const email = `invitee-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const { teamId, invitationId } = await invite(email);
    const claimant = await signUpNamed("Claimant", email);

    // Without the link's secret: not through the app, not through better-auth's API or HTTP routes.
    await expect(acceptInvitation({ invitationId, secret: "guessed" }, claimant.headers)).rejects.toThrow(/invitation link is not valid/);
    const auth = await getAuth();
    await expect(auth.api.acceptInvitation({ body: { invitationId }, headers: claimant.headers })).rejects.toThrow(/verif/i);
    expect(await httpAs(claimant.headers, "/organization/accept-invitation", { invitationId })).toBe(403);
    expect(await httpAs(claimant.headers, "/organization/list-user-invitations")).toBe(404);
    expect(await httpAs(claimant.headers, `/organization/get-invitation?id=${invitationId}`)).toBe(404);
    expect(await roleIn(claimant.userId, teamId)).toBeNull();
    expect(await emailVerified(claimant.userId)).toBe(false);

    // The link's secret verifies this email for this account, and the account joins.
    const path = invitationPath(invitationId);
    const secret = new URL(path, "http://x").searchParams.get("key")!;
    expect(await acceptInvitation({ invitationId, secret }, claimant.headers)).toEqual({ teamId });
    expect(await roleIn(claimant.userId, teamId)).toBe("editor");
    expect(await emailVerified(claimant.userId)).toBe(true);
  });

  it("does not let the link work for an account with another email, nor verify that account", async () => {
    const email = `invitee-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const { teamId, invitationId } = await invite(email);
    const other = await signUp("Other");
    await expect(acceptInvitation({ invitationId, secret: invitationSecret(invitationId) }, other.headers)).rejects.toThrow(
      /this invitation is for another address/,
    );
    expect(await roleIn(other.userId, teamId)).toBeNull();
    expect(await emailVerified(other.userId)).toBe(false);
    await expect(acceptInvitation({ invitationId, secret: invitationSecret(invitationId) }, new Headers())).rejects.toThrow(/Sign in/);
  });

  it("derives the secret from the invitation id and the server key", () => {
    const secret = invitationSecret("inv-1");
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(isInvitationSecret("inv-1", secret)).toBe(true);
    expect(isInvitationSecret("inv-2", secret)).toBe(false);
    expect(isInvitationSecret("inv-1", `${secret.startsWith("A") ? "B" : "A"}${secret.slice(1)}`)).toBe(false);
    expect(isInvitationSecret("inv-1", undefined)).toBe(false);
    expect(isInvitationSecret("inv-1", "short")).toBe(false);
  });
});
