"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { AccountProfile, accountsEnabled, authApiMessage, getAuth } from "@/lib/auth";
import { type ActionResult, fail, fromError, invalidInput } from "@/app/_lib/action-result";

const SignInInput = z.object({ email: z.email().max(200), password: z.string().min(1).max(200) });
/** Where to go after signing in: only paths of this app (no open redirects). */
const NextPath = z
  .string()
  .regex(/^\/(?!\/)[\w\-/.?=&%]*$/)
  .catch("/flows");

async function refusedOrThrown(error: unknown): Promise<ActionResult<never>> {
  return fail(authApiMessage(error) ?? fromError(error).error);
}

export async function signInAction(input: z.input<typeof SignInInput> & { next?: string }): Promise<ActionResult<never>> {
  const parsed = SignInInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const auth = await getAuth();
    await auth.api.signInEmail({ body: parsed.data, headers: await headers() });
  } catch (error) {
    return refusedOrThrown(error);
  }
  redirect(NextPath.parse(input.next));
}

export async function signUpAction(input: z.input<typeof AccountProfile> & { next?: string }): Promise<ActionResult<never>> {
  const parsed = AccountProfile.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  if (!(await accountsEnabled())) return fail("Accounts are off: this server runs in single-user mode. Turn them on in Settings.");
  try {
    const auth = await getAuth();
    await auth.api.signUpEmail({ body: parsed.data, headers: await headers() });
  } catch (error) {
    return refusedOrThrown(error);
  }
  redirect(NextPath.parse(input.next));
}

export async function signOutAction(): Promise<void> {
  const auth = await getAuth();
  await auth.api.signOut({ headers: await headers() });
  redirect("/sign-in");
}

const AcceptInput = z.object({ invitationId: z.string().min(1).max(100) });

export async function acceptInvitationAction(input: z.input<typeof AcceptInput>): Promise<ActionResult<never>> {
  const parsed = AcceptInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const auth = await getAuth();
    const requestHeaders = await headers();
    const { member } = await auth.api.acceptInvitation({ body: parsed.data, headers: requestHeaders });
    await auth.api.setActiveOrganization({ body: { organizationId: member.organizationId }, headers: requestHeaders });
  } catch (error) {
    return refusedOrThrown(error);
  }
  redirect("/flows");
}
