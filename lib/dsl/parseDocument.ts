/**
 * Text → document: YAML read item by item, then cross-checked. Every error at once, each
 * with its position. Plain text takes the fast way (plainYaml.ts, no positions; an
 * invalid document's positions come from js-yaml's reading, plainPositions.ts); text
 * the fast reading declines is read with the `yaml` package, whose tree knows where
 * everything is. At most MAX_DOCUMENT_ERRORS problems are listed (a hostile document may
 * hold one per line), and finding them is linear in the text (issue 13).
 */
import { readDocument } from "./input";
import { loadPlainYaml } from "./plainYaml";
import { SourceLocator } from "./source";
import type { Env } from "./substitute";
import type { DocumentError, FlowDocument } from "./types";
import { validateDocument } from "./validate";

export type ParseDocumentOptions = {
  /** For `${ENV}` references while validating; the document keeps the references. */
  env?: Env;
  /** Built-in tool names; when given, other tool names (not the document's or the team's) are errors. */
  tools?: Iterable<string>;
  /** The team's own tool names: known, and a document tool of the same name wins over them. */
  teamTools?: Iterable<string>;
  /** The team's MCP servers and the tool names each last listed (undefined: never listed); when given, MCP bindings must name one. */
  mcpServers?: ReadonlyMap<string, ReadonlySet<string> | undefined>;
};

export type ParseDocumentResult =
  | { document: FlowDocument; errors: [] }
  | { document: undefined; errors: DocumentError[] };

/** At most this many problems are reported, in text order, then one "and N more problems". */
export const MAX_DOCUMENT_ERRORS = 100;

function byPosition(a: DocumentError, b: DocumentError): number {
  return a.line - b.line || a.column - b.column;
}

/** One report per problem: readers may meet the same one more than once on a line (YAML's parser does). */
function distinct(errors: DocumentError[]): DocumentError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.line}\u0000${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The first MAX_DOCUMENT_ERRORS distinct problems in text order, then a count of the rest. */
function reported(found: DocumentError[]): ParseDocumentResult {
  const errors = distinct(found.sort(byPosition));
  if (errors.length <= MAX_DOCUMENT_ERRORS) return { document: undefined, errors };
  const rest = errors.length - MAX_DOCUMENT_ERRORS;
  const next = errors[MAX_DOCUMENT_ERRORS]!;
  const more = { message: `and ${rest} more ${rest === 1 ? "problem" : "problems"}`, line: next.line, column: next.column, path: "" };
  return { document: undefined, errors: [...errors.slice(0, MAX_DOCUMENT_ERRORS), more] };
}

function readValue(value: unknown, locate: SourceLocator, options: ParseDocumentOptions): ParseDocumentResult {
  const read = readDocument(value, locate);
  const errors = [...read.errors, ...validateDocument(read, locate, {
    env: options.env,
    tools: options.tools && new Set(options.tools),
    teamTools: options.teamTools && new Set(options.teamTools),
    mcpServers: options.mcpServers,
  })];
  if (errors.length > 0) return reported(errors);
  return { document: read.document, errors: [] };
}

export function parseDocument(text: string, options: ParseDocumentOptions = {}): ParseDocumentResult {
  const fast = loadPlainYaml(text);
  // The fast reading gives the value `yaml` gives, or declines (tests/dsl/plainYaml.test.ts).
  if (fast !== undefined) return readValue(fast, new SourceLocator(text, { plain: true }), options);
  const locate = new SourceLocator(text);
  const yaml = locate.yaml;
  if (yaml.errors.length > 0) {
    return reported(yaml.errors.map((error) => ({ message: error.message, ...locate.atOffset(error.pos[0]), path: "" })));
  }
  let value: unknown;
  try {
    value = yaml.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // Only alias expansion can fail here (a "billion laughs" document).
    return { document: undefined, errors: [{ message: String((error as Error).message), line: 1, column: 1, path: "" }] };
  }
  return readValue(value, locate, options);
}
