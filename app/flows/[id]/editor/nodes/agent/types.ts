import type { Node } from "@xyflow/react";
import type { AgentData } from "@/lib/dsl/types";

export type { AgentData };
export type AgentNode = Node<AgentData, "agent">;

/** What an agent does in its swarm, shown as a badge; derived from the flow and the mode. */
export type AgentRole = "lead" | "worker" | "handoff target";
