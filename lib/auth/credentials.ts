// Provider keys as the asking role may see them: the key itself never leaves the server, and
// its last four characters only reach those who manage keys (a viewer or editor learns
// nothing about a key that could help guess or match it).
import { type CredentialSummary, listCredentials } from "@/lib/data/credentials";
import { can } from "./permissions";
import type { Workspace } from "./workspace";

export type VisibleCredential = Omit<CredentialSummary, "hint"> & { hint: string | null };

export async function listCredentialsFor(workspace: Pick<Workspace, "teamId" | "role">): Promise<VisibleCredential[]> {
  const credentials = await listCredentials(workspace.teamId);
  if (can(workspace.role, "credential", "manage")) return credentials;
  return credentials.map((credential) => ({ ...credential, hint: null }));
}
