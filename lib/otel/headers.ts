/**
 * OTLP headers as people write them (OTEL_EXPORTER_OTLP_HEADERS style): `name=value`
 * pairs, one a line or comma-separated, values percent-decoded when they are encoded.
 */
import { UserError } from "@/lib/errors";

export class TelemetryHeadersError extends UserError {
  override readonly name = "TelemetryHeadersError";
  readonly kind = "invalid";
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Set by the exporter itself or by HTTP: a team may not override them. */
const RESERVED = new Set(["content-type", "content-length", "host", "transfer-encoding", "connection", "user-agent"]);

export function parseOtlpHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const entry of text.split(/[\n,]/)) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const equals = trimmed.indexOf("=");
    if (equals <= 0) throw new TelemetryHeadersError("Write each header as name=value");
    const name = trimmed.slice(0, equals).trim().toLowerCase();
    let value = trimmed.slice(equals + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // Not percent-encoded: kept as written.
    }
    if (!TOKEN.test(name)) throw new TelemetryHeadersError(`"${name}" is not a valid header name`);
    if (RESERVED.has(name)) throw new TelemetryHeadersError(`The header "${name}" cannot be set`);
    if (/[\r\n\0]/.test(value)) throw new TelemetryHeadersError(`The header "${name}" has a line break in its value`);
    headers[name] = value;
  }
  return headers;
}

/** Header values (and their words, e.g. the token after "Bearer") to remove from any text we keep. */
export function headerSecrets(headers: Record<string, string>): string[] {
  return Object.values(headers).flatMap((value) => [value, ...value.split(/\s+/).filter((word) => word.length >= 8)]).filter(Boolean);
}
