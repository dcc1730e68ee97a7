/**
 * Secrets never appear in a document: keys are referenced (`${OPENAI_API_KEY}`) or
 * named (`credential:`). This finds literals that look like keys so parsing and export
 * can refuse them.
 */
import { UserError } from "@/lib/errors";
import { hasReference } from "./substitute";
import type { FlowDocument } from "./types";
import { KEY_PATTERNS } from "@/lib/redact";

export type SecretLiteral = { path: (string | number)[]; message: string };

/** Field names whose literal values are credentials whatever they look like. */
const SECRET_FIELD = /(?:^|_)(?:api_?key|token|secret|password|passwd|private_key|access_key)$/i;

function entropyPerChar(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** A long, space-free, random-looking string: what generated keys look like. */
function looksRandom(text: string): boolean {
  return text.length >= 20 && !/\s/.test(text) && entropyPerChar(text) >= 3.5;
}

/** `path` is a stack shared by the whole walk (copied only for a finding): documents are large. */
function check(value: unknown, path: (string | number)[], found: SecretLiteral[]): void {
  if (typeof value === "string") {
    const field = String(path[path.length - 1] ?? "");
    if (KEY_PATTERNS.some((pattern) => pattern.test(value))) {
      found.push({ path: [...path], message: "this looks like an API key: reference it as ${ENV_VAR} or use a stored credential" });
    } else if (SECRET_FIELD.test(field) && !hasReference(value) && (field === "api_key" || looksRandom(value))) {
      found.push({ path: [...path], message: `'${field}' must be a \${ENV_VAR} reference or a stored credential, not a literal` });
    }
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    path.push(Array.isArray(value) ? Number(key) : key);
    check(record[key], path, found);
    path.pop();
  }
}

/** Every literal in the document that looks like a key, with its path. */
export function findSecretLiterals(document: FlowDocument): SecretLiteral[] {
  const found: SecretLiteral[] = [];
  check(document, [], found);
  return found;
}

/** A document holds literals that look like keys (only their paths are named). */
export class SecretLiteralError extends UserError {
  override readonly name = "SecretLiteralError";
  readonly kind = "invalid";
  readonly secrets: SecretLiteral[];
  constructor(secrets: SecretLiteral[]) {
    super(`refusing to write a document with secret literals at ${secrets.map((s) => s.path.join(".")).join(", ")}`);
    this.secrets = secrets;
  }
}
