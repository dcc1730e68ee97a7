/**
 * What the canvas shows besides the document itself, derived in one pass when the
 * document changes: each agent's role, each node's problems, and the nodes React Flow
 * draws (collapsed swarms hide their contents).
 */
import type { DocumentError } from "@/lib/dsl/types";
import type { FlowGraph, FlowNode } from "../types";
import type { AgentRole } from "../nodes/agent/types";
import { COLLAPSED_SWARM_SIZE } from "../nodes/swarm/defaults";
import { nodeMap, scopeMode, withDescendants } from "./graph";

/** The first node of each scope (no `>>` into it), where a swarm's run starts. */
function entryNodes(graph: FlowGraph): Set<string> {
  const targets = new Set(graph.edges.filter((edge) => edge.type === "flow").map((edge) => edge.target));
  const seenScopes = new Set<string | undefined>();
  const entries = new Set<string>();
  for (const node of graph.nodes) {
    if (seenScopes.has(node.parentId) || targets.has(node.id)) continue;
    seenScopes.add(node.parentId);
    entries.add(node.id);
  }
  return entries;
}

/** Lead and workers in team swarms, the entry agent and handoff targets in handoff swarms. */
export function agentRoles(graph: FlowGraph): Map<string, AgentRole> {
  const nodes = nodeMap(graph);
  const entries = entryNodes(graph);
  const handoffTargets = new Set(graph.edges.filter((edge) => edge.type === "handoff").map((edge) => edge.target));
  const roles = new Map<string, AgentRole>();
  for (const node of graph.nodes) {
    if (node.type !== "agent") continue;
    const mode = scopeMode(graph, nodes, node);
    const inGroup = node.parentId !== undefined && nodes.get(node.parentId)?.type !== "swarm";
    if (mode === "team") roles.set(node.id, entries.has(node.id) && !inGroup ? "lead" : "worker");
    else if (mode === "handoff" && entries.has(node.id) && !inGroup) roles.set(node.id, "lead");
    else if (handoffTargets.has(node.id)) roles.set(node.id, "handoff target");
  }
  return roles;
}

const NODE_SECTIONS = new Set(["agents", "groups", "swarms", "layout"]);

/** The node a problem belongs to, from its YAML path ("agents.writer.model" → writer). */
export function nodeOfPath(path: string): string | undefined {
  const [section, name] = path.split(".");
  return section && name && NODE_SECTIONS.has(section) ? name : undefined;
}

export function issuesByNode<T extends DocumentError>(errors: readonly T[]): Map<string, T[]> {
  const result = new Map<string, T[]>();
  for (const error of errors) {
    const node = nodeOfPath(error.path);
    if (node) result.set(node, [...(result.get(node) ?? []), error]);
  }
  return result;
}

/** Hides what is inside collapsed swarms and shrinks them to one node. */
export function visibleNodes(nodes: FlowNode[], collapsed: ReadonlySet<string>): FlowNode[] {
  if (collapsed.size === 0) return nodes;
  const graph = { nodes, edges: [], settings: { type: "workflow" as const } };
  const present = [...collapsed].filter((id) => nodes.some((node) => node.id === id));
  const inside = withDescendants(graph, present);
  return nodes.map((node) => {
    if (collapsed.has(node.id)) return { ...node, ...COLLAPSED_SWARM_SIZE } as FlowNode;
    if (inside.has(node.id)) return { ...node, hidden: true };
    return node;
  });
}

/**
 * Keeps the previous node objects where nothing the document cares about changed, so
 * React Flow re-renders only what a text edit touched, and keeps measured sizes and
 * selection on the rest.
 */
export function reconcileNodes(previous: readonly FlowNode[], next: readonly FlowNode[]): FlowNode[] {
  const before = new Map(previous.map((node) => [node.id, node]));
  return next.map((node) => {
    const old = before.get(node.id);
    if (!old) return node;
    const same =
      old.type === node.type &&
      old.parentId === node.parentId &&
      old.position.x === node.position.x &&
      old.position.y === node.position.y &&
      old.width === node.width &&
      old.height === node.height &&
      sameData(old.data, node.data);
    if (same) return old;
    return { ...node, measured: old.measured, selected: old.selected } as FlowNode;
  });
}

function sameData(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
