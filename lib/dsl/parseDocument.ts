/**
 * Text → document: YAML read item by item, then cross-checked. Every error at once, each
 * with its position. A valid document takes the fast way (plainYaml.ts, no positions);
 * a document with errors, or text the fast reading declines, is read again with the
 * `yaml` package, whose tree knows where everything is.
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
  /** Known tool names; when given, other tool names are errors. */
  tools?: Iterable<string>;
};

export type ParseDocumentResult =
  | { document: FlowDocument; errors: [] }
  | { document: undefined; errors: DocumentError[] };

function byPosition(a: DocumentError, b: DocumentError): number {
  return a.line - b.line || a.column - b.column;
}

function readValue(value: unknown, locate: SourceLocator, options: ParseDocumentOptions): ParseDocumentResult {
  const read = readDocument(value, locate);
  const errors = [...read.errors, ...validateDocument(read, locate, { env: options.env, tools: options.tools && new Set(options.tools) })];
  if (errors.length > 0) return { document: undefined, errors: errors.sort(byPosition) };
  return { document: read.document, errors: [] };
}

export function parseDocument(text: string, options: ParseDocumentOptions = {}): ParseDocumentResult {
  const locate = new SourceLocator(text);
  const fast = loadPlainYaml(text);
  if (fast !== undefined) {
    const result = readValue(fast, locate, options);
    if (result.document) return result;
    // Errors are reported from `yaml`'s own reading: its syntax errors first, if any.
  }
  const yaml = locate.yaml;
  if (yaml.errors.length > 0) {
    const errors = yaml.errors.map((error) => ({ message: error.message, ...locate.atOffset(error.pos[0]), path: "" }));
    return { document: undefined, errors: errors.sort(byPosition) };
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
