// Limits of stored flows, declared once. Client-safe (no imports): the browser checks them
// early, the server enforces them.

export const MAX_DOCUMENT_BYTES = 1024 * 1024;
export const MAX_NAME_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_MESSAGE_LENGTH = 500;

/** A document's size as stored: UTF-8 bytes, the one measure every check uses. */
export function utf8ByteLength(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
