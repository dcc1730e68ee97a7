// The better-auth instance: email + password accounts, the organization plugin as the
// product's teams (roles from ./permissions), sessions in the app's database.
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { organization } from "better-auth/plugins";
import { getDb, type Db } from "@/lib/db/client";
import { resolveDatabaseConfig } from "@/lib/db/config";
import { deriveKey, secretKey } from "@/lib/crypto";
import { createTeam, firstTeamOf } from "@/lib/data/teams";
import { accountsEnabled } from "./mode";
import { ac, roles } from "./permissions";

const INVITATION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

function buildAuth(db: Db) {
  const publicUrl = process.env.BETTER_AUTH_URL;
  return betterAuth({
    appName: "Swarm Studio",
    baseURL: publicUrl,
    // Derived from SWARM_SECRET_KEY, so one key configures every secret of the server.
    secret: deriveKey(secretKey(), "better-auth").toString("hex"),
    database: prismaAdapter(db, { provider: resolveDatabaseConfig().provider }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, autoSignIn: true },
    // Secure cookies only where the server is reached over https; a team server on a LAN
    // address over http would otherwise never keep a session.
    advanced: { useSecureCookies: publicUrl?.startsWith("https://") ?? false },
    databaseHooks: {
      user: {
        create: {
          // In single-user mode nobody signs up: the local user turns accounts on by
          // claiming the workspace (./claim.ts), so a stray request cannot lock them out.
          before: async () => ((await accountsEnabled()) ? undefined : false),
          after: async (user) => {
            await createTeam(user.id, `${user.name}'s team`);
          },
        },
      },
      session: {
        create: {
          before: async (session) => ({
            data: { ...session, activeOrganizationId: session.activeOrganizationId ?? (await firstTeamOf(session.userId)) },
          }),
        },
      },
    },
    plugins: [
      organization({
        ac,
        roles,
        creatorRole: "owner",
        invitationExpiresIn: INVITATION_LIFETIME_SECONDS,
        cancelPendingInvitationsOnReInvite: true,
      }),
      // Last, so cookies set by auth.api calls inside Server Actions reach the browser.
      nextCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof buildAuth>;

// One auth instance per database client (a server has one; tests open several), kept
// on globalThis so Next.js dev reloads reuse it.
const holder = globalThis as typeof globalThis & { __swarmStudioAuth?: WeakMap<Db, Auth> };

/** The auth instance of the configured database, built once it is migrated. */
export async function getAuth(): Promise<Auth> {
  const db = await getDb();
  const instances = (holder.__swarmStudioAuth ??= new WeakMap());
  let auth = instances.get(db);
  if (!auth) {
    auth = buildAuth(db);
    instances.set(db, auth);
  }
  return auth;
}
