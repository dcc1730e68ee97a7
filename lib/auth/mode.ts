// Single-user mode or accounts: accounts are on once the first password account exists
// (the local user claimed the workspace to invite someone) or when SWARM_REQUIRE_ACCOUNTS=1.
import { getDb, type Db } from "@/lib/db/client";

export type AccountsMode = "single-user" | "accounts";

// Only "on" is remembered, per database: accounts are never turned off again.
const knownOn = new WeakSet<Db>();

export function accountsRequiredByEnv(env: Record<string, string | undefined> = process.env): boolean {
  return env.SWARM_REQUIRE_ACCOUNTS === "1";
}

export async function accountsEnabled(): Promise<boolean> {
  if (accountsRequiredByEnv()) return true;
  const db = await getDb();
  if (knownOn.has(db)) return true;
  const on = (await db.account.findFirst({ where: { providerId: "credential" }, select: { id: true } })) !== null;
  if (on) knownOn.add(db);
  return on;
}

export async function accountsMode(): Promise<AccountsMode> {
  return (await accountsEnabled()) ? "accounts" : "single-user";
}

/** Called right after the local workspace was claimed, so this process switches at once. */
export async function markAccountsEnabled(): Promise<void> {
  knownOn.add(await getDb());
}
