import type { NodeTypes } from "@xyflow/react";
import { AgentNodeComponent } from "./agent/node";
import { GroupNodeComponent } from "./group/node";
import { SwarmNodeComponent } from "./swarm/node";

/** Module-level, so React Flow never sees a new object and re-mounts every node. */
export const nodeTypes: NodeTypes = {
  agent: AgentNodeComponent,
  parallel: GroupNodeComponent,
  serial: GroupNodeComponent,
  swarm: SwarmNodeComponent,
};
