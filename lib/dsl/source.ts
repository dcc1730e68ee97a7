/**
 * Positions in a YAML text: maps a path in the YAML tree (or an offset) to a 1-based
 * line and column, so every document error can say where it is. The text is parsed
 * with positions (the slow part) only when a position or the tree is first asked for.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument as parseYaml, type Document, type Node } from "yaml";
import type { DocumentError } from "./types";

export type YamlPath = readonly (string | number)[];

type Tree = { doc: Document.Parsed; lines: LineCounter };

export class SourceLocator {
  private parsed?: Tree;

  constructor(private readonly text: string) {}

  /** The text as the `yaml` package reads it, with positions. */
  get yaml(): Document.Parsed {
    return this.tree.doc;
  }

  private get tree(): Tree {
    if (!this.parsed) {
      const lines = new LineCounter();
      this.parsed = { doc: parseYaml(this.text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true }), lines };
    }
    return this.parsed;
  }

  atOffset(offset: number): { line: number; column: number } {
    const { line, col } = this.tree.lines.linePos(offset);
    return { line: Math.max(line, 1), column: Math.max(col, 1) };
  }

  /** The nearest node on `path` (the deepest ancestor that exists). */
  private node(path: YamlPath): Node | undefined {
    let node: unknown = this.yaml.contents;
    let found = node as Node | undefined;
    for (const key of path) {
      if (isMap(node)) node = node.get(key, true);
      else if (isSeq(node) && typeof key === "number") node = node.get(key, true);
      else break;
      if (!node) break;
      found = node as Node;
    }
    return found;
  }

  /** Where the value at `path` starts. */
  at(path: YamlPath): { line: number; column: number } {
    const range = this.node(path)?.range;
    return this.atOffset(range?.[0] ?? 0);
  }

  /** Where the key of the last path element is written (falls back to its value). */
  atKey(path: YamlPath): { line: number; column: number } {
    const parent = this.node(path.slice(0, -1));
    const key = path[path.length - 1];
    if (isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === key);
      const range = (pair?.key as Node | undefined)?.range;
      if (range) return this.atOffset(range[0]);
    }
    return this.at(path);
  }

  /**
   * Where `innerOffset` of a string value falls in the text. Exact when the value is
   * written on one line (plain or quoted); otherwise the value's start.
   */
  inString(path: YamlPath, innerOffset: number): { line: number; column: number } {
    const node = this.node(path);
    const range = node?.range;
    if (!range || !isScalar(node) || typeof node.value !== "string") return this.at(path);
    const source = this.text.slice(range[0], range[1]);
    const start = node.value.includes("\n") ? -1 : source.indexOf(node.value);
    return this.atOffset(range[0] + (start < 0 ? 0 : start + innerOffset));
  }

  error(message: string, path: YamlPath, where: { line: number; column: number } = this.at(path)): DocumentError {
    return { message, ...where, path: path.join(".") };
  }
}
