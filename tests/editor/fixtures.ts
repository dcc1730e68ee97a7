import type { FlowGraph, FlowNode, GraphEdge } from "@/lib/dsl/types";

/** A small graph by hand: `nodes` in order (parents first), flow edges as "a>b". */
export function graph(nodes: FlowNode[], flow: string[] = [], extra: GraphEdge[] = []): FlowGraph {
  const edges: GraphEdge[] = flow.map((pair) => {
    const [source, target] = pair.split(">") as [string, string];
    return { id: `flow:${source}->${target}`, type: "flow", source, target };
  });
  return { nodes, edges: [...edges, ...extra], settings: { type: "workflow" } };
}

export function agent(id: string, x = 0, y = 0, parentId?: string): FlowNode {
  return { id, type: "agent", position: { x, y }, ...(parentId ? { parentId } : {}), data: { name: id, model: "mock:echo" } };
}

export function container(type: "parallel" | "serial" | "swarm", id: string, x = 0, y = 0, parentId?: string): FlowNode {
  const base = { id, position: { x, y }, width: 400, height: 300, ...(parentId ? { parentId } : {}) };
  if (type === "swarm") return { ...base, type, data: { name: id, type: "workflow" } };
  return type === "parallel" ? { ...base, type, data: { name: id } } : { ...base, type, data: { name: id } };
}

export const HYBRID = `name: Hybrid
agents:
  intro: { model: mock:echo }
  history_researcher: { model: mock:echo }
  science_researcher: { model: mock:echo }
  drafter: { model: mock:echo }
  editor: { model: mock:echo }
groups:
  research: { type: parallel, agents: [history_researcher, science_researcher] }
  editing: { type: serial, agents: [drafter, editor] }
swarms:
  article: { type: workflow, flow: "research >> editing" }
swarm:
  type: workflow
  flow: intro >> article
`;

/** Issue 11's five-step chain: deleting the middle container must join its neighbours. */
export const FIVE_STEPS = `name: Chain
agents:
  researcher: { model: mock:echo }
  r1: { model: mock:echo }
  w1: { model: mock:echo }
  support: { model: mock:echo }
  summary: { model: mock:echo }
groups:
  research_team: { type: parallel, agents: [r1] }
  writing: { type: serial, agents: [w1] }
swarm:
  type: workflow
  flow: researcher >> research_team >> writing >> support >> summary
`;
