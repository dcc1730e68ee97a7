// The better-auth instance: email + password accounts, the organization plugin as the
// product's teams (roles from ./permissions), sessions in the app's database.
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { APIError } from "better-auth/api";
import { organization } from "better-auth/plugins";
import { getDb, type Db } from "@/lib/db/client";
import { resolveDatabaseConfig } from "@/lib/db/config";
import { deriveKey, secretKey } from "@/lib/crypto";
import { createPersonalTeam, deleteUnfinishedUser, firstTeamOf } from "@/lib/data/teams";
import { accountsEnabled } from "./mode";
import { ac, roles } from "./permissions";
import { DisplayName } from "./profile";

const INVITATION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/**
 * Password guessing and account creation: at most `max` attempts per client address and
 * endpoint, each within `window` seconds of the last allowed one; then every attempt (the
 * right password too) is refused until `window` seconds have passed. The HTTP API and the
 * sign-in/sign-up forms share these counters (./endpoint.ts sends the forms through the
 * same handler).
 */
export const CREDENTIAL_RATE_LIMIT = { window: 60, max: 5 } as const;

/** A display name as DisplayName allows it, or better-auth's 400 with the reason. */
function checkedName(name: unknown): string {
  const parsed = DisplayName.safeParse(name);
  if (!parsed.success) throw new APIError("BAD_REQUEST", { message: parsed.error.issues[0]?.message ?? "Invalid name" });
  return parsed.data;
}

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
    // On in every environment (better-auth's default is production only). The client
    // address is X-Forwarded-For as scripts/server.mjs rewrites it from the connection and
    // SWARM_TRUSTED_PROXIES; a client cannot choose it.
    rateLimit: {
      enabled: true,
      storage: "memory",
      customRules: { "/sign-in/*": CREDENTIAL_RATE_LIMIT, "/sign-up/*": CREDENTIAL_RATE_LIMIT },
    },
    // The app reads invitations itself (lib/data/teams.ts) and accepts them with the link's
    // secret (./invitationLink.ts); these two would show them to anyone with the email.
    disabledPaths: ["/organization/get-invitation", "/organization/list-user-invitations"],
    databaseHooks: {
      user: {
        create: {
          // In single-user mode nobody signs up: the local user turns accounts on by
          // claiming the workspace (./claim.ts), so a stray request cannot lock them out.
          // The name is checked before the row exists, on every path (form or HTTP API).
          before: async (user) => {
            if (!(await accountsEnabled())) return false;
            return { data: { ...user, name: checkedName(user.name) } };
          },
          // The personal team; if it cannot be made, the user goes too: no account is
          // ever left without a team (every page would fail for it).
          after: async (user) => {
            try {
              await createPersonalTeam(user.id, user.name);
            } catch (error) {
              await deleteUnfinishedUser(user.id);
              throw error;
            }
          },
        },
        update: {
          before: async (user) => ("name" in user ? { data: { ...user, name: checkedName(user.name) } } : undefined),
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
        // Accepting (or rejecting) needs a verified email, and only the invitation link's
        // secret verifies one (./invitationLink.ts): an account merely signed up with the
        // invited address cannot join.
        requireEmailVerificationOnInvitation: true,
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
