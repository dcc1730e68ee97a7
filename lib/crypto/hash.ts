// Random bearer secrets (API tokens, share links) and the hash that is stored instead of them.
import { createHash, randomBytes } from "node:crypto";

/** A URL-safe random token with a readable prefix, e.g. "sst_3Zk…" (256 bits). */
export function newToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

/** Tokens are long random strings, so a plain SHA-256 (no salt, no stretching) suffices. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
