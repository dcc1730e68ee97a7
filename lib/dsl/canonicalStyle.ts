/**
 * The canonical text's styles, by place in the document: which lists and maps are
 * written in flow style, and which strings as block scalars or double-quoted. Shared by
 * the fast writer (canonicalText.ts) and the `yaml` tree used to update an original text.
 */
import { Scalar } from "yaml";

export type StylePath = readonly (string | number)[];

/** Instructions longer than this on one line are folded into a `>-` block. */
const FOLD_AT = 72;

function isAt(path: StylePath, section: string, field?: string): boolean {
  return path[0] === section && path.length === (field === undefined ? 2 : 3) && (field === undefined || path[2] === field);
}

/** Name lists (tools, handoffs, a group's agents) and layout entries. */
export function isFlowCollection(path: StylePath): boolean {
  return isAt(path, "agents", "tools") || isAt(path, "agents", "handoffs") || isAt(path, "groups", "agents") || isAt(path, "layout");
}

/**
 * Instructions with newlines as `|` blocks, long ones as `>-` blocks; any other text
 * with newlines (keys too: pass them an empty path) double-quoted; else `yaml`'s choice.
 */
export function scalarType(path: StylePath, text: string): Scalar.Type | undefined {
  if (isAt(path, "agents", "instructions")) {
    if (text.includes("\n")) return Scalar.BLOCK_LITERAL;
    if (text.length > FOLD_AT) return Scalar.BLOCK_FOLDED;
    return undefined;
  }
  return text.includes("\n") ? Scalar.QUOTE_DOUBLE : undefined;
}

/** Whether a blank line comes before top-level key `key` (after `previous`): between sections, but the description stays under the name. */
export function sectionBreak(previous: string | undefined, key: string): boolean {
  return previous !== undefined && !(previous === "name" && key === "description");
}
