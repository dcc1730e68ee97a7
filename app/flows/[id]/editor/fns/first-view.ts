/**
 * What the canvas can draw before React Flow has measured a node: agents are all one size
 * (lib/dsl/layout.ts's AGENT_SIZE, editor.css's .agent-node), containers carry theirs, so
 * the fitted view and every node's box are known up front. React Flow otherwise draws the
 * nodes hidden, measures them, then draws them again visible and fits the view: two full
 * passes over a 1,000-agent flow before the first one shows.
 */
import { getViewportForBounds, type Viewport } from "@xyflow/react";
import { AGENT_SIZE } from "@/lib/dsl/layout";
import type { FlowNode } from "../types";

/** React Flow's fitView padding, as a share of the canvas. */
const FIT_PADDING = 0.1;

const sized = new WeakMap<FlowNode, FlowNode>();

/** The node with its size to draw before it is measured (the same object for the same node). */
export function withInitialSize(node: FlowNode): FlowNode {
  if (node.type !== "agent" || node.width !== undefined || node.measured?.width !== undefined) return node;
  let result = sized.get(node);
  if (!result) {
    result = { ...node, initialWidth: AGENT_SIZE.width, initialHeight: AGENT_SIZE.height };
    sized.set(node, result);
  }
  return result;
}

/** The view that fits every shown node in a canvas of `size`, as React Flow's fitView would. */
export function fittedViewport(nodes: readonly FlowNode[], size: { width: number; height: number }, zoom: { min: number; max: number }): Viewport {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  // Containers enclose their members: the top-level nodes span the flow.
  for (const node of nodes) {
    if (node.parentId || node.hidden) continue;
    const width = node.width ?? (node.type === "agent" ? AGENT_SIZE.width : 0);
    const height = node.height ?? (node.type === "agent" ? AGENT_SIZE.height : 0);
    x1 = Math.min(x1, node.position.x);
    y1 = Math.min(y1, node.position.y);
    x2 = Math.max(x2, node.position.x + width);
    y2 = Math.max(y2, node.position.y + height);
  }
  if (x1 === Infinity || x2 <= x1 || y2 <= y1) return { x: 0, y: 0, zoom: 1 };
  return getViewportForBounds({ x: x1, y: y1, width: x2 - x1, height: y2 - y1 }, size.width, size.height, zoom.min, zoom.max, FIT_PADDING);
}
