import type { Node } from "@xyflow/react";
import type { NestedSwarmData } from "@/lib/dsl/types";

export type { NestedSwarmData };
export type NestedSwarmNode = Node<NestedSwarmData, "swarm">;
