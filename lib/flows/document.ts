/**
 * Checks a swarm document's text before it is stored: the size limit, then the flow
 * DSL's own parse and validation (lib/dsl), every problem with its position.
 * Tool names are checked against the built-in catalog; `${ENV}` references are not
 * resolved here (the server's environment is not the document's business).
 */
import { parseDocument } from "@/lib/dsl/parseDocument";
import { toolCatalog } from "@/lib/tools/catalog";
import { MAX_DOCUMENT_BYTES } from "./limits";

export { MAX_DOCUMENT_BYTES };

export type DocumentIssue = { message: string; line?: number; column?: number; path?: string };
export type DocumentCheck = { ok: true; name?: string } | { ok: false; issues: DocumentIssue[] };

const TOOL_NAMES = toolCatalog.map((tool) => tool.name);

export function documentByteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

export function checkDocumentText(text: string): DocumentCheck {
  if (documentByteLength(text) > MAX_DOCUMENT_BYTES) {
    return { ok: false, issues: [{ message: "The document is larger than 1 MiB." }] };
  }
  const { document, errors } = parseDocument(text, { tools: TOOL_NAMES });
  if (!document) return { ok: false, issues: errors };
  return { ok: true, name: document.name };
}
