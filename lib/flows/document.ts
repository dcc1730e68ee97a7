/**
 * Checks a swarm document's text before it is stored.
 *
 * Provisional: a minimal structural check until lib/dsl's `parseDocument` replaces the
 * body of `checkDocumentText` (the DSL issue). Callers only rely on the exported names.
 */
import { parse, YAMLParseError } from "yaml";
import { z } from "zod";
import { MAX_DOCUMENT_BYTES } from "./limits";

export { MAX_DOCUMENT_BYTES };

export type DocumentIssue = { message: string; line?: number; column?: number; path?: string };
export type DocumentCheck = { ok: true; name?: string } | { ok: false; issues: DocumentIssue[] };

const ProvisionalDocument = z.object({
  name: z.string().optional(),
  agents: z.record(z.string(), z.record(z.string(), z.unknown()), {
    error: "`agents` must map agent names to their settings",
  }),
});

export function documentByteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

export function checkDocumentText(text: string): DocumentCheck {
  if (documentByteLength(text) > MAX_DOCUMENT_BYTES) {
    return { ok: false, issues: [{ message: "The document is larger than 1 MiB." }] };
  }
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const position = error.linePos?.[0];
      return {
        ok: false,
        issues: [{ message: `Invalid YAML: ${error.message.split("\n")[0]}`, line: position?.line, column: position?.col }],
      };
    }
    throw error;
  }
  const parsed = ProvisionalDocument.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({ message: issue.message, path: issue.path.join(".") })),
    };
  }
  return { ok: true, name: parsed.data.name };
}
