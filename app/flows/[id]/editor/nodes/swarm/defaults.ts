import type { XYPosition } from "@xyflow/react";
import type { NestedSwarmNode } from "./types";

export const SWARM_SIZE = { width: 440, height: 280 };
/** A collapsed swarm is drawn as one node of this size. */
export const COLLAPSED_SWARM_SIZE = { width: 220, height: 64 };

export function createSwarmNode(name: string, position: XYPosition, parentId?: string): NestedSwarmNode {
  return { id: name, type: "swarm", position, ...SWARM_SIZE, ...(parentId ? { parentId } : {}), data: { name, type: "workflow" } };
}
