import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NotFoundError } from "@/lib/data/errors";
import { openSharedRun } from "@/lib/data/shareLinks";
import { SharedRunTimeline } from "./shared-run-timeline";
import "@/app/runs/_components/runs.css";
import { RevokedShareLink } from "../../revoked";
import { versionLabel } from "@/lib/flows/versionLabel";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Shared run", robots: { index: false, follow: false }, referrer: "no-referrer" };

type Props = { params: Promise<{ token: string; runId: string }> };

async function open(token: string, runId: string) {
  try {
    return await openSharedRun(token, runId);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

/** A shared flow's run as a timeline, read-only, signed out. */
export default async function SharedRunPage({ params }: Props) {
  const { token, runId } = await params;
  const shared = await open(decodeURIComponent(token), runId);
  if (shared.status === "revoked") return <RevokedShareLink />;
  return (
    <div className="page stack" style={{ maxWidth: 1600 }}>
      <div className="page-header">
        <div>
          <h1>
            Run of {shared.flowName} <span className="badge">read-only</span>
          </h1>
          <p>
            {versionLabel(shared.run.versionNumber)} · {shared.run.status} · started {shared.run.createdAt.toISOString().slice(0, 16).replace("T", " ")} ·{" "}
            <Link href={`/share/${token}`}>back to the flow</Link>
          </p>
        </div>
      </div>
      <SharedRunTimeline nodes={shared.nodes} />
    </div>
  );
}
