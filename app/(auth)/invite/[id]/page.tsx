import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getAuth } from "@/lib/auth";
import { isInvitationSecret } from "@/lib/auth/invitationLink";
import { NotFoundError } from "@/lib/data/errors";
import { previewInvitation } from "@/lib/data/teams";
import styles from "../../auth.module.css";
import { AcceptInvitationButton } from "./accept-button";

export const metadata: Metadata = { title: "Invitation" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ key?: string | string[] }> };

async function loadInvitation(id: string) {
  try {
    return await previewInvitation(id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

/**
 * The page an invitation link opens. Signed out, it shows nothing of the invitation (not
 * even whether it exists); signed in with the link's secret, the team, inviter and role.
 */
export default async function InvitationPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { key } = await searchParams;
  const secret = typeof key === "string" ? key : undefined;
  const here = `/invite/${encodeURIComponent(id)}${secret ? `?key=${encodeURIComponent(secret)}` : ""}`;
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: await headers() });

  if (!session) {
    return (
      <div className={`card ${styles.box}`}>
        <h1>You are invited</h1>
        <p>Sign in or create an account to accept this invitation.</p>
        <Link className="button primary" href={`/sign-up?next=${encodeURIComponent(here)}`}>
          Create an account
        </Link>
        <p>
          Already have one? <Link href={`/sign-in?next=${encodeURIComponent(here)}`}>Sign in</Link>
        </p>
      </div>
    );
  }
  if (!isInvitationSecret(id, secret)) {
    return (
      <div className={`card ${styles.box}`}>
        <h1>Invitation</h1>
        <div className="alert error" role="alert">
          This invitation link is not valid. Ask the team&apos;s owner for a new one.
        </div>
      </div>
    );
  }

  const invitation = await loadInvitation(id);
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
      ) : session.user.email !== invitation.email.toLowerCase() ? (
        <div className="alert error" role="alert">
          You are signed in as {session.user.email}; this invitation is for {invitation.email}. Sign out and use that account.
        </div>
      ) : (
        <AcceptInvitationButton invitationId={invitation.id} secret={secret} />
      )}
    </div>
  );
}
