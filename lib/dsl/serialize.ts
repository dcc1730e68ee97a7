/**
 * Document → text. Canonical: fixed key order, the `yaml` package's quoting, name lists
 * and layout entries in flow style, long instructions as block scalars, so
 * serialize(parse(serialize(d))) === serialize(d). Given the original text, the
 * original YAML tree is updated in place instead, so the user's comments and spelling
 * survive wherever the value did not change.
 */
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  parseDocument as parseYaml,
  type Node,
  type Pair,
  type ToStringOptions,
  type YAMLMap,
} from "yaml";
import { isFlowCollection, scalarType, sectionBreak, type StylePath } from "./canonicalStyle";
import { canonicalText } from "./canonicalText";
import { FlowError, formatFlow, parseFlow } from "./flow";
import { writtenFlow } from "./flowText";
import { findSecretLiterals, SecretLiteralError } from "./secrets";
import { treeOrder } from "./tree";
import type { AgentSpec, FlowDocument, GroupSpec, SwarmSpec } from "./types";

export type SerializeOptions = {
  /** The text the document was parsed from: its comments and layout are kept. */
  original?: string;
};

/** As canonicalText.ts writes. */
export const TO_STRING: ToStringOptions = { indent: 2, lineWidth: 80 };

const AGENT_KEYS: readonly (keyof AgentSpec)[] = [
  "model",
  "instructions",
  "tools",
  "approve",
  "handoffs",
  "max_steps",
  "temperature",
  "max_tokens",
  "output_schema",
  "spawn",
];

function pick<T extends object>(value: T, keys: readonly (keyof T)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (value[key] !== undefined) out[key as string] = value[key];
  return out;
}

/** The flow as written (with its `${vars}`) while it reads as the stages, else the stages. */
function swarmValue(swarm: SwarmSpec, vars: FlowDocument["vars"]): Record<string, unknown> {
  return pick({ ...swarm, flow: writtenFlow(swarm, vars) }, ["type", "flow", "max_handoffs"]);
}

function groupValue(group: GroupSpec): Record<string, unknown> {
  return pick(group as GroupSpec & { separator?: string }, ["type", "agents", "separator"]);
}

/** The document as plain data in canonical key order; named entries in tree order. */
export function canonicalValue(document: FlowDocument): Record<string, unknown> {
  const rank = new Map(treeOrder(document).map((name, i) => [name, i]));
  const byTree = ([a]: [string, unknown], [b]: [string, unknown]) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity);
  const mapValues = <T>(record: Record<string, T> | undefined, fn: (value: T) => unknown) =>
    record && Object.fromEntries(Object.entries(record).sort(byTree).map(([key, value]) => [key, fn(value)]));
  return pick(
    {
      name: document.name,
      description: document.description,
      vars: document.vars,
      tools: document.tools,
      agents: mapValues(document.agents, (agent) => pick(agent, AGENT_KEYS)),
      groups: mapValues(document.groups, groupValue),
      swarms: mapValues(document.swarms, (swarm) => swarmValue(swarm, document.vars)),
      swarm: swarmValue(document.swarm, document.vars),
      layout: mapValues(document.layout, (entry) => pick(entry, ["x", "y", "width", "height"])),
    },
    ["name", "description", "vars", "tools", "agents", "groups", "swarms", "swarm", "layout"],
  );
}

function pairs(node: unknown): Pair<Node, Node>[] {
  return isMap(node) ? (node.items as Pair<Node, Node>[]) : [];
}

function keyOf(pair: Pair<unknown, unknown>): unknown {
  return isScalar(pair.key) ? pair.key.value : pair.key;
}

/** Sets the canonical styles (canonicalStyle.ts) on a tree made from plain data. */
function applyStyles(node: unknown, path: StylePath): void {
  if (isScalar(node)) {
    if (typeof node.value === "string") node.type = scalarType(path, node.value) ?? node.type;
    return;
  }
  if (!isMap(node) && !isSeq(node)) return;
  if (isFlowCollection(path)) node.flow = true;
  if (isSeq(node)) node.items.forEach((item, i) => applyStyles(item, [...path, i]));
  for (const pair of pairs(node)) {
    applyStyles(pair.key, []);
    applyStyles(pair.value, [...path, String(keyOf(pair))]);
  }
}

/** The canonical `yaml` tree: what an original text is updated from, and what canonicalText.ts mimics. */
export function canonicalDocument(value: Record<string, unknown>): Document {
  const doc = new Document(value, { aliasDuplicateObjects: false });
  applyStyles(doc.contents, []);
  const sections = pairs(doc.contents);
  sections.forEach((section, i) => {
    if (section.key && sectionBreak(i > 0 ? String(keyOf(sections[i - 1]!)) : undefined, String(keyOf(section)))) section.key.spaceBefore = true;
  });
  return doc;
}

/** Spellings of a canonical key that the input format also accepts. */
const ALIASES: Readonly<Record<string, string>> = { instructions: "system_prompt" };

function sameData(a: Node, b: Node): boolean {
  return JSON.stringify(a.toJSON()) === JSON.stringify(b.toJSON());
}

/** A flow written another way ("a>>b" for "a >> b") is the same flow: keep the user's. */
function sameFlow(original: Node, fresh: Node): boolean {
  if (!isScalar(original) || typeof original.value !== "string" || !isScalar(fresh)) return false;
  try {
    return formatFlow(parseFlow(original.value).stages) === fresh.value;
  } catch (error) {
    if (error instanceof FlowError) return false;
    throw error;
  }
}

function keepComments(from: Node, to: Node): Node {
  to.commentBefore = from.commentBefore;
  to.comment = from.comment;
  to.spaceBefore = from.spaceBefore;
  return to;
}

/** Updates `original` to carry `fresh`'s data, keeping untouched nodes as they were. */
function merge(original: Node, fresh: Node): Node {
  if (isMap(original) && isMap(fresh)) return mergeMaps(original, fresh);
  if (sameData(original, fresh)) return original;
  return keepComments(original, fresh);
}

function mergeMaps(original: YAMLMap, fresh: YAMLMap): YAMLMap {
  const wanted = new Set<unknown>();
  const freshKeys = pairs(fresh).map(keyOf);
  for (const [index, pair] of pairs(fresh).entries()) {
    const key = keyOf(pair);
    const alias = ALIASES[String(key)];
    const existing = pairs(original).find((p) => keyOf(p) === key) ?? (alias ? pairs(original).find((p) => keyOf(p) === alias) : undefined);
    if (existing) {
      wanted.add(keyOf(existing));
      if (key === "flow" && existing.value && pair.value && sameFlow(existing.value, pair.value)) continue;
      existing.value = existing.value && pair.value ? merge(existing.value, pair.value) : pair.value;
    } else {
      wanted.add(key);
      const renamed = renamedEntry(original, freshKeys, pair);
      if (renamed) {
        renamed.key = keepComments(renamed.key as Node, pair.key as Node);
        continue;
      }
      // Before the first existing key that comes later in canonical order.
      const later = new Set(freshKeys.slice(index + 1));
      const at = original.items.findIndex((item) => later.has(keyOf(item)));
      original.items.splice(at < 0 ? original.items.length : at, 0, pair);
    }
  }
  original.items = original.items.filter((pair) => wanted.has(keyOf(pair)));
  return original;
}

/**
 * A named entry (an agent, a tool, a group) whose key is gone while an equal map appears
 * under a new key: a rename. Its node is kept, so the entry keeps its place, comments and
 * layout (inline parameters stay inline) instead of being written anew in canonical style.
 */
function renamedEntry(original: YAMLMap, freshKeys: unknown[], fresh: Pair<Node, Node>): Pair<Node, Node> | undefined {
  if (!isMap(fresh.value)) return undefined;
  return pairs(original).find((pair) => !freshKeys.includes(keyOf(pair)) && isMap(pair.value) && sameData(pair.value, fresh.value!));
}

/** Document → YAML text; throws `SecretLiteralError` when a literal looks like a key. */
export function serializeDocument(document: FlowDocument, options: SerializeOptions = {}): string {
  const secrets = findSecretLiterals(document);
  if (secrets.length > 0) throw new SecretLiteralError(secrets);
  const value = canonicalValue(document);
  if (options.original !== undefined) {
    const original = parseYaml(options.original);
    const fresh = canonicalDocument(value);
    if (original.errors.length === 0 && isMap(original.contents) && isMap(fresh.contents)) {
      mergeMaps(original.contents, fresh.contents);
      return original.toString(TO_STRING);
    }
  }
  return canonicalText(value) ?? canonicalDocument(value).toString(TO_STRING);
}
