import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getAuth } from "@/lib/auth";
import { NotFoundError } from "@/lib/data/errors";
import { previewInvitation } from "@/lib/data/teams";
import styles from "../../auth.module.css";
import { AcceptInvitationButton } from "./accept-button";

export const metadata: Metadata = { title: "Invitation" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

async function loadInvitation(id: string) {
  try {
    return await previewInvitation(id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

/** The page an invitation link opens: who invites you where, then sign up or accept. */
export default async function InvitationPage({ params }: Props) {
  const { id } = await params;
  const invitation = await loadInvitation(id);
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: await headers() });
  const here = `/invite/${id}`;
  const usable = invitation.status === "pending" && invitation.expiresAt > new Date();

  return (
    <div className={`card ${styles.box}`}>
      <h1>Join {invitation.teamName}</h1>
      <p>
        {invitation.inviterName} invited <strong>{invitation.email}</strong> to the team as <strong>{invitation.role}</strong>.
      </p>
      {!usable ? (
        <div className="alert error" role="alert">
          This invitation is {invitation.status === "pending" ? "expired" : invitation.status}. Ask for a new link.
        </div>
      ) : !session ? (
        <>
          <Link className="button primary" href={`/sign-up?email=${encodeURIComponent(invitation.email)}&next=${encodeURIComponent(here)}`}>
            Create an account as {invitation.email}
          </Link>
          <p>
            Already have one? <Link href={`/sign-in?next=${encodeURIComponent(here)}`}>Sign in</Link>
          </p>
        </>
      ) : session.user.email !== invitation.email.toLowerCase() ? (
        <div className="alert error" role="alert">
          You are signed in as {session.user.email}; this invitation is for {invitation.email}. Sign out and use that account.
        </div>
      ) : (
        <AcceptInvitationButton invitationId={invitation.id} />
      )}
    </div>
  );
}
