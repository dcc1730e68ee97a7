import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { listApiTokens } from "@/lib/data/apiTokens";
import { currentWorkspace } from "@/app/_lib/workspace";
import { ActionButton } from "../_components/action-button";
import { ApiTokenForm } from "../_components/secret-forms";
import { datedBy, SettingsTable } from "../_components/settings-table";
import { revokeApiTokenAction } from "./actions";

export const metadata: Metadata = { title: "API tokens" };

export default async function ApiTokensPage() {
  const workspace = await currentWorkspace();
  if (!can(workspace.role, "apiToken", "manage")) {
    return <p className="muted">Only owners see and manage the team&apos;s API tokens.</p>;
  }
  const tokens = await listApiTokens(workspace.teamId);
  return (
    <>
      <section className="card panel stack" aria-labelledby="new-token-heading">
        <h2 id="new-token-heading">API tokens</h2>
        <p className="muted">
          For the HTTP API: <code>POST /api/flows/&lt;id&gt;/runs</code> with <code>Authorization: Bearer &lt;token&gt;</code>. A token
          acts for this team. Only its hash is stored, so it is shown once.
        </p>
        <ApiTokenForm />
      </section>
      {tokens.length ? (
        <section className="card">
          <SettingsTable columns={["Name", "Token", "Created", "Last used"]}>
            {tokens.map((token) => (
              <tr key={token.id}>
                <td className="name">{token.name}</td>
                <td>
                  <code>{token.prefix}…</code>
                </td>
                <td>{datedBy(token.createdAt, token.createdByName)}</td>
                <td>{token.lastUsedAt ? token.lastUsedAt.toISOString().slice(0, 16).replace("T", " ") : "never"}</td>
                <td className="actions">
                  {token.revokedAt ? (
                    <span className="badge">revoked</span>
                  ) : (
                    <ActionButton
                      action={revokeApiTokenAction.bind(null, { tokenId: token.id })}
                      label="Revoke"
                      confirm={{ title: `Revoke the token \u201c${token.name}\u201d?`, message: "Scripts and CI jobs using it will get 401 from then on. This cannot be undone." }}
                    />
                  )}
                </td>
              </tr>
            ))}
          </SettingsTable>
        </section>
      ) : null}
    </>
  );
}
