/**
 * Where things are in a plain document, from js-yaml's own reading: the positions an
 * invalid document's errors need, without reading the text again with the `yaml`
 * package (about 1 µs a character: a second for a 1 MB document).
 *
 * js-yaml reports each node it composes (its `listener`: "open" before the node's
 * leading space, "close" after it, with the value). When a map or a list closes, its
 * children are paired with its entries: a child followed by `:` is a key, the next child
 * its value. A collection whose children do not pair up exactly (an empty list item, a
 * key without a value frame) is left out, and the caller asks `yaml` instead: positions
 * here are `yaml`'s own or absent (tests/dsl/plainYaml.test.ts checks this).
 */
import { load } from "js-yaml";
import { CORE_SCHEMA } from "./plainYaml";

/** A path in the YAML tree (source.ts's YamlPath). */
type YamlPath = readonly (string | number)[];

/**
 * Where an entry's key (maps only) and its value start, and where a value ends; for a
 * string, where its text starts inside the value once asked (-1: over several lines).
 */
type Entry = { key?: number; value?: number; end?: number; text?: number };
/** A collection's entries by key (a map's keys as values: `1` is a number) or index (a list). */
type Entries = Map<unknown, Entry>;

/** A node js-yaml composed: where it opened and closed, its kind and value. */
type Frame = { open: number; close: number; kind: string | null; result: unknown };

const SPACE = 0x20;
const TAB = 0x09;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
const HASH = 0x23;
const COLON = 0x3a;

export class PlainPositions {
  /** Each collection's children as read, paired into entries when first looked up (most never are). */
  private readonly children = new WeakMap<object, { frame: Frame; children: Frame[] }>();
  /** Paired collections; null: the children did not pair up exactly. */
  private readonly entries = new WeakMap<object, Entries | null>();
  private root?: { value: unknown; start: number };
  /** Nodes, path elements and characters looked at (SourceLocator.steps). */
  steps = 0;

  private constructor(private readonly text: string) {}

  /** The positions of `text`, or undefined when js-yaml does not read it. */
  static read(text: string): PlainPositions | undefined {
    const positions = new PlainPositions(text);
    // The closed children of every open node, one after another; `opened` holds where
    // each open node's children begin and where it opened.
    const closed: Frame[] = [];
    const opened: number[] = [];
    try {
      load(text, {
        schema: CORE_SCHEMA,
        listener: (event, state) => {
          if (event === "open") {
            opened.push(closed.length, state.position);
            return;
          }
          positions.steps++;
          const open = opened.pop()!;
          const first = opened.pop()!;
          const frame = { open, close: state.position, kind: state.kind, result: state.result };
          // A list item is composed twice, the inner frame holding the children: index that one.
          const wrapper = closed.length === first + 1 && closed[first]!.result === frame.result;
          if (!wrapper && (frame.kind === "mapping" || frame.kind === "sequence")) {
            positions.children.set(frame.result as object, { frame, children: closed.slice(first) });
          }
          closed.length = first;
          closed.push(frame);
        },
      });
    } catch {
      return undefined;
    }
    const root = closed.length === 1 ? closed[0]! : undefined;
    // A document is a map: other roots (a scalar, nothing) are left to `yaml`.
    if (root?.kind === "mapping") positions.root = { value: root.result, start: positions.start(root) };
    return positions;
  }

  /** Past spaces, line breaks and comments: where a node's text begins. */
  private start(frame: Frame): number {
    const { text } = this;
    let i = frame.open;
    if (frame.kind === null) {
      // An empty value: `yaml` places it after the spaces on the key's line.
      while (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB) i++;
      return i;
    }
    for (;;) {
      const ch = text.charCodeAt(i);
      if (ch === SPACE || ch === TAB || ch === NEWLINE || ch === RETURN) i++;
      else if (ch === HASH) {
        while (i < text.length && text.charCodeAt(i) !== NEWLINE) i++;
      } else return i;
    }
  }

  /** Whether a `:` follows the node (after spaces): the node is a key. */
  private isKey(frame: Frame): boolean {
    let i = frame.close;
    while (this.text.charCodeAt(i) === SPACE || this.text.charCodeAt(i) === TAB) i++;
    return this.text.charCodeAt(i) === COLON;
  }

  /** The entries of a collection of the document, paired on first use; undefined when they do not pair up. */
  private entriesOf(collection: object): Entries | undefined {
    let entries = this.entries.get(collection);
    if (entries === undefined) {
      const read = this.children.get(collection);
      if (!read) return undefined;
      this.steps += read.children.length;
      entries = (read.frame.kind === "mapping" ? this.pairMap(read.frame, read.children) : this.pairList(read.frame, read.children)) ?? null;
      this.entries.set(collection, entries);
      this.children.delete(collection);
    }
    return entries ?? undefined;
  }

  private pairMap(frame: Frame, children: readonly Frame[]): Entries | undefined {
    const entries: Entries = new Map();
    let pending: { name: unknown; at: number } | undefined;
    for (const child of children) {
      if (pending) {
        if (this.isKey(child)) return undefined; // the pending key had no value frame: not sure where it is
        entries.set(pending.name, { key: pending.at, value: this.start(child), end: child.close });
        pending = undefined;
      } else if (child.kind !== "scalar") {
        return undefined; // a collection as a key: not plain
      } else if (this.isKey(child)) {
        pending = { name: child.result, at: this.start(child) };
      } else {
        entries.set(child.result, { key: this.start(child) }); // a flow map's key without a value: `{ a }`
      }
    }
    const keys = Object.keys(frame.result as object).length;
    return pending || entries.size !== keys ? undefined : entries;
  }

  private pairList(frame: Frame, children: readonly Frame[]): Entries | undefined {
    if (children.length !== (frame.result as unknown[]).length) return undefined; // an empty item has no frame
    return new Map(children.map((child, i) => [i, { value: this.start(child), end: child.close }]));
  }

  /**
   * The deepest node on `path` that exists, as `yaml`'s tree would give it: its value,
   * its entry in its parent, and its start. Undefined when a collection on the way was
   * not indexed.
   */
  private node(path: YamlPath): { value: unknown; entry?: Entry; start: number } | undefined {
    if (!this.root) return undefined;
    let found: { value: unknown; entry?: Entry; start: number } = this.root;
    for (const key of path) {
      this.steps++;
      const value = found.value;
      if (typeof value !== "object" || value === null || (Array.isArray(value) && typeof key !== "number")) break;
      const entries = this.entriesOf(value);
      if (!entries) return undefined;
      const entry = entries.get(key);
      if (entry?.value === undefined) break;
      found = { value: (value as Record<string | number, unknown>)[key], entry, start: entry.value };
    }
    return found;
  }

  /** Where the value at `path` starts (or its nearest existing ancestor). */
  at(path: YamlPath): number | undefined {
    return this.node(path)?.start;
  }

  /** Where the key of the last path element is written; else as `at(path)`. */
  atKey(path: YamlPath): number | undefined {
    const parent = this.node(path.slice(0, -1));
    if (!parent) return undefined;
    const key = path[path.length - 1];
    const value = parent.value;
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      const at = this.entriesOf(value)?.get(key)?.key;
      if (at !== undefined) return at;
    }
    return this.at(path);
  }

  /** Where `innerOffset` of the string at `path` is, when it is written on one line; else its start. */
  inString(path: YamlPath, innerOffset: number): number | undefined {
    const node = this.node(path);
    if (!node) return undefined;
    const { value, entry, start } = node;
    if (typeof value !== "string" || entry?.end === undefined) return this.at(path);
    if (entry.text === undefined) {
      this.steps += entry.end - start;
      entry.text = value.includes("\n") ? -1 : this.text.slice(start, entry.end).indexOf(value);
    }
    return start + (entry.text < 0 ? 0 : entry.text + innerOffset);
  }
}
