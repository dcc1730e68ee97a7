export type { AgentData, AgentNode } from "@/lib/dsl/types";

/** What an agent does in its swarm, shown as a badge; derived from the flow and the mode. */
export type AgentRole = "lead" | "worker" | "handoff target";
