/**
 * Where a new node goes: the free spot nearest to a preferred point among its future
 * siblings, so it never lands on top of another node (whose header could then not be
 * clicked). Pure; positions are relative to the parent (or absolute at the top level).
 */
import type { XYPosition } from "@xyflow/react";
import type { FlowGraph, FlowNodeType } from "../types";
import { AGENT_SIZE } from "../nodes/agent/defaults";
import { GROUP_SIZE } from "../nodes/group/defaults";
import { SWARM_SIZE } from "../nodes/swarm/defaults";
import { CONTAINER_PADDING, type Rect, type Size, sizeOf } from "./graph";

/** Room kept between a new node and its neighbours. */
const GAP = 24;
/** The search grid's step, and how many rings around the preferred point it tries. */
const STEP = 40;
const RINGS = 60;

export function defaultSize(kind: FlowNodeType): Size {
  return kind === "agent" ? AGENT_SIZE : kind === "swarm" ? SWARM_SIZE : GROUP_SIZE;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP;
}

/** The rects of the nodes directly inside `parentId` (the top level when undefined). */
export function siblingRects(graph: FlowGraph, parentId: string | undefined): Rect[] {
  return graph.nodes.filter((node) => node.parentId === parentId && !node.hidden).map((node) => ({ ...node.position, ...sizeOf(node) }));
}

/**
 * The free position for a node of `size` nearest to `preferred`, trying rings of grid
 * points around it (right and down first on a tie). Inside a container the spot stays
 * below its title bar and right of its padding.
 */
export function freeSpot(occupied: readonly Rect[], preferred: XYPosition, size: Size, inContainer = false): XYPosition {
  const min = inContainer ? { x: CONTAINER_PADDING.side, y: CONTAINER_PADDING.top } : { x: -Infinity, y: -Infinity };
  const start = { x: Math.max(min.x, Math.round(preferred.x)), y: Math.max(min.y, Math.round(preferred.y)) };
  const free = (p: XYPosition) => p.x >= min.x && p.y >= min.y && !occupied.some((rect) => overlaps({ ...p, ...size }, rect));
  if (free(start)) return start;
  for (let ring = 1; ring <= RINGS; ring++) {
    let best: { point: XYPosition; distance: number } | undefined;
    for (let dx = -ring; dx <= ring; dx++) {
      for (let dy = -ring; dy <= ring; dy++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const point = { x: start.x + dx * STEP, y: start.y + dy * STEP };
        if (!free(point)) continue;
        // Prefer right of and below the preferred point, where reading goes on.
        const distance = Math.hypot(dx, dy) + (dx < 0 ? 0.5 : 0) + (dy < 0 ? 0.25 : 0);
        if (!best || distance < best.distance) best = { point, distance };
      }
    }
    if (best) return best.point;
  }
  // Everything near is taken: below everything.
  const bottom = Math.max(start.y, ...occupied.map((rect) => rect.y + rect.height + GAP));
  return { x: start.x, y: bottom };
}
