/**
 * A small, safe JSONPath subset for the json_extract tool:
 *
 *   $                 the whole document
 *   .name  ['name']  ["name"]   a member (quoted keys may hold any character; \' \" \\ escape)
 *   [0]  [-1]         an array element (negative counts from the end)
 *   [*]  .*           every element or member value
 *
 * Members are looked up as own properties only, so "__proto__" or "constructor" never
 * reach an object's prototype.
 */
import { UserError } from "@/lib/errors";

export class JsonPathError extends UserError {
  override readonly name = "JsonPathError";
  readonly kind = "invalid";
}

export type PathSegment = { kind: "key"; key: string } | { kind: "index"; index: number } | { kind: "wildcard" };

export const MAX_PATH_LENGTH = 500;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*/;

function readQuoted(path: string, start: number): { key: string; end: number } {
  const quote = path[start];
  let key = "";
  for (let i = start + 1; i < path.length; i++) {
    const char = path[i]!;
    if (char === "\\") {
      const next = path[i + 1];
      if (next === undefined) break;
      key += next;
      i++;
    } else if (char === quote) {
      return { key, end: i + 1 };
    } else {
      key += char;
    }
  }
  throw new JsonPathError(`unterminated quoted key starting at position ${start + 1}`);
}

export function parseJsonPath(path: string): PathSegment[] {
  if (path.length > MAX_PATH_LENGTH) throw new JsonPathError(`the path is longer than ${MAX_PATH_LENGTH} characters`);
  const text = path.trim();
  if (!text.startsWith("$")) throw new JsonPathError('a path starts with "$", e.g. $.items[0].name');
  const segments: PathSegment[] = [];
  let at = 1;
  while (at < text.length) {
    const char = text[at];
    if (char === ".") {
      if (text[at + 1] === "*") {
        segments.push({ kind: "wildcard" });
        at += 2;
        continue;
      }
      const name = IDENTIFIER.exec(text.slice(at + 1));
      if (!name) throw new JsonPathError(`expected a name after "." at position ${at + 1} (quote other keys: ['my key'])`);
      segments.push({ kind: "key", key: name[0] });
      at += 1 + name[0].length;
    } else if (char === "[") {
      const inner = text[at + 1];
      if (inner === "'" || inner === '"') {
        const { key, end } = readQuoted(text, at + 1);
        if (text[end] !== "]") throw new JsonPathError(`expected "]" at position ${end + 1}`);
        segments.push({ kind: "key", key });
        at = end + 1;
        continue;
      }
      const close = text.indexOf("]", at);
      if (close < 0) throw new JsonPathError(`unclosed "[" at position ${at + 1}`);
      const body = text.slice(at + 1, close).trim();
      if (body === "*") segments.push({ kind: "wildcard" });
      else if (/^-?\d{1,9}$/.test(body)) segments.push({ kind: "index", index: Number(body) });
      else throw new JsonPathError(`"[${body}]" at position ${at + 1} is not an index, * or a quoted key`);
      at = close + 1;
    } else {
      throw new JsonPathError(`unexpected "${char}" at position ${at + 1}`);
    }
  }
  return segments;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function step(value: unknown, segment: PathSegment): unknown[] {
  switch (segment.kind) {
    case "key":
      return isRecord(value) && Object.hasOwn(value, segment.key) ? [value[segment.key]] : [];
    case "index": {
      if (!Array.isArray(value)) return [];
      const index = segment.index < 0 ? value.length + segment.index : segment.index;
      return index >= 0 && index < value.length ? [value[index]] : [];
    }
    case "wildcard":
      if (Array.isArray(value)) return value;
      return isRecord(value) ? Object.values(value) : [];
  }
}

/** Every value the path reaches, in document order. */
export function queryJsonPath(document: unknown, path: string): { matches: unknown[]; hasWildcard: boolean } {
  const segments = parseJsonPath(path);
  let current: unknown[] = [document];
  for (const segment of segments) current = current.flatMap((value) => step(value, segment));
  return { matches: current, hasWildcard: segments.some((segment) => segment.kind === "wildcard") };
}
