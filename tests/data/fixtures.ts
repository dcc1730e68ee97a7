// Rows the data tests need beyond what the repositories create.
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client.ts";

/** A user owning a fresh team, as better-auth would create them. */
export async function createUserWithTeam(label: string): Promise<{ userId: string; teamId: string }> {
  const db = await getDb();
  const suffix = randomUUID().slice(0, 8);
  const user = await db.user.create({
    data: { id: randomUUID(), name: label, email: `${label}-${suffix}@example.test` },
  });
  const team = await db.organization.create({
    data: { id: randomUUID(), name: `${label}'s team`, slug: `${label}-${suffix}`, createdAt: new Date() },
  });
  await db.member.create({
    data: { id: randomUUID(), organizationId: team.id, userId: user.id, role: "owner", createdAt: new Date() },
  });
  return { userId: user.id, teamId: team.id };
}
