/** Read-only questions about a canvas graph: kinds, parents, scopes, sizes, positions. */
import type { XYPosition } from "@xyflow/react";
import type { SwarmMode } from "@/lib/dsl/types";
import type { FlowGraph, FlowNode, FlowNodeType } from "../types";
import { AGENT_SIZE } from "../nodes/agent/defaults";
import { GROUP_SIZE } from "../nodes/group/defaults";
import { SWARM_SIZE } from "../nodes/swarm/defaults";

/** Room for a container's title bar and border, around its members. */
export const CONTAINER_PADDING = { top: 44, side: 16, bottom: 16 };

export type Size = { width: number; height: number };
export type Rect = XYPosition & Size;

/** Which containers a node of each kind may live in (undefined = the top-level swarm). */
const ALLOWED_PARENTS: Record<FlowNodeType, ReadonlySet<FlowNodeType>> = {
  agent: new Set(["parallel", "serial", "swarm"]),
  parallel: new Set(["swarm"]),
  serial: new Set(["swarm"]),
  swarm: new Set(["swarm"]),
};

export function isContainer(node: FlowNode): boolean {
  return node.type !== "agent";
}

export function canContain(parent: FlowNode, childType: FlowNodeType): boolean {
  return ALLOWED_PARENTS[childType].has(parent.type);
}

export function nodeMap(graph: FlowGraph): Map<string, FlowNode> {
  return new Map(graph.nodes.map((node) => [node.id, node]));
}

/** The node and everything inside it, at any depth. */
export function withDescendants(graph: FlowGraph, ids: Iterable<string>): Set<string> {
  const result = new Set(ids);
  // Parents come before their children, so one pass in array order finds every level.
  for (const node of graph.nodes) if (node.parentId && result.has(node.parentId)) result.add(node.id);
  return result;
}

export function childrenOf(graph: FlowGraph, parentId: string | undefined): FlowNode[] {
  return graph.nodes.filter((node) => node.parentId === parentId);
}

/** Size of a node: its fixed size, else what React Flow measured, else the kind's default. */
export function sizeOf(node: FlowNode): Size {
  const fallback = node.type === "agent" ? AGENT_SIZE : node.type === "swarm" ? SWARM_SIZE : GROUP_SIZE;
  return {
    width: node.width ?? node.measured?.width ?? fallback.width,
    height: node.height ?? node.measured?.height ?? fallback.height,
  };
}

export function absolutePosition(nodes: Map<string, FlowNode>, id: string): XYPosition {
  let x = 0;
  let y = 0;
  for (let node = nodes.get(id); node; node = node.parentId ? nodes.get(node.parentId) : undefined) {
    x += node.position.x;
    y += node.position.y;
  }
  return { x, y };
}

export function absoluteRect(nodes: Map<string, FlowNode>, id: string): Rect {
  const node = nodes.get(id);
  return { ...absolutePosition(nodes, id), ...(node ? sizeOf(node) : { width: 0, height: 0 }) };
}

function depth(nodes: Map<string, FlowNode>, node: FlowNode): number {
  let result = 0;
  for (let parent = node.parentId; parent; parent = nodes.get(parent)?.parentId) result++;
  return result;
}

/**
 * The innermost container under `point` that may hold a node of `childType`, skipping
 * `excluded` (the dragged nodes and what is inside them). Undefined means the top level.
 */
export function containerAt(graph: FlowGraph, point: XYPosition, childType: FlowNodeType, excluded: ReadonlySet<string>): FlowNode | undefined {
  const nodes = nodeMap(graph);
  let best: { node: FlowNode; depth: number } | undefined;
  for (const node of graph.nodes) {
    if (!isContainer(node) || excluded.has(node.id) || !canContain(node, childType)) continue;
    const rect = absoluteRect(nodes, node.id);
    const inside = point.x >= rect.x && point.x <= rect.x + rect.width && point.y >= rect.y && point.y <= rect.y + rect.height;
    if (!inside) continue;
    const d = depth(nodes, node);
    if (!best || d > best.depth) best = { node, depth: d };
  }
  return best?.node;
}

/** The mode of the swarm a node's scope belongs to: its nearest swarm ancestor, or the top. */
export function scopeMode(graph: FlowGraph, nodes: Map<string, FlowNode>, node: FlowNode): SwarmMode {
  for (let parent = node.parentId ? nodes.get(node.parentId) : undefined; parent; parent = parent.parentId ? nodes.get(parent.parentId) : undefined) {
    if (parent.type === "swarm") return parent.data.type;
  }
  return graph.settings.type;
}

/** Flow edges join siblings of a swarm (top level or nested), never group members. */
export function isFlowScope(nodes: Map<string, FlowNode>, parentId: string | undefined): boolean {
  return parentId === undefined || nodes.get(parentId)?.type === "swarm";
}
