import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/auth/permissions";
import { listFlows } from "@/lib/data";
import { listShareLinks } from "@/lib/data/shareLinks";
import { currentWorkspace } from "@/app/_lib/workspace";
import { ActionButton } from "../_components/action-button";
import { ShareLinkForm } from "../_components/secret-forms";
import { datedBy, SettingsTable } from "../_components/settings-table";
import { revokeShareLinkAction } from "./actions";

export const metadata: Metadata = { title: "Share links" };

type Props = { searchParams: Promise<{ flow?: string }> };

export default async function ShareLinksPage({ searchParams }: Props) {
  const workspace = await currentWorkspace();
  const [{ flow }, links, flows] = await Promise.all([searchParams, listShareLinks(workspace.teamId), listFlows(workspace.teamId)]);
  const shares = can(workspace.role, "shareLink", "create");
  return (
    <>
      <section className="card panel stack" aria-labelledby="share-heading">
        <h2 id="share-heading">Share links</h2>
        <p className="muted">
          A share link shows a flow&apos;s newest version (and, if you choose, its runs) read-only to anyone who has the link,
          without an account. It never shows provider keys. Revoke it to turn it off.
        </p>
        {shares ? (
          <ShareLinkForm flows={flows.map(({ id, name }) => ({ id, name }))} initialFlowId={flow} />
        ) : (
          <p className="muted">Viewers cannot create share links.</p>
        )}
      </section>
      {links.length ? (
        <section className="card">
          <SettingsTable columns={["Flow", "Shows", "Created"]}>
            {links.map((link) => (
              <tr key={link.id}>
                <td className="name">
                  <Link href={`/flows/${link.flowId}`}>{link.flowName}</Link>
                </td>
                <td>{link.includeRuns ? "flow and runs" : "flow"}</td>
                <td>{datedBy(link.createdAt, link.createdByName)}</td>
                <td className="actions">
                  {link.revokedAt ? (
                    <span className="badge">revoked</span>
                  ) : shares ? (
                    <ActionButton
                      action={revokeShareLinkAction.bind(null, { linkId: link.id })}
                      label="Revoke"
                      confirm={{ title: "Revoke this share link?", message: "Anyone who has the link will see \u201cLink revoked\u201d instead of the flow. This cannot be undone." }}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </SettingsTable>
        </section>
      ) : null}
    </>
  );
}
