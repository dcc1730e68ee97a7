// Single-user mode or accounts: accounts are on once the first password account exists
// (the local user claimed the workspace to invite someone) or when SWARM_REQUIRE_ACCOUNTS=1.
import { getDb } from "@/lib/db/client";

export type AccountsMode = "single-user" | "accounts";

// Only "on" is remembered: accounts are never turned off again.
let knownOn = false;

export function accountsRequiredByEnv(env: Record<string, string | undefined> = process.env): boolean {
  return env.SWARM_REQUIRE_ACCOUNTS === "1";
}

export async function accountsEnabled(): Promise<boolean> {
  if (knownOn || accountsRequiredByEnv()) return true;
  const db = await getDb();
  knownOn = (await db.account.findFirst({ where: { providerId: "credential" }, select: { id: true } })) !== null;
  return knownOn;
}

export async function accountsMode(): Promise<AccountsMode> {
  return (await accountsEnabled()) ? "accounts" : "single-user";
}

/** Called right after the local workspace was claimed, so this process switches at once. */
export function markAccountsEnabled(): void {
  knownOn = true;
}
