/**
 * Document ⇄ React Flow graph. Names are node ids. Groups and nested swarms are parent
 * nodes; stages come back from `flow` edges (layered: a stage is what the previous
 * stages lead to), group members from child order, handoffs from `handoff` edges.
 * Positions come from `layout`; a position equal to the default placement is not
 * written back, so a document without layout maps back without one.
 */
import { keptFlowText } from "./flowText";
import { AGENT_SIZE, containerSize, placeStages, type Size } from "./layout";
import { kindOf, memberStages } from "./tree";
import type {
  AgentSpec,
  FlowDocument,
  FlowGraph,
  FlowNode,
  GraphEdge,
  GroupSpec,
  LayoutEntry,
  SwarmSpec,
} from "./types";

type Built = { nodes: FlowNode[]; size: Size };

function sameSize(a: Size, b: Size): boolean {
  return a.width === b.width && a.height === b.height;
}

export function documentToGraph(document: FlowDocument): FlowGraph {
  const layout = document.layout ?? {};

  const nodeFor = (name: string, parentId: string | undefined, size: Size): FlowNode => {
    const base = { id: name, position: { x: 0, y: 0 }, ...(parentId ? { parentId, extent: "parent" as const } : {}) };
    const kind = kindOf(document, name);
    if (kind === "agent") {
      const { handoffs: _, ...spec } = document.agents[name] ?? {};
      return { ...base, type: "agent", data: { name, ...spec } };
    }
    const sized = { ...base, width: size.width, height: size.height };
    if (kind === "swarm") {
      const swarm = document.swarms![name]!;
      const data = {
        name,
        type: swarm.type,
        ...(swarm.max_handoffs !== undefined ? { max_handoffs: swarm.max_handoffs } : {}),
        ...(swarm.flow_text !== undefined ? { flow_text: swarm.flow_text } : {}),
      };
      return { ...sized, type: "swarm", data };
    }
    const group = document.groups![name]!;
    if (group.type === "parallel") {
      return { ...sized, type: "parallel", data: { name, ...(group.separator !== undefined ? { separator: group.separator } : {}) } };
    }
    return { ...sized, type: "serial", data: { name } };
  };

  /** Builds the members of `owner` (null: the top level), each with its subtree. */
  const buildScope = (owner: string | null): { members: { node: FlowNode; subtree: FlowNode[]; size: Size }[] } => {
    const stages = memberStages(document, owner);
    const built = new Map<string, Built>();
    for (const stage of stages) for (const name of stage) built.set(name, buildNode(name, owner ?? undefined));
    const defaults = placeStages(stages, (name) => built.get(name)!.size, owner !== null);
    const members = stages.flat().map((name) => {
      const { nodes, size } = built.get(name)!;
      const saved = layout[name];
      nodes[0]!.position = saved ? { x: saved.x, y: saved.y } : defaults.get(name)!;
      return { node: nodes[0]!, subtree: nodes, size };
    });
    return { members };
  };

  const buildNode = (name: string, parentId: string | undefined): Built => {
    if (kindOf(document, name) === "agent") return { nodes: [nodeFor(name, parentId, AGENT_SIZE)], size: AGENT_SIZE };
    const { members } = buildScope(name);
    const saved = layout[name];
    const fitted = containerSize(members.map((m) => ({ position: m.node.position, size: m.size })));
    const size = { width: saved?.width ?? fitted.width, height: saved?.height ?? fitted.height };
    return { nodes: [nodeFor(name, parentId, size), ...members.flatMap((m) => m.subtree)], size };
  };

  const nodes = buildScope(null).members.flatMap((m) => m.subtree);
  const edges: GraphEdge[] = [];
  const scopes: [string | null, SwarmSpec][] = [[null, document.swarm], ...Object.entries(document.swarms ?? {})];
  for (const [, swarm] of scopes) {
    swarm.flow.forEach((stage, i) => {
      for (const source of stage) {
        for (const target of swarm.flow[i + 1] ?? []) edges.push({ id: `flow:${source}->${target}`, type: "flow", source, target });
      }
    });
    if (swarm.type === "team") {
      const [lead, ...workers] = swarm.flow.flat();
      for (const worker of workers) {
        edges.push({ id: `delegation:${lead}->${worker}`, type: "delegation", source: lead!, target: worker, deletable: false });
      }
    }
  }
  for (const [name, agent] of Object.entries(document.agents)) {
    for (const target of agent.handoffs ?? []) edges.push({ id: `handoff:${name}->${target}`, type: "handoff", source: name, target });
  }

  const { name, description, vars, tools, swarm } = document;
  return {
    nodes,
    edges,
    settings: {
      ...(name !== undefined ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(vars !== undefined ? { vars } : {}),
      ...(tools !== undefined ? { tools } : {}),
      type: swarm.type,
      ...(swarm.max_handoffs !== undefined ? { max_handoffs: swarm.max_handoffs } : {}),
      ...(swarm.flow_text !== undefined ? { flow_text: swarm.flow_text } : {}),
    },
  };
}

/** Stages of a scope from its `flow` edges: each stage is what only earlier stages lead to. */
function layerStages(members: readonly string[], flowEdges: readonly GraphEdge[]): string[][] {
  const inScope = new Set(members);
  const incoming = new Map(members.map((m) => [m, 0]));
  const outgoing = new Map<string, string[]>();
  for (const edge of flowEdges) {
    if (!inScope.has(edge.source) || !inScope.has(edge.target) || edge.source === edge.target) continue;
    incoming.set(edge.target, incoming.get(edge.target)! + 1);
    outgoing.set(edge.source, [...(outgoing.get(edge.source) ?? []), edge.target]);
  }
  const stages: string[][] = [];
  let remaining = [...members];
  while (remaining.length > 0) {
    let stage = remaining.filter((m) => incoming.get(m) === 0);
    if (stage.length === 0) stage = remaining; // a cycle of flow edges: keep them, validation reports it
    for (const m of stage) for (const next of outgoing.get(m) ?? []) incoming.set(next, incoming.get(next)! - 1);
    const placed = new Set(stage);
    remaining = remaining.filter((m) => !placed.has(m));
    stages.push(stage);
  }
  return stages;
}

function sizeOfNode(node: FlowNode): Size {
  return node.type === "agent" ? AGENT_SIZE : { width: node.width ?? 0, height: node.height ?? 0 };
}

export function graphToDocument(graph: FlowGraph): FlowDocument {
  const children = new Map<string | null, FlowNode[]>();
  for (const node of graph.nodes) {
    const parent = node.parentId ?? null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const flowEdges = graph.edges.filter((edge) => edge.type === "flow");
  const agents: Record<string, AgentSpec> = {};
  const groups: Record<string, GroupSpec> = {};
  const swarms: Record<string, SwarmSpec> = {};
  const layout: Record<string, LayoutEntry> = {};

  const stagesOf = (owner: FlowNode | null): string[][] => {
    const members = (children.get(owner?.id ?? null) ?? []).map((n) => n.id);
    if (owner?.type === "serial") return members.map((m) => [m]);
    if (owner?.type === "parallel") return members.length > 0 ? [members] : [];
    return layerStages(members, flowEdges);
  };

  const visitScope = (owner: FlowNode | null): string[][] => {
    const stages = stagesOf(owner);
    const members = children.get(owner?.id ?? null) ?? [];
    const byId = new Map(members.map((n) => [n.id, n]));
    const defaults = placeStages(stages, (id) => sizeOfNode(byId.get(id)!), owner !== null);
    for (const node of stages.flat().map((id) => byId.get(id)!)) {
      visitNode(node);
      const fallback = defaults.get(node.id)!;
      const entry: LayoutEntry = { x: node.position.x, y: node.position.y };
      let changed = entry.x !== fallback.x || entry.y !== fallback.y;
      if (node.type !== "agent") {
        const kids = children.get(node.id) ?? [];
        const fitted = containerSize(kids.map((k) => ({ position: k.position, size: sizeOfNode(k) })));
        const size = sizeOfNode(node);
        if (!sameSize(size, fitted)) {
          if (size.width !== fitted.width) entry.width = size.width;
          if (size.height !== fitted.height) entry.height = size.height;
          changed = true;
        }
      }
      if (changed) layout[node.id] = entry;
    }
    return stages;
  };

  const visitNode = (node: FlowNode): void => {
    if (node.type === "agent") {
      const { name: _, ...spec } = node.data;
      agents[node.id] = spec;
      return;
    }
    const stages = visitScope(node);
    if (node.type === "swarm") {
      const { type, max_handoffs, flow_text } = node.data;
      const written = keptFlowText(flow_text, graph.settings.vars, stages);
      swarms[node.id] = { type, flow: stages, ...(max_handoffs !== undefined ? { max_handoffs } : {}), ...(written !== undefined ? { flow_text: written } : {}) };
    } else if (node.type === "parallel") {
      const { separator } = node.data;
      groups[node.id] = { type: "parallel", agents: stages.flat(), ...(separator !== undefined ? { separator } : {}) };
    } else groups[node.id] = { type: "serial", agents: stages.flat() };
  };

  const flow = visitScope(null);
  for (const edge of graph.edges) {
    if (edge.type !== "handoff" || !agents[edge.source]) continue;
    (agents[edge.source]!.handoffs ??= []).push(edge.target);
  }

  const { name, description, vars, tools, type, max_handoffs, flow_text } = graph.settings;
  // The flow as written (with its `${vars}`) is kept while the canvas's flow is what it reads as.
  const written = keptFlowText(flow_text, vars, flow);
  const document: FlowDocument = {
    agents,
    swarm: { type, flow, ...(max_handoffs !== undefined ? { max_handoffs } : {}), ...(written !== undefined ? { flow_text: written } : {}) },
  };
  if (name !== undefined) document.name = name;
  if (description !== undefined) document.description = description;
  if (vars !== undefined) document.vars = vars;
  if (tools !== undefined) document.tools = tools;
  if (Object.keys(groups).length > 0) document.groups = groups;
  if (Object.keys(swarms).length > 0) document.swarms = swarms;
  if (Object.keys(layout).length > 0) document.layout = layout;
  return document;
}

