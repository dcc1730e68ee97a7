/**
 * Nodes on the canvas that are not in the flow yet: a new node, a pasted one, one taken
 * out of its group. The document holds them as definitions no flow uses (its "never
 * used" problem); the canvas shows them unconnected until the user wires them in, and
 * never joins them to the first stage behind the user's back. Only top-level nodes can
 * be detached: a node in the document has no place outside the top-level swarm.
 */
import type { FlowGraph } from "../types";

/** The graph with the ids of its detached nodes (kept apart from the DSL's own graph type). */
type WithDetached = FlowGraph & { detached?: readonly string[] };

const NONE: ReadonlySet<string> = new Set();

export function detachedIds(graph: FlowGraph): ReadonlySet<string> {
  const ids = (graph as WithDetached).detached;
  return ids && ids.length > 0 ? new Set(ids) : NONE;
}

/** The graph with exactly `ids` detached (those that are top-level nodes of it). */
export function withDetached(graph: FlowGraph, ids: Iterable<string>): FlowGraph {
  const topLevel = new Set(graph.nodes.filter((node) => !node.parentId).map((node) => node.id));
  const detached = [...new Set(ids)].filter((id) => topLevel.has(id));
  const { detached: _old, ...rest } = graph as WithDetached;
  return detached.length > 0 ? ({ ...rest, detached } as FlowGraph) : rest;
}

export function detach(graph: FlowGraph, ids: Iterable<string>): FlowGraph {
  return withDetached(graph, [...detachedIds(graph), ...ids]);
}

/** The nodes join the flow (an edge was drawn to or from them, or they joined a container). */
export function attach(graph: FlowGraph, ids: Iterable<string>): FlowGraph {
  const current = detachedIds(graph);
  if (current.size === 0) return graph;
  const joining = new Set(ids);
  return withDetached(graph, [...current].filter((id) => !joining.has(id)));
}

/** True when the top-level flow has some node in it, so a new node can stay outside it. */
export function hasPlacedTopLevel(graph: FlowGraph): boolean {
  const detached = detachedIds(graph);
  return graph.nodes.some((node) => !node.parentId && !detached.has(node.id));
}

/** One node's question, without building a set (asked by every node on every change). */
export function isDetached(graph: FlowGraph, id: string): boolean {
  return (graph as WithDetached).detached?.includes(id) ?? false;
}
