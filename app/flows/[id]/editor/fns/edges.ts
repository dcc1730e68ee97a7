import type { FlowEdge, HandoffEdge } from "../types";

// Ids as lib/dsl/graph.ts makes them, so a canvas edit and a re-read agree.

/** Handle ids on agent nodes; flow handles are the unnamed defaults. */
export const HANDOFF_SOURCE_HANDLE = "handoff";
export const HANDOFF_TARGET_HANDLE = "handoff-in";

export function flowEdge(source: string, target: string): FlowEdge {
  return { id: `flow:${source}->${target}`, type: "flow", source, target };
}

export function handoffEdge(source: string, target: string): HandoffEdge {
  return {
    id: `handoff:${source}->${target}`,
    type: "handoff",
    source,
    target,
    sourceHandle: HANDOFF_SOURCE_HANDLE,
    targetHandle: HANDOFF_TARGET_HANDLE,
  };
}
