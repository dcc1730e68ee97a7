/**
 * Auto-layout with elkjs: layered, left to right, containers laid out inside with their
 * members. Pure apart from elk's own promise: graph in, graph with new positions out.
 */
import ELK, { type ElkExtendedEdge, type ElkNode } from "elkjs/lib/elk.bundled.js";
import type { FlowGraph, FlowNode } from "../types";
import { childrenOf, CONTAINER_PADDING, isContainer, sizeOf } from "./graph";

const elk = new ELK();

const LAYOUT_OPTIONS = {
  "elk.algorithm": "layered",
  "elk.direction": "RIGHT",
  "elk.layered.spacing.nodeNodeBetweenLayers": "60",
  "elk.spacing.nodeNode": "28",
  "elk.layered.considerModelOrder.strategy": "NODES_AND_EDGES",
  "elk.hierarchyHandling": "INCLUDE_CHILDREN",
};

const CONTAINER_OPTIONS = {
  "elk.padding": `[top=${CONTAINER_PADDING.top},left=${CONTAINER_PADDING.side},bottom=${CONTAINER_PADDING.bottom},right=${CONTAINER_PADDING.side}]`,
};

/** A parallel group stacks its members; a serial group lines them up in order. */
function containerOptions(node: FlowNode): Record<string, string> {
  if (node.type === "parallel") return { ...CONTAINER_OPTIONS, "elk.direction": "DOWN" };
  return CONTAINER_OPTIONS;
}

function toElk(graph: FlowGraph, node: FlowNode, edgesByScope: Map<string | undefined, ElkExtendedEdge[]>): ElkNode {
  if (!isContainer(node)) return { id: node.id, ...sizeOf(node) };
  const children = childrenOf(graph, node.id);
  return {
    id: node.id,
    layoutOptions: containerOptions(node),
    children: children.map((child) => toElk(graph, child, edgesByScope)),
    edges: edgesByScope.get(node.id) ?? [],
  };
}

/** Edges elk should respect, kept in the scope where both ends live. */
function layoutEdges(graph: FlowGraph): Map<string | undefined, ElkExtendedEdge[]> {
  const parents = new Map(graph.nodes.map((node) => [node.id, node.parentId]));
  const byScope = new Map<string | undefined, ElkExtendedEdge[]>();
  const add = (scope: string | undefined, edge: ElkExtendedEdge) => byScope.set(scope, [...(byScope.get(scope) ?? []), edge]);
  for (const edge of graph.edges) {
    if (edge.type !== "flow") continue;
    add(parents.get(edge.source), { id: edge.id, sources: [edge.source], targets: [edge.target] });
  }
  // Serial members run in order: chain them so elk places them left to right.
  for (const group of graph.nodes.filter((node) => node.type === "serial")) {
    const members = childrenOf(graph, group.id);
    members.slice(1).forEach((member, i) => add(group.id, { id: `order:${members[i]!.id}:${member.id}`, sources: [members[i]!.id], targets: [member.id] }));
  }
  return byScope;
}

/** Lays the whole graph out; containers get the size that fits their members. */
export async function layoutGraph(graph: FlowGraph): Promise<FlowGraph> {
  const edgesByScope = layoutEdges(graph);
  const root: ElkNode = {
    id: "root",
    layoutOptions: LAYOUT_OPTIONS,
    children: childrenOf(graph, undefined).map((node) => toElk(graph, node, edgesByScope)),
    edges: edgesByScope.get(undefined) ?? [],
  };
  const laidOut = await elk.layout(root);
  const placed = new Map<string, ElkNode>();
  const collect = (node: ElkNode) => {
    placed.set(node.id, node);
    node.children?.forEach(collect);
  };
  laidOut.children?.forEach(collect);
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      const box = placed.get(node.id);
      if (!box) return node;
      const position = { x: Math.round(box.x ?? 0), y: Math.round(box.y ?? 0) };
      return (isContainer(node) ? { ...node, position, width: Math.round(box.width ?? 0), height: Math.round(box.height ?? 0) } : { ...node, position }) as FlowNode;
    }),
  };
}
