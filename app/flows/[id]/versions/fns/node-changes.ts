// Which nodes of the swarm changed between two documents: agents, groups and nested
// swarms by name (the canvas's node ids), plus the top-level swarm.
import { parseDocument } from "@/lib/dsl/parseDocument";
import type { FlowDocument } from "@/lib/dsl/types";

export type NodeKind = "agent" | "group" | "swarm";
export type NodeChange = { name: string; kind: NodeKind; change: "added" | "removed" | "changed" | "moved" };

/** The top-level swarm's entry in the result (not a name a document can use: it has a space). */
export const TOP_LEVEL = "(top-level swarm)";

type NodeEntry = { kind: NodeKind; spec: string; layout: string };

/** JSON with sorted keys, so equal specs compare equal whatever their key order. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

function nodesOf(document: FlowDocument): Map<string, NodeEntry> {
  const layout = (name: string) => stable(document.layout?.[name] ?? null);
  const nodes = new Map<string, NodeEntry>();
  for (const [name, spec] of Object.entries(document.agents)) nodes.set(name, { kind: "agent", spec: stable(spec), layout: layout(name) });
  for (const [name, spec] of Object.entries(document.groups ?? {})) nodes.set(name, { kind: "group", spec: stable(spec), layout: layout(name) });
  for (const [name, spec] of Object.entries(document.swarms ?? {})) nodes.set(name, { kind: "swarm", spec: stable(spec), layout: layout(name) });
  nodes.set(TOP_LEVEL, { kind: "swarm", spec: stable(document.swarm), layout: "null" });
  return nodes;
}

export type NodeChangesResult = { ok: true; changes: NodeChange[] } | { ok: false; reason: string };

/** Changes from `before` to `after`, in name order; fails when either document does not parse. */
export function nodeChanges(before: string, after: string): NodeChangesResult {
  const [a, b] = [parseDocument(before), parseDocument(after)];
  if (!a.document || !b.document) return { ok: false, reason: "One of the versions is not a valid document, so only the text is compared." };
  const [old, next] = [nodesOf(a.document), nodesOf(b.document)];
  const changes: NodeChange[] = [];
  for (const [name, entry] of next) {
    const previous = old.get(name);
    if (!previous) changes.push({ name, kind: entry.kind, change: "added" });
    else if (previous.spec !== entry.spec || previous.kind !== entry.kind) changes.push({ name, kind: entry.kind, change: "changed" });
    else if (previous.layout !== entry.layout) changes.push({ name, kind: entry.kind, change: "moved" });
  }
  for (const [name, entry] of old) if (!next.has(name)) changes.push({ name, kind: entry.kind, change: "removed" });
  return { ok: true, changes: changes.sort((x, y) => x.name.localeCompare(y.name)) };
}

/** The canvas classes (`change-added`…) of the changes of the given kinds, by node name. */
export function changeClasses(changes: readonly NodeChange[], kinds: readonly NodeChange["change"][]): Map<string, string> {
  return new Map(changes.filter((change) => change.name !== TOP_LEVEL && kinds.includes(change.change)).map((change) => [change.name, `change-${change.change}`]));
}
