/**
 * Positions in a YAML text: maps a path in the YAML tree (or an offset) to a 1-based
 * line and column, so every document error can say where it is. The text is parsed
 * with positions (the slow part) only when a position or the tree is first asked for.
 *
 * Every lookup is O(path length), whatever the size of the document (issue 13): a map's
 * keys are indexed the first time the map is walked through, and a string's offset in
 * the text is found once per string, so a document with tens of thousands of errors is
 * located in linear time. For text the fast reading accepted (`plain`), positions come
 * from js-yaml's reading (plainPositions.ts), which is several times faster than
 * `yaml`'s; `yaml` answers what that index leaves out.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument as parseYaml, visit, YAMLParseError, type Document, type Node, type Pair, type YAMLMap } from "yaml";
import { PlainPositions } from "./plainPositions";
import type { DocumentError } from "./types";

export type YamlPath = readonly (string | number)[];

type Position = { line: number; column: number };

export class SourceLocator {
  private parsed?: Document.Parsed;
  private lines?: LineCounter;
  private plainPositions?: PlainPositions | null;
  /** Each map's pairs by key value (the first pair of a key, as `YAMLMap.get` finds it). */
  private readonly keys = new WeakMap<YAMLMap, Map<unknown, Pair>>();
  /** Where each one-line string value's text starts (-1: written over several lines). */
  private readonly stringStarts = new WeakMap<Node, number>();
  private ownSteps = 0;

  /** `plain`: js-yaml reads the text the way `yaml` does (plainYaml.ts accepted it). */
  constructor(
    private readonly text: string,
    private readonly options: { plain?: boolean } = {},
  ) {}

  /** The text as the `yaml` package reads it, with positions. */
  get yaml(): Document.Parsed {
    if (!this.parsed) {
      // Keys are checked for uniqueness here: `yaml`'s own check is quadratic in a map's size.
      this.parsed = parseYaml(this.text, { prettyErrors: false, uniqueKeys: false });
      checkUniqueKeys(this.parsed);
    }
    return this.parsed;
  }

  /**
   * How many tree entries, path elements and characters the lookups have looked at so
   * far: a measure of work, which tests check grows linearly with the document.
   */
  get steps(): number {
    return this.ownSteps + (this.plainPositions?.steps ?? 0);
  }

  /** js-yaml's positions, read on first use; null when not plain. */
  private get plain(): PlainPositions | undefined {
    if (this.plainPositions === undefined) {
      this.plainPositions = (this.options.plain && PlainPositions.read(this.text)) || null;
    }
    return this.plainPositions ?? undefined;
  }

  atOffset(offset: number): Position {
    if (!this.lines) {
      // Lines as `yaml`'s parser counts them: one more after each "\n".
      this.lines = new LineCounter();
      this.lines.addNewLine(0);
      for (let i = this.text.indexOf("\n"); i >= 0; i = this.text.indexOf("\n", i + 1)) this.lines.addNewLine(i + 1);
    }
    const { line, col } = this.lines.linePos(offset);
    return { line: Math.max(line, 1), column: Math.max(col, 1) };
  }

  private pair(map: YAMLMap, key: string | number): Pair | undefined {
    let index = this.keys.get(map);
    if (!index) {
      index = new Map();
      this.ownSteps += map.items.length;
      for (const pair of map.items) {
        const value = isScalar(pair.key) ? pair.key.value : pair.key;
        if (!index.has(value)) index.set(value, pair);
      }
      this.keys.set(map, index);
    }
    return index.get(key);
  }

  /** The nearest node on `path` (the deepest ancestor that exists). */
  private node(path: YamlPath): Node | undefined {
    let node: unknown = this.yaml.contents;
    let found = node as Node | undefined;
    for (const key of path) {
      this.ownSteps++;
      if (isMap(node)) node = this.pair(node, key)?.value;
      else if (isSeq(node) && typeof key === "number") node = node.items[key];
      else break;
      if (!node) break;
      found = node as Node;
    }
    return found;
  }

  /** Where the value at `path` starts. */
  at(path: YamlPath): Position {
    const plain = this.plain?.at(path);
    if (plain !== undefined) return this.atOffset(plain);
    const range = this.node(path)?.range;
    return this.atOffset(range?.[0] ?? 0);
  }

  /** Where the key of the last path element is written (falls back to its value). */
  atKey(path: YamlPath): Position {
    const plain = this.plain?.atKey(path);
    if (plain !== undefined) return this.atOffset(plain);
    const parent = this.node(path.slice(0, -1));
    if (isMap(parent)) {
      const range = (this.pair(parent, path[path.length - 1]!)?.key as Node | undefined)?.range;
      if (range) return this.atOffset(range[0]);
    }
    return this.at(path);
  }

  /**
   * Where `innerOffset` of a string value falls in the text. Exact when the value is
   * written on one line (plain or quoted); otherwise the value's start.
   */
  inString(path: YamlPath, innerOffset: number): Position {
    const plain = this.plain?.inString(path, innerOffset);
    if (plain !== undefined) return this.atOffset(plain);
    const node = this.node(path);
    const range = node?.range;
    if (!range || !isScalar(node) || typeof node.value !== "string") return this.at(path);
    let start = this.stringStarts.get(node);
    if (start === undefined) {
      this.ownSteps += range[1] - range[0];
      start = node.value.includes("\n") ? -1 : this.text.slice(range[0], range[1]).indexOf(node.value);
      this.stringStarts.set(node, start);
    }
    return this.atOffset(range[0] + (start < 0 ? 0 : start + innerOffset));
  }

  error(message: string, path: YamlPath, where: Position = this.at(path)): DocumentError {
    return { message, ...where, path: path.join(".") };
  }
}

/** `yaml`'s "Map keys must be unique" error, in linear time: each map's scalar keys in a set. */
function checkUniqueKeys(doc: Document.Parsed): void {
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        if (seen.has(pair.key.value)) {
          const at = pair.key.range?.[0] ?? 0;
          doc.errors.push(new YAMLParseError([at, at + 1], "DUPLICATE_KEY", "Map keys must be unique"));
        }
        seen.add(pair.key.value);
      }
    },
  });
}
