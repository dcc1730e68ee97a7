/**
 * Checks a swarm document's text before it is stored: the size limit, then the flow
 * DSL's own parse and validation (lib/dsl), every problem with its position.
 * Tool names are checked against the built-in catalog; `${ENV}` references are not
 * resolved here (the server's environment is not the document's business).
 */
import { parseDocument } from "@/lib/dsl/parseDocument";
import { UserError } from "@/lib/errors";
import { MAX_DOCUMENT_BYTES, utf8ByteLength } from "@/lib/data/limits";
import { toolCatalog } from "@/lib/tools/catalog";

export type DocumentIssue = { message: string; line?: number; column?: number; path?: string };

/** A document that cannot be stored; `issues` lists its problems with positions. */
export class InvalidDocumentError extends UserError {
  override readonly name = "InvalidDocumentError";
  readonly kind = "invalid";
  constructor(
    message: string,
    readonly issues: DocumentIssue[],
  ) {
    super(message);
  }
}

const TOOL_NAMES = toolCatalog.map((tool) => tool.name);

/** The document's own name, or throws InvalidDocumentError (`what` starts the message). */
export function requireValidDocument(text: string, what = "The document"): { name?: string } {
  if (utf8ByteLength(text) > MAX_DOCUMENT_BYTES) {
    throw new InvalidDocumentError(`${what} is larger than 1 MiB.`, [{ message: "The document is larger than 1 MiB." }]);
  }
  const { document, errors } = parseDocument(text, { tools: TOOL_NAMES });
  if (!document) throw new InvalidDocumentError(`${what} has errors; fix them and try again.`, errors);
  return { name: document.name };
}
