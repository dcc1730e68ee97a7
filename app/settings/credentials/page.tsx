import type { Metadata } from "next";
import { listCredentialsFor } from "@/lib/auth/credentials";
import { can } from "@/lib/auth/permissions";
import { currentWorkspace } from "@/app/_lib/workspace";
import { ActionButton } from "../_components/action-button";
import { CredentialForm } from "../_components/secret-forms";
import { datedBy, SettingsTable } from "../_components/settings-table";
import { deleteCredentialAction } from "./actions";

export const metadata: Metadata = { title: "Provider keys" };

export default async function CredentialsPage() {
  const workspace = await currentWorkspace();
  const credentials = await listCredentialsFor(workspace);
  const manages = can(workspace.role, "credential", "manage");
  return (
    <>
      <section className="card" aria-labelledby="keys-heading">
        <div className="panel">
          <h2 id="keys-heading">Provider keys</h2>
          <p className="muted">
            The team&apos;s runs use these keys (the newest per provider), else the server&apos;s environment. Keys are stored
            encrypted (AES-256-GCM) and never leave the server: not to this page, exports, run records or logs.
          </p>
        </div>
        {credentials.length ? (
          <SettingsTable columns={["Name", "Provider", "Key", "Base URL", "Added"]}>
            {credentials.map((credential) => (
              <tr key={credential.id}>
                <td className="name">{credential.name}</td>
                <td>{credential.provider}</td>
                <td>
                  {credential.hint ? <code>…{credential.hint}</code> : <span className="muted">hidden</span>}
                </td>
                <td>{credential.baseUrl ?? <span className="muted">default</span>}</td>
                <td>{datedBy(credential.createdAt, credential.createdByName)}</td>
                <td className="actions">
                  {manages ? (
                    <ActionButton
                      action={deleteCredentialAction.bind(null, { credentialId: credential.id })}
                      label="Delete"
                      confirm={{ title: "Delete this key?", message: `Runs will no longer use the key "${credential.name}". This cannot be undone.` }}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </SettingsTable>
        ) : (
          <p className="panel muted">No keys yet.</p>
        )}
      </section>
      {manages ? (
        <section className="card panel stack" aria-labelledby="add-key-heading">
          <h2 id="add-key-heading">Add a key</h2>
          <CredentialForm />
        </section>
      ) : (
        <p className="muted">Only owners add or delete keys.</p>
      )}
    </>
  );
}
