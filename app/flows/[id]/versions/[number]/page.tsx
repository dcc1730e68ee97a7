import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { can } from "@/lib/auth/permissions";
import { VersionActions } from "../_components/version-actions";
import { forkTargets } from "@/lib/flows";
import { loadFlowPage, loadVersion } from "../_lib/load";
import styles from "../versions.module.css";

export const metadata: Metadata = { title: "Version" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string; number: string }> };

const VersionNumber = z.coerce.number().int().positive();

/** One version, read-only, with restore and fork. */
export default async function VersionPage({ params }: Props) {
  const { id, number: raw } = await params;
  const number = VersionNumber.safeParse(raw);
  if (!number.success) notFound();
  const { workspace, flow } = await loadFlowPage(id);
  const version = await loadVersion(workspace.teamId, id, number.data);
  const isNewest = version.number === flow.latestVersion.number;

  return (
    <div className="page stack">
      <div className="page-header">
        <div>
          <h1>
            {flow.name} · version {version.number} <span className="badge">read-only</span>
          </h1>
          <p>
            {version.message || "No message"} — {version.authorName ?? "unknown"}, {version.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC ·{" "}
            <Link href={`/flows/${id}/versions`}>history</Link>
            {isNewest ? null : (
              <>
                {" · "}
                <Link href={`/flows/${id}/versions/compare?from=${version.number}&to=${flow.latestVersion.number}`}>compare with newest</Link>
              </>
            )}
          </p>
        </div>
        <VersionActions
          flowId={id}
          number={version.number}
          canRestore={!isNewest && can(workspace.role, "flow", "update")}
          forkTargets={await forkTargets(workspace)}
        />
      </div>
      <pre className={`card ${styles.document}`} aria-label="Document">
        {version.document}
      </pre>
    </div>
  );
}
