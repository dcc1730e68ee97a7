/**
 * The JSON columns of runs (options, a node's error, messages and metadata, an event's
 * data) are versioned: written as `{"v":1,"data":…}` and parsed with their schema on read.
 * Rows written before versioning hold the bare JSON and are read as version 0 (same
 * shape). A payload that does not parse is reported, never silently replaced by defaults.
 */
import type { z } from "zod";

export const PAYLOAD_VERSION = 1;

export type Decoded<T> = { ok: true; value: T } | { ok: false; problem: string };

export function encodePayload(data: unknown): string {
  return JSON.stringify({ v: PAYLOAD_VERSION, data });
}

function isEnvelope(value: unknown): value is { v: number; data: unknown } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && typeof (value as { v?: unknown }).v === "number" && "data" in value;
}

/** Reads a stored payload of any known version with `schema`. */
export function decodePayload<S extends z.ZodType>(schema: S, text: string): Decoded<z.output<S>> {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return { ok: false, problem: "not JSON" };
  }
  let data = stored;
  if (isEnvelope(stored)) {
    if (stored.v > PAYLOAD_VERSION) return { ok: false, problem: `written by a newer version of the app (payload v${stored.v})` };
    data = stored.data;
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) return { ok: false, problem: parsed.error.issues[0]?.message ?? "unexpected shape" };
  return { ok: true, value: parsed.data };
}
