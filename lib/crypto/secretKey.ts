// The server's master key (SWARM_SECRET_KEY), from which every other secret is derived.
// A fresh clone needs no setup: outside a hardened deployment a key is generated once
// into data/secret.key. A deployment that asks for it (see `isSecretKeyRequired`)
// refuses to start without the variable.
import { hkdfSync, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { SystemError } from "@/lib/errors";

type Env = Record<string, string | undefined>;

export const DEFAULT_KEY_FILE = "data/secret.key";

/** A deployment misconfiguration: the server refuses to start. */
export class MissingSecretKeyError extends SystemError {
  override readonly name = "MissingSecretKeyError";
  constructor() {
    super(
      "SWARM_SECRET_KEY is not set. This deployment requires it (SWARM_REQUIRE_SECRET_KEY=1, or " +
        "NODE_ENV=production with SWARM_REQUIRE_ACCOUNTS=1). Generate one with " +
        "`node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"`.",
    );
  }
}

/** 32 bytes written as base64 or as 64 hex digits. */
const KeyText = z
  .string()
  .trim()
  .transform((text) => (/^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64")))
  .refine((key) => key.length === 32, "SWARM_SECRET_KEY must be 32 bytes, as base64 or 64 hex digits");

/**
 * A team server (accounts required, production) or an explicit opt-in must bring its own
 * key: a generated file next to the database would be lost or copied along with it.
 */
export function isSecretKeyRequired(env: Env = process.env): boolean {
  return env.SWARM_REQUIRE_SECRET_KEY === "1" || (env.NODE_ENV === "production" && env.SWARM_REQUIRE_ACCOUNTS === "1");
}

function readOrCreateKeyFile(file: string): Buffer {
  try {
    return KeyText.parse(readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx": of two processes starting at once, one writes and both read the same key.
    writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return KeyText.parse(readFileSync(file, "utf8"));
}

export function loadSecretKey(env: Env = process.env, keyFile: string = path.resolve(DEFAULT_KEY_FILE)): Buffer {
  if (env.SWARM_SECRET_KEY) return KeyText.parse(env.SWARM_SECRET_KEY);
  if (isSecretKeyRequired(env)) throw new MissingSecretKeyError();
  return readOrCreateKeyFile(keyFile);
}

let cached: Buffer | undefined;

/** The master key of this process (loaded once). */
export function secretKey(): Buffer {
  cached ??= loadSecretKey();
  return cached;
}

/** A 32-byte key for one purpose, so the same master key never serves two algorithms. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), `swarm-studio:${purpose}`, 32));
}
