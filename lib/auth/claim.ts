// Turning accounts on: the local user of single-user mode becomes the first account
// (owner of the personal team, keeping every flow and run), so they can invite others.
import { getLocalWorkspace } from "@/lib/data";
import { claimLocalUser } from "@/lib/data/teams";
import { AccountsModeError } from "./errors";
import { accountsEnabled, markAccountsEnabled } from "./mode";
import { AccountProfile } from "./profile";
import { getAuth } from "./server";

/** Gives the local user a password account and signs them in (sets the session cookie). */
export async function claimLocalWorkspace(profile: AccountProfile, requestHeaders: Headers): Promise<void> {
  const { name, email, password } = AccountProfile.parse(profile);
  if (await accountsEnabled()) throw new AccountsModeError("Accounts are already on: sign in instead.");
  const { userId } = await getLocalWorkspace();
  if (!(await claimLocalUser(userId, { name, email }))) throw new AccountsModeError("Someone turned accounts on just now: sign in instead.");
  const auth = await getAuth();
  const context = await auth.$context;
  await context.internalAdapter.linkAccount({
    userId,
    providerId: "credential",
    accountId: userId,
    password: await context.password.hash(password),
  });
  await markAccountsEnabled();
  await auth.api.signInEmail({ body: { email, password }, headers: requestHeaders });
}
