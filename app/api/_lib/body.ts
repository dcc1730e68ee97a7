// Reads a JSON request body safely: JSON content type only, read as a stream and stopped
// at `maxBytes` (a 50 MB body is never buffered whole), and a message that says what is
// wrong when it is not JSON.
import { problem } from "./responses";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

function isJsonContentType(value: string | null): boolean {
  const type = value?.split(";")[0]?.trim().toLowerCase();
  return type === "application/json" || (type?.startsWith("application/") === true && type.endsWith("+json"));
}

async function readLimited(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function readJsonBody(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<JsonBody> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return { ok: false, response: problem(415, "Send the body as JSON with `content-type: application/json`.") };
  }
  const declared = Number(request.headers.get("content-length"));
  const tooLarge = { ok: false as const, response: problem(413, `The body is larger than ${Math.round(maxBytes / 1024)} KiB.`) };
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge;
  const bytes = request.body ? await readLimited(request.body, maxBytes) : new Uint8Array();
  if (!bytes) return tooLarge;
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${error.message}` : "";
    return { ok: false, response: problem(400, `The body is not valid JSON${detail}.`) };
  }
}

/** The answer for a method a route does not serve. */
export function methodNotAllowed(allow: string[]): Response {
  return problem(405, `This route accepts ${allow.join(", ")} only.`, undefined, { allow: allow.join(", ") });
}
