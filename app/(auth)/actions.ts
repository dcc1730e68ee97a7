"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { AccountProfile, accountsEnabled, authApiMessage, getAuth } from "@/lib/auth";
import { postCredentials } from "@/lib/auth/endpoint";
import { acceptInvitation, InvitationAcceptance } from "@/lib/auth/invitationLink";
import { AuthRefusedError } from "@/lib/auth/refusals";
import { type ActionResult, fail, fromError, invalidInput } from "@/app/_lib/action-result";

const SignInInput = z.object({ email: z.email().max(200), password: z.string().min(1).max(200) });
/** Where to go after signing in: only paths of this app (no open redirects). */
const NextPath = z
  .string()
  .regex(/^\/(?!\/)[\w\-/.?=&%]*$/)
  .catch("/flows");

/**
 * Sign-up tells that an email already has an account (README, "Teams": without a mail
 * server there is no other way to tell its owner); the limit on sign-ups keeps that slow.
 */
const ACCOUNT_EXISTS = "An account with this email already exists: sign in instead.";

function refused(error: unknown): ActionResult<never> {
  if (error instanceof AuthRefusedError && error.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") return fail(ACCOUNT_EXISTS);
  const message = authApiMessage(error);
  return message ? fail(message) : fromError(error);
}

/** Signs in through better-auth's handler, so the attempt counts against the shared rate limit. */
export async function signInAction(input: z.input<typeof SignInInput> & { next?: string }): Promise<ActionResult<never>> {
  const parsed = SignInInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    await postCredentials("/sign-in/email", parsed.data, await headers(), await cookies());
  } catch (error) {
    return refused(error);
  }
  redirect(NextPath.parse(input.next));
}

export async function signUpAction(input: z.input<typeof AccountProfile> & { next?: string }): Promise<ActionResult<never>> {
  const parsed = AccountProfile.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  if (!(await accountsEnabled())) return fail("Accounts are off: this server runs in single-user mode. Turn them on in Settings.");
  try {
    await postCredentials("/sign-up/email", parsed.data, await headers(), await cookies());
  } catch (error) {
    return refused(error);
  }
  redirect(NextPath.parse(input.next));
}

export async function signOutAction(): Promise<void> {
  const auth = await getAuth();
  await auth.api.signOut({ headers: await headers() });
  redirect("/sign-in");
}

export async function acceptInvitationAction(input: z.input<typeof InvitationAcceptance>): Promise<ActionResult<never>> {
  const parsed = InvitationAcceptance.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    await acceptInvitation(parsed.data, await headers());
  } catch (error) {
    return refused(error);
  }
  redirect("/flows");
}
