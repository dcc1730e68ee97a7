import type { XYPosition } from "@xyflow/react";
import type { AgentNode } from "./types";

/** The DSL places agents at this size, so the canvas draws them at exactly this size. */
export { AGENT_SIZE } from "@/lib/dsl/layout";

/** A new agent runs offline on the mock provider until the user picks a model. */
export const DEFAULT_AGENT_MODEL = "mock:echo";

export function createAgentNode(name: string, position: XYPosition, parentId?: string): AgentNode {
  return { id: name, type: "agent", position, ...(parentId ? { parentId } : {}), data: { name, model: DEFAULT_AGENT_MODEL } };
}
