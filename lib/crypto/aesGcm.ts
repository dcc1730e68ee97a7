// AES-256-GCM for secrets stored in the database: a fresh 96-bit IV per value, and the
// authentication tag checked on decryption, so a tampered row fails instead of decrypting to junk.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { z } from "zod";

/** What is stored for one secret; every part base64. */
export const Sealed = z.object({
  ciphertext: z.base64(),
  iv: z.base64(),
  tag: z.base64(),
});
export type Sealed = z.infer<typeof Sealed>;

const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new Error(`AES-256-GCM needs a 32-byte key, got ${key.length} bytes`);
}

export function seal(plaintext: string, key: Buffer): Sealed {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return {
    ciphertext: ciphertext.toString("base64"),
    iv: iv.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
  };
}

/** Throws when the key is wrong or any part was altered. */
export function open(sealed: Sealed, key: Buffer): string {
  checkKey(key);
  const { ciphertext, iv, tag } = Sealed.parse(sealed);
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64")), decipher.final()]).toString("utf8");
}
