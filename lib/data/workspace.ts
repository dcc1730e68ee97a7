// Single-user mode: the local user and their personal team, created on first use.
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client.ts";
import { demoFlows } from "@/lib/demo/flows";
import { seedDemoFlows } from "./demoFlows.ts";
import { findOrCreate } from "./uniqueness.ts";

export interface Workspace {
  userId: string;
  teamId: string;
}

export const LOCAL_USER = { name: "Local user", email: "local@swarm-studio.local" } as const;
export const PERSONAL_TEAM = { name: "My team", slug: "personal" } as const;

/**
 * The local user, owner of the personal team. Idempotent and safe when called
 * concurrently (each row is found or created against a unique key).
 */
export async function getLocalWorkspace(): Promise<Workspace> {
  const db = await getDb();
  const user = await findOrCreate(
    () => db.user.findUnique({ where: { email: LOCAL_USER.email } }),
    () => db.user.create({ data: { id: randomUUID(), ...LOCAL_USER, emailVerified: true } }),
  );
  const team = await findOrCreate(
    () => db.organization.findUnique({ where: { slug: PERSONAL_TEAM.slug } }),
    async () => {
      const created = await db.organization.create({ data: { id: randomUUID(), ...PERSONAL_TEAM, createdAt: new Date() } });
      // A new workspace starts with the demo flows (once: a deleted demo stays deleted).
      await seedDemoFlows(created.id, user.id, [...demoFlows]);
      return created;
    },
  );
  await findOrCreate(
    () => db.member.findUnique({ where: { organizationId_userId: { organizationId: team.id, userId: user.id } } }),
    () =>
      db.member.create({
        data: { id: randomUUID(), organizationId: team.id, userId: user.id, role: "owner", createdAt: new Date() },
      }),
  );
  return { userId: user.id, teamId: team.id };
}
