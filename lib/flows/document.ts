/**
 * Checks a swarm document's text before it is stored: the size limit, then the flow
 * DSL's own parse and validation (lib/dsl), every problem with its position.
 * Tool names are checked against the built-in catalog and the team's tools and MCP servers
 * (the caller passes them, lib/flows/teamTools.ts); `${ENV}` references are not
 * resolved here (the server's environment is not the document's business).
 */
import { parseDocument, type ParseDocumentOptions } from "@/lib/dsl/parseDocument";
import { serializeDocument } from "@/lib/dsl/serialize";
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

/** What a flow shows of its document: its name and description (the document is their source). */
export type DocumentFields = { name?: string; description?: string };

/** What a team brings to a document's check besides the built-in tools (lib/flows/teamTools.ts). */
export type TeamToolContext = Pick<ParseDocumentOptions, "teamTools" | "mcpServers">;

/**
 * The document's own name and description, or throws InvalidDocumentError (`what` starts
 * the message). With `team`, MCP bindings must name the team's servers and tools.
 */
export function requireValidDocument(text: string, what = "The document", team: TeamToolContext = {}): DocumentFields {
  if (utf8ByteLength(text) > MAX_DOCUMENT_BYTES) {
    throw new InvalidDocumentError(`${what} is larger than 1 MiB.`, [{ message: "The document is larger than 1 MiB." }]);
  }
  const { document, errors } = parseDocument(text, { tools: TOOL_NAMES, ...team });
  if (!document) throw new InvalidDocumentError(`${what} has errors; fix them and try again.`, errors);
  return { name: document.name?.trim() || undefined, description: document.description?.trim() || undefined };
}

/**
 * The valid document `text` with its `name` and/or `description` set, edited in place
 * (comments and layout kept); the same text when they already say so.
 */
export function withDocumentFields(text: string, fields: DocumentFields): string {
  // The document was checked where it came in; tool names do not matter to its name.
  const { document } = parseDocument(text);
  if (!document) throw new InvalidDocumentError("The document has errors; fix them and try again.", []);
  const next = { ...document, ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) };
  if (next.name === document.name && next.description === document.description) return text;
  return serializeDocument(next, { original: text });
}
