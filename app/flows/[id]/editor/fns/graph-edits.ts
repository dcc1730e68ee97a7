/**
 * Pure edits of the canvas graph. Each returns a new graph (or the same one when nothing
 * changes) and keeps the invariants the DSL relies on: ids are document names, parents
 * come before their children; an agent's handoffs are its `handoff` edges (lib/dsl/graph.ts).
 */
import type { XYPosition } from "@xyflow/react";
import type { GraphSettings } from "@/lib/dsl/types";
import type { FlowGraph, FlowNode, FlowNodeType, GraphEdge } from "../types";
import { createAgentNode } from "../nodes/agent/defaults";
import { createGroupNode } from "../nodes/group/defaults";
import { createSwarmNode } from "../nodes/swarm/defaults";
import { attach, detach, detachedIds, hasPlacedTopLevel, withDetached } from "./detached";
import { flowEdge, handoffEdge } from "./edges";
import { absolutePosition, canContain, CONTAINER_PADDING, isFlowScope, nodeMap, sizeOf, withDescendants } from "./graph";
import { nameProblem, uniqueName } from "./names";

const BASE_NAMES: Record<FlowNodeType, string> = { agent: "agent", parallel: "parallel", serial: "serial", swarm: "swarm" };

export function takenNames(graph: FlowGraph): Set<string> {
  return new Set(graph.nodes.map((node) => node.id));
}

export function addNode(
  graph: FlowGraph,
  kind: FlowNodeType,
  position: XYPosition,
  parentId?: string,
): { graph: FlowGraph; id: string } {
  const parent = parentId ? graph.nodes.find((node) => node.id === parentId) : undefined;
  const inside = parent && canContain(parent, kind) ? parent.id : undefined;
  const name = uniqueName(`${BASE_NAMES[kind]}_1`, takenNames(graph));
  const node: FlowNode =
    kind === "agent"
      ? createAgentNode(name, position, inside)
      : kind === "swarm"
        ? createSwarmNode(name, position, inside)
        : createGroupNode(kind, name, position, inside);
  const next = { ...graph, nodes: [...graph.nodes, node] };
  if (inside) return { graph: fitContainer(next, inside), id: name };
  // A new top-level node stays out of the flow until it is wired in (unless it is the first).
  return { graph: hasPlacedTopLevel(graph) ? detach(next, [name]) : next, id: name };
}

/**
 * Deletes nodes with everything inside them and every edge (handoffs too) touching them.
 * A deleted step of a flow joins its neighbours: `a >> b >> c` minus b is `a >> c`.
 */
export function deleteNodes(graph: FlowGraph, ids: Iterable<string>): FlowGraph {
  const gone = withDescendants(graph, ids);
  if (gone.size === 0) return graph;
  const nodes = graph.nodes.filter((node) => !gone.has(node.id));
  let flow = graph.edges.filter((edge) => edge.type === "flow");
  for (const id of gone) {
    const sources = flow.filter((edge) => edge.target === id).map((edge) => edge.source);
    const targets = flow.filter((edge) => edge.source === id).map((edge) => edge.target);
    flow = flow.filter((edge) => edge.source !== id && edge.target !== id);
    for (const source of sources) {
      for (const target of targets) {
        if (!flow.some((edge) => edge.source === source && edge.target === target)) flow.push(flowEdge(source, target));
      }
    }
  }
  const others = graph.edges.filter((edge) => edge.type !== "flow" && !gone.has(edge.source) && !gone.has(edge.target));
  const next = { ...graph, nodes, edges: [...flow, ...others] };
  return withDetached(next, [...detachedIds(graph)].filter((id) => !gone.has(id)));
}

/** Deletes flow and handoff edges; delegation edges are derived from the mode and stay. */
export function deleteEdges(graph: FlowGraph, ids: Iterable<string>): FlowGraph {
  const gone = new Set(ids);
  const edges = graph.edges.filter((edge) => !gone.has(edge.id) || edge.type === "delegation");
  return edges.length === graph.edges.length ? graph : { ...graph, edges };
}

export type ConnectionKind = "flow" | "handoff";

/** Why `source → target` cannot be drawn, or null when it can. */
export function connectionProblem(graph: FlowGraph, source: string, target: string, kind: ConnectionKind): string | null {
  if (source === target) return "A node cannot connect to itself.";
  const nodes = nodeMap(graph);
  const from = nodes.get(source);
  const to = nodes.get(target);
  if (!from || !to) return "Both ends must be nodes.";
  if (kind === "handoff") {
    if (from.type !== "agent" || to.type !== "agent") return "Handoffs go from an agent to an agent.";
    if (handoffsOf(graph, source).includes(target)) return "That handoff exists already.";
    return null;
  }
  if (from.parentId !== to.parentId) return "A >> edge joins nodes of the same swarm.";
  if (!isFlowScope(nodes, from.parentId)) return "Members of a group are ordered by the group, not by edges.";
  if (graph.edges.some((edge) => edge.type === "flow" && edge.source === source && edge.target === target)) return "That edge exists already.";
  if (reaches(graph, target, source)) return "That edge would make a cycle.";
  return null;
}

function reaches(graph: FlowGraph, from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const edge of graph.edges) if (edge.type === "flow" && edge.source === id) stack.push(edge.target);
  }
  return false;
}

/** Draws an edge; a `>>` edge brings both ends into the flow. */
export function connect(graph: FlowGraph, source: string, target: string, kind: ConnectionKind): FlowGraph {
  if (connectionProblem(graph, source, target, kind)) return graph;
  const next = { ...graph, edges: [...graph.edges, kind === "flow" ? flowEdge(source, target) : handoffEdge(source, target)] };
  return kind === "flow" ? attach(next, [source, target]) : next;
}

export function handoffsOf(graph: FlowGraph, id: string): string[] {
  return graph.edges.filter((edge) => edge.type === "handoff" && edge.source === id).map((edge) => edge.target);
}

/** Patches a node's data (not its name: see renameNode). */
export function updateData(graph: FlowGraph, id: string, patch: Record<string, unknown>): FlowGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((node) => (node.id === id ? ({ ...node, data: dropUndefined({ ...node.data, ...patch, name: node.id }) } as FlowNode) : node)),
  };
}

/** Sets an agent's handoffs by redrawing its handoff edges. */
export function setHandoffs(graph: FlowGraph, id: string, handoffs: string[]): FlowGraph {
  const edges = graph.edges.filter((edge) => !(edge.type === "handoff" && edge.source === id));
  return { ...graph, edges: [...edges, ...handoffs.map((target) => handoffEdge(id, target))] };
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function updateSettings(graph: FlowGraph, patch: Partial<GraphSettings>): FlowGraph {
  return { ...graph, settings: dropUndefined({ ...graph.settings, ...patch }) };
}

/** Turns a parallel group into a serial one or back; a serial group has no separator. */
export function setGroupKind(graph: FlowGraph, id: string, kind: "parallel" | "serial"): FlowGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      if (node.id !== id || (node.type !== "parallel" && node.type !== "serial") || node.type === kind) return node;
      return kind === "serial" ? { ...node, type: "serial", data: { name: node.data.name } } : { ...node, type: "parallel", data: { name: node.data.name } };
    }),
  };
}

/** Renames a node everywhere: its id, its children, edges and handoffs to it. */
export function renameNode(graph: FlowGraph, id: string, name: string): { graph: FlowGraph } | { error: string } {
  if (name === id) return { graph };
  const taken = takenNames(graph);
  const problem = nameProblem(name, taken);
  if (problem) return { error: problem };
  const rename = (value: string) => (value === id ? name : value);
  const nodes = graph.nodes.map((node): FlowNode => {
    let next = node;
    if (node.id === id) next = { ...next, id: name, data: { ...next.data, name } } as FlowNode;
    if (node.parentId === id) next = { ...next, parentId: name };
    return next;
  });
  const edges = graph.edges.map((edge): GraphEdge => {
    if (edge.source !== id && edge.target !== id) return edge;
    const source = rename(edge.source);
    const target = rename(edge.target);
    return { ...edge, source, target, id: `${edge.type}:${source}->${target}` } as GraphEdge;
  });
  const detached = [...detachedIds(graph)].map(rename);
  return { graph: withDetached({ ...graph, nodes, edges }, detached) };
}

/**
 * Moves a node (with its contents) into another container, or to the top level when
 * `parentId` is undefined, keeping where it is on screen. Its `>>` edges belonged to
 * the old scope, so they go; it becomes the new container's last member.
 */
export function setParent(graph: FlowGraph, id: string, parentId: string | undefined): FlowGraph {
  const nodes = nodeMap(graph);
  const node = nodes.get(id);
  if (!node || node.parentId === parentId) return graph;
  const parent = parentId ? nodes.get(parentId) : undefined;
  if (parentId && (!parent || !canContain(parent, node.type) || withDescendants(graph, [id]).has(parentId))) return graph;
  const absolute = absolutePosition(nodes, id);
  const origin = parentId ? absolutePosition(nodes, parentId) : { x: 0, y: 0 };
  const position = parent
    ? { x: Math.max(CONTAINER_PADDING.side, absolute.x - origin.x), y: Math.max(CONTAINER_PADDING.top, absolute.y - origin.y) }
    : absolute;
  const moved = { ...node, position, parentId } as FlowNode;
  if (!parentId) delete moved.parentId;
  const subtree = withDescendants(graph, [id]);
  const rest = graph.nodes.filter((n) => !subtree.has(n.id));
  const inner = graph.nodes.filter((n) => subtree.has(n.id) && n.id !== id);
  const edges = graph.edges.filter((edge) => edge.type !== "flow" || (edge.source !== id && edge.target !== id));
  const next = { ...graph, nodes: [...rest, moved, ...inner], edges };
  if (parentId) return fitContainer(attach(next, [id]), parentId);
  // Taken out to the top level, it has no >> edge there: it waits outside the flow.
  return hasPlacedTopLevel(graph) ? detach(next, [id]) : next;
}

/** Moves a member one place earlier (-1) or later (+1) among its siblings. */
export function moveMember(graph: FlowGraph, id: string, delta: -1 | 1): FlowGraph {
  const node = graph.nodes.find((n) => n.id === id);
  if (!node?.parentId) return graph;
  const siblings = graph.nodes.filter((n) => n.parentId === node.parentId);
  const index = siblings.indexOf(node);
  const other = siblings[index + delta];
  if (!other) return graph;
  const nodes = [...graph.nodes];
  const a = nodes.indexOf(node);
  const b = nodes.indexOf(other);
  // Swap positions too, so the order on screen follows the order of the members.
  nodes[a] = { ...other, position: node.position } as FlowNode;
  nodes[b] = { ...node, position: other.position } as FlowNode;
  return { ...graph, nodes };
}

/** Grows a container (and its ancestors) so that every member fits inside it. */
export function fitContainer(graph: FlowGraph, id: string): FlowGraph {
  let next = graph;
  for (let current: string | undefined = id; current; ) {
    const container = next.nodes.find((n) => n.id === current);
    if (!container) break;
    const size = sizeOf(container);
    let width = size.width;
    let height = size.height;
    for (const child of next.nodes) {
      if (child.parentId !== current) continue;
      const childSize = sizeOf(child);
      width = Math.max(width, child.position.x + childSize.width + CONTAINER_PADDING.side);
      height = Math.max(height, child.position.y + childSize.height + CONTAINER_PADDING.bottom);
    }
    if (width !== size.width || height !== size.height) {
      next = { ...next, nodes: next.nodes.map((n) => (n.id === current ? ({ ...n, width, height } as FlowNode) : n)) };
    }
    current = container.parentId;
  }
  return next;
}

/**
 * What copy puts on the clipboard: the nodes with their contents, the edges among them,
 * and the handoffs they make to agents outside (still valid targets after a paste).
 */
export type Clipboard = { nodes: FlowNode[]; edges: GraphEdge[] };

export function copyNodes(graph: FlowGraph, ids: Iterable<string>): Clipboard {
  const picked = withDescendants(graph, ids);
  const nodes = nodeMap(graph);
  const copied = graph.nodes
    .filter((node) => picked.has(node.id))
    .map((node): FlowNode => {
      // Roots leave their container: store them at their place on screen.
      if (node.parentId && picked.has(node.parentId)) return node;
      const root = { ...node, position: absolutePosition(nodes, node.id) } as FlowNode;
      delete root.parentId;
      return root;
    });
  const edges = graph.edges.filter(
    (edge) => picked.has(edge.source) && (edge.type === "handoff" || (edge.type === "flow" && picked.has(edge.target))),
  );
  return { nodes: copied, edges };
}

/** Adds the clipboard's nodes under fresh names, shifted by `offset`; returns their ids. */
export function pasteNodes(graph: FlowGraph, clipboard: Clipboard, offset: XYPosition): { graph: FlowGraph; ids: string[] } {
  const taken = takenNames(graph);
  const names = new Map<string, string>();
  for (const node of clipboard.nodes) {
    const name = uniqueName(node.id, taken);
    taken.add(name);
    names.set(node.id, name);
  }
  const rename = (value: string) => names.get(value) ?? value;
  const pasted = clipboard.nodes.map((node): FlowNode => {
    const name = rename(node.id);
    const isRoot = !node.parentId;
    return {
      ...node,
      id: name,
      data: { ...node.data, name },
      selected: isRoot,
      ...(node.parentId ? { parentId: rename(node.parentId) } : {}),
      position: isRoot ? { x: node.position.x + offset.x, y: node.position.y + offset.y } : node.position,
    } as FlowNode;
  });
  const edges = clipboard.edges.map((edge) => {
    const source = rename(edge.source);
    const target = rename(edge.target);
    return edge.type === "handoff" ? handoffEdge(source, target) : flowEdge(source, target);
  });
  const deselected = graph.nodes.map((node) => (node.selected ? ({ ...node, selected: false } as FlowNode) : node));
  const roots = pasted.filter((node) => !node.parentId).map((node) => node.id);
  const next = { ...graph, nodes: [...deselected, ...pasted], edges: [...graph.edges, ...edges] };
  // Pasted nodes wait outside the flow, unless the copy kept >> edges among them.
  const wired = new Set(edges.filter((edge) => edge.type === "flow").flatMap((edge) => [edge.source, edge.target]));
  const loose = roots.filter((id) => !wired.has(id));
  return { graph: hasPlacedTopLevel(graph) ? detach(next, loose) : next, ids: roots };
}
