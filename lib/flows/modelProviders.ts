/**
 * Which model providers a run of this team can call: those with a team key (Settings →
 * Provider keys) or a key in the server's environment. Only provider names leave here,
 * never a key, so the editor can warn about a model before it runs.
 */
import { requirePermission, type Workspace } from "@/lib/auth";
import { CredentialProvider, listCredentials } from "@/lib/data/credentials";
import { resolveProviderConfig } from "@/lib/providers/config";

export async function keyedProviders(workspace: Workspace, env: Record<string, string | undefined> = process.env): Promise<CredentialProvider[]> {
  requirePermission(workspace, "flow", "read", "read flows");
  const stored = new Set((await listCredentials(workspace.teamId)).map((credential) => credential.provider));
  const fromEnv = resolveProviderConfig({}, env);
  return CredentialProvider.options.filter((provider) => stored.has(provider) || Boolean(fromEnv[provider].apiKey));
}
