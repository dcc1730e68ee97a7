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
    openedConfigs.delete(team);
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
  const team = parseInput(Id, teamId);
  const { count } = await db.providerCredential.deleteMany({ where: { id, teamId: team } });
  openedConfigs.delete(team);
  if (count === 0) throw new NotFoundError("Credential", id);
}

/**
 * How long a team's opened keys are reused: every run's start needs them (an evaluation
 * starts one run a row). A change made in this process applies at once (its entry is
 * dropped); one made in another process (another server, a worker's web server) within this long.
 */
const CONFIG_REUSE_MS = 2_000;
const openedConfigs = new Map<string, { config: Promise<Readonly<ProviderConfig>>; until: number }>();

/**
 * The team's keys for `getProvider(model, config)`: per provider the most recently
 * updated credential, read and opened at most every CONFIG_REUSE_MS. Server-only; the
 * result must never be logged, stored or returned.
 */
export async function providerConfigForTeam(teamId: string): Promise<Readonly<ProviderConfig>> {
  const team = parseInput(Id, teamId);
  const opened = openedConfigs.get(team);
  if (opened && opened.until > Date.now()) return opened.config;
  // The read itself is shared (runs starting together open the keys once), and a change
  // made while it is under way drops it with the rest.
  const entry = { config: openProviderConfig(team), until: Date.now() + CONFIG_REUSE_MS };
  openedConfigs.set(team, entry);
  const forget = () => {
    if (openedConfigs.get(team) === entry) openedConfigs.delete(team);
  };
  entry.config.catch(forget);
  // Opened keys do not outlive their use: the entry goes when it expires, not when replaced.
  setTimeout(forget, CONFIG_REUSE_MS).unref();
  return entry.config;
}

async function openProviderConfig(teamId: string): Promise<Readonly<ProviderConfig>> {
  const db = await getDb();
  const rows = await db.providerCredential.findMany({
    where: { teamId },
    orderBy: { updatedAt: "desc" },
    select: { provider: true, baseUrl: true, ciphertext: true, iv: true, tag: true },
  });
  const key = credentialKey();
  const config: ProviderConfig = {};
  for (const row of rows) {
    const provider = CredentialProvider.parse(row.provider);
    if (config[provider]) continue;
    config[provider] = Object.freeze({ apiKey: open(row, key), ...(row.baseUrl ? { baseURL: row.baseUrl } : {}) });
  }
  return Object.freeze(config); // shared by every run that starts meanwhile
}
