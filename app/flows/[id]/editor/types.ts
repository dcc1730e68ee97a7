/**
 * The canvas's graph: React Flow's `Node` and `Edge` over the document data the DSL
 * draws (lib/dsl/types.ts). The DSL's graph shapes are plain objects; these add what
 * React Flow keeps on them (selection, measurements, handles). Both ways assign: the
 * DSL's graph is a canvas graph, and a canvas graph is what graphToDocument reads.
 */
import type { Edge } from "@xyflow/react";
import type { GraphSettings } from "@/lib/dsl/types";
import type { AgentNode } from "./nodes/agent/types";
import type { ParallelGroupNode, SerialGroupNode } from "./nodes/group/types";
import type { NestedSwarmNode } from "./nodes/swarm/types";

export type FlowNode = AgentNode | ParallelGroupNode | SerialGroupNode | NestedSwarmNode;
export type FlowNodeType = NonNullable<FlowNode["type"]>;

export type FlowEdge = Edge<Record<string, never>, "flow">;
export type HandoffEdge = Edge<Record<string, never>, "handoff">;
export type DelegationEdge = Edge<Record<string, never>, "delegation">;
export type GraphEdge = FlowEdge | HandoffEdge | DelegationEdge;

export type FlowGraph = { nodes: FlowNode[]; edges: GraphEdge[]; settings: GraphSettings };
