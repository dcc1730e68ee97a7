// Provider API keys of a team, encrypted at rest with AES-256-GCM. Nothing here returns a
// key except `providerConfigForTeam`, which only the server's run path calls.
import { z } from "zod";
import { deriveKey, open, seal, secretKey } from "@/lib/crypto";
import { getDb } from "@/lib/db/client.ts";
import type { ProviderConfig } from "@/lib/providers/config.ts";
import { NotFoundError, ValidationError } from "./errors.ts";
import { isUniqueViolation } from "./uniqueness.ts";
import { Id, parseInput } from "./validation.ts";

/** Bumped when the server key is rotated; rows remember which version sealed them. */
const KEY_VERSION = 1;

export const CredentialProvider = z.enum(["openai", "anthropic"]);
export type CredentialProvider = z.infer<typeof CredentialProvider>;

export const CreateCredentialInput = z.object({
  provider: CredentialProvider,
  name: z.string().trim().min(1, "A credential needs a name").max(80),
  apiKey: z.string().trim().min(8, "That is too short to be an API key").max(1000),
  /** For OpenAI-compatible servers (Ollama, vLLM, LM Studio…). */
  baseUrl: z.url().max(500).optional(),
});
export type CreateCredentialInput = z.input<typeof CreateCredentialInput>;

/** What the browser may see of a credential. */
export interface CredentialSummary {
  id: string;
  provider: CredentialProvider;
  name: string;
  baseUrl: string | null;
  /** The key's last four characters. */
  hint: string;
  createdAt: Date;
  updatedAt: Date;
  createdByName: string | null;
}

const summarySelect = {
  id: true,
  provider: true,
  name: true,
  baseUrl: true,
  hint: true,
  createdAt: true,
  updatedAt: true,
  createdBy: { select: { name: true } },
} as const;

function toSummary({ createdBy, provider, ...row }: {
  id: string;
  provider: string;
  name: string;
  baseUrl: string | null;
  hint: string;
  createdAt: Date;
  updatedAt: Date;
  createdBy: { name: string } | null;
}): CredentialSummary {
  return { ...row, provider: CredentialProvider.parse(provider), createdByName: createdBy?.name ?? null };
}

let derivedKey: Buffer | undefined;

/** Derived once: the master key is loaded once per process, and every run's start opens the team's keys (HKDF cost ~0.2 ms). */
function credentialKey(): Buffer {
  derivedKey ??= deriveKey(secretKey(), `credentials:v${KEY_VERSION}`);
  return derivedKey;
}

export async function createCredential(teamId: string, userId: string, input: CreateCredentialInput): Promise<CredentialSummary> {
  const team = parseInput(Id, teamId);
  const author = parseInput(Id, userId);
  const { provider, name, apiKey, baseUrl } = parseInput(CreateCredentialInput, input);
  const sealed = seal(apiKey, credentialKey());
  const db = await getDb();
  try {
    const row = await db.providerCredential.create({
      data: { teamId: team, provider, name, baseUrl, ...sealed, keyVersion: KEY_VERSION, hint: apiKey.slice(-4), createdById: author },
      select: summarySelect,
    });
    return toSummary(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError([{ path: "name", message: `A credential named "${name}" already exists` }]);
    throw error;
  }
}

export async function listCredentials(teamId: string): Promise<CredentialSummary[]> {
  const db = await getDb();
  const rows = await db.providerCredential.findMany({
    where: { teamId: parseInput(Id, teamId) },
    orderBy: [{ provider: "asc" }, { name: "asc" }],
    select: summarySelect,
  });
  return rows.map(toSummary);
}

export async function deleteCredential(teamId: string, credentialId: string): Promise<void> {
  const db = await getDb();
  const id = parseInput(Id, credentialId);
  const { count } = await db.providerCredential.deleteMany({ where: { id, teamId: parseInput(Id, teamId) } });
  if (count === 0) throw new NotFoundError("Credential", id);
}

/**
 * The team's keys for `getProvider(model, config)`: per provider the most recently
 * updated credential. Server-only; the result must never be logged, stored or returned.
 */
export async function providerConfigForTeam(teamId: string): Promise<ProviderConfig> {
  const db = await getDb();
  const rows = await db.providerCredential.findMany({
    where: { teamId: parseInput(Id, teamId) },
    orderBy: { updatedAt: "desc" },
    select: { provider: true, baseUrl: true, ciphertext: true, iv: true, tag: true },
  });
  const key = credentialKey();
  const config: ProviderConfig = {};
  for (const row of rows) {
    const provider = CredentialProvider.parse(row.provider);
    if (config[provider]) continue;
    config[provider] = { apiKey: open(row, key), ...(row.baseUrl ? { baseURL: row.baseUrl } : {}) };
  }
  return config;
}
