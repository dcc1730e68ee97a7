// Invitation links carry a secret: an HMAC of the invitation id under the server key. Only
// the link proves that its holder received the invitation, so only the link marks the
// invited email as verified, for the signed-in account that has that email and no other;
// better-auth (requireEmailVerificationOnInvitation) refuses every acceptance without it.
// Nothing is stored: the owner can show a pending invitation's link again.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { deriveKey, secretKey } from "@/lib/crypto";
import { UserError } from "@/lib/errors";
import { NotFoundError } from "@/lib/data/errors";
import { previewInvitation } from "@/lib/data/teams";
import { NotSignedInError } from "./errors";
import { getAuth } from "./server";

/** The link is not one this server made for that invitation (or the invitation is gone). */
export class InvalidInvitationLinkError extends UserError {
  override readonly name = "InvalidInvitationLinkError";
  readonly kind = "not_found" as const;
  constructor() {
    super("This invitation link is not valid. Ask the team's owner for a new one.");
  }
}

/** The link is valid, but it cannot be accepted now or by this account. */
export class InvitationRefusedError extends UserError {
  override readonly name = "InvitationRefusedError";
  readonly kind = "forbidden" as const;
}

export const InvitationAcceptance = z.object({
  invitationId: z.string().trim().min(1).max(100),
  secret: z.string().trim().min(1, "The invitation link has no secret").max(100),
});
export type InvitationAcceptance = z.infer<typeof InvitationAcceptance>;

function secretFor(invitationId: string): Buffer {
  return createHmac("sha256", deriveKey(secretKey(), "invitation-link")).update(invitationId).digest();
}

export function invitationSecret(invitationId: string): string {
  return secretFor(invitationId).toString("base64url");
}

export function isInvitationSecret(invitationId: string, secret: string | undefined): secret is string {
  if (!secret) return false;
  const given = Buffer.from(secret, "base64url");
  const expected = secretFor(invitationId);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The path an owner sends to the invitee: `/invite/<id>?key=<secret>`. */
export function invitationPath(invitationId: string): string {
  return `/invite/${encodeURIComponent(invitationId)}?key=${invitationSecret(invitationId)}`;
}

/**
 * Accepts an invitation for the signed-in user of `requestHeaders` and makes its team the
 * active one. Checks who asks and the link's secret before anything is read or written.
 */
export async function acceptInvitation(input: InvitationAcceptance, requestHeaders: Headers): Promise<{ teamId: string }> {
  const { invitationId, secret } = InvitationAcceptance.parse(input);
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: requestHeaders });
  if (!session) throw new NotSignedInError();
  if (!isInvitationSecret(invitationId, secret)) throw new InvalidInvitationLinkError();
  const invitation = await previewInvitation(invitationId).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new InvalidInvitationLinkError() : error;
  });
  if (invitation.status !== "pending" || invitation.expiresAt <= new Date()) {
    throw new InvitationRefusedError(`This invitation is ${invitation.status === "pending" ? "expired" : invitation.status}. Ask for a new link.`);
  }
  if (session.user.email !== invitation.email.toLowerCase()) {
    throw new InvitationRefusedError(`You are signed in as ${session.user.email}; this invitation is for another address. Sign out and use that account.`);
  }
  if (!session.user.emailVerified) {
    const context = await auth.$context;
    await context.internalAdapter.updateUser(session.user.id, { emailVerified: true });
  }
  const { member } = await auth.api.acceptInvitation({ body: { invitationId }, headers: requestHeaders });
  await auth.api.setActiveOrganization({ body: { organizationId: member.organizationId }, headers: requestHeaders });
  return { teamId: member.organizationId };
}
