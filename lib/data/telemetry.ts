// Where a team's runs are exported as OTLP traces. The headers usually carry a token: they
// are sealed with AES-256-GCM like provider keys, and nothing here returns them except
// `telemetryTargetForTeam`, which only the server's export path calls.
import { z } from "zod";
import { deriveKey, open, seal, secretKey } from "@/lib/crypto";
import { getDb } from "@/lib/db/client.ts";
import { createAddressPolicy, otlpAllowedCidrsFromEnv, parseEndpoint, parseOtlpHeaders, type OtlpProtocol } from "@/lib/otel";
import { ValidationError } from "./errors.ts";
import { Id, parseInput, refineWith } from "./validation.ts";

const KEY_VERSION = 1;
const MAX_ERROR_CHARS = 500;

export const TelemetryProtocol = z.enum(["json", "protobuf"]);

export const TelemetrySettingsInput = z.object({
  enabled: z.boolean(),
  endpoint: z.string().trim().min(1, "Give the collector's OTLP/HTTP traces URL").max(2000).superRefine(refineWith((url) => parseEndpoint(url, createAddressPolicy(otlpAllowedCidrsFromEnv())))),
  protocol: TelemetryProtocol.default("json"),
  includeContent: z.boolean().default(false),
  /** `name=value` lines; undefined keeps the stored headers, "" removes them. */
  headers: z.string().max(8000).superRefine(refineWith(parseOtlpHeaders)).optional(),
});
export type TelemetrySettingsInput = z.input<typeof TelemetrySettingsInput>;

/** What the browser may see of the settings: header names, never their values. */
export interface TelemetrySummary {
  enabled: boolean;
  endpoint: string;
  protocol: OtlpProtocol;
  includeContent: boolean;
  headerNames: string[];
  lastError: string | null;
  lastErrorAt: Date | null;
  lastExportAt: Date | null;
  updatedAt: Date;
}

/** What the export path needs (server-only; `headers` must never be logged, stored or returned). */
export interface TelemetryTarget {
  enabled: boolean;
  url: string;
  protocol: OtlpProtocol;
  includeContent: boolean;
  headers: Record<string, string>;
}

const summarySelect = {
  enabled: true,
  endpoint: true,
  protocol: true,
  includeContent: true,
  headerNames: true,
  lastError: true,
  lastErrorAt: true,
  lastExportAt: true,
  updatedAt: true,
} as const;

function toSummary(row: { enabled: boolean; endpoint: string; protocol: string; includeContent: boolean; headerNames: string; lastError: string | null; lastErrorAt: Date | null; lastExportAt: Date | null; updatedAt: Date }): TelemetrySummary {
  return { ...row, protocol: TelemetryProtocol.catch("json").parse(row.protocol), headerNames: row.headerNames ? row.headerNames.split(",") : [] };
}

function headersKey(): Buffer {
  return deriveKey(secretKey(), `telemetry-headers:v${KEY_VERSION}`);
}

export async function getTelemetrySettings(teamId: string): Promise<TelemetrySummary | null> {
  const db = await getDb();
  const row = await db.teamTelemetry.findUnique({ where: { teamId: parseInput(Id, teamId) }, select: summarySelect });
  return row ? toSummary(row) : null;
}

export async function saveTelemetrySettings(teamId: string, input: TelemetrySettingsInput): Promise<TelemetrySummary> {
  const team = parseInput(Id, teamId);
  const { headers, ...settings } = parseInput(TelemetrySettingsInput, input);
  let sealed = {};
  if (headers !== undefined) {
    const parsed = parseOtlpHeaders(headers);
    const names = Object.keys(parsed);
    sealed = names.length
      ? (({ ciphertext, iv, tag }) => ({ headersCiphertext: ciphertext, headersIv: iv, headersTag: tag }))(seal(JSON.stringify(parsed), headersKey()))
      : { headersCiphertext: null, headersIv: null, headersTag: null };
    sealed = { ...sealed, headerNames: names.join(","), keyVersion: KEY_VERSION };
  }
  const db = await getDb();
  const row = await db.teamTelemetry.upsert({
    where: { teamId: team },
    create: { teamId: team, ...settings, ...sealed },
    update: { ...settings, ...sealed },
    select: summarySelect,
  });
  return toSummary(row);
}

export async function deleteTelemetrySettings(teamId: string): Promise<void> {
  const db = await getDb();
  await db.teamTelemetry.deleteMany({ where: { teamId: parseInput(Id, teamId) } });
}

const StoredHeaders = z.record(z.string(), z.string());

/** The team's export target with its headers opened; null when none is set. */
export async function telemetryTargetForTeam(teamId: string): Promise<TelemetryTarget | null> {
  const db = await getDb();
  const row = await db.teamTelemetry.findUnique({ where: { teamId: parseInput(Id, teamId) } });
  if (!row) return null;
  let headers: Record<string, string> = {};
  if (row.headersCiphertext && row.headersIv && row.headersTag) {
    const text = open({ ciphertext: row.headersCiphertext, iv: row.headersIv, tag: row.headersTag }, headersKey());
    const parsed = StoredHeaders.safeParse(JSON.parse(text));
    if (!parsed.success) throw new ValidationError([{ path: "headers", message: "The stored OTLP headers cannot be read" }]);
    headers = parsed.data;
  }
  return { enabled: row.enabled, url: row.endpoint, protocol: TelemetryProtocol.catch("json").parse(row.protocol), includeContent: row.includeContent, headers };
}

/** Remembers the outcome of an export for the settings page (the error already without secrets). */
export async function recordTelemetryOutcome(teamId: string, outcome: { error: string | null }): Promise<void> {
  const db = await getDb();
  const now = new Date();
  const data = outcome.error === null ? { lastExportAt: now } : { lastError: outcome.error.slice(0, MAX_ERROR_CHARS), lastErrorAt: now };
  await db.teamTelemetry.updateMany({ where: { teamId: parseInput(Id, teamId) }, data });
}
