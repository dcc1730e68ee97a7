/**
 * Timeline layout: the visible rows of the tree (preorder, collapsed subtrees skipped),
 * each with its bar on the run's shared time axis and its lane among its siblings.
 * Pure; the view only turns milliseconds into pixels.
 */
import type { RunNodeSummary } from "@/lib/data/runs/types";
import type { RunTree, TreeNode } from "./treeBuilding";

export type TimelineRow = {
  node: RunNodeSummary;
  depth: number;
  hasChildren: boolean;
  collapsed: boolean;
  /** Bar start and length in ms from the axis start. */
  offsetMs: number;
  durationMs: number;
  /** 0 for work that ran alone; 1, 2… for siblings that overlapped it in time. */
  lane: number;
  costUsd: number;
};

export type TimelineLayout = {
  rows: TimelineRow[];
  axis: { startMs: number; endMs: number };
};

/** Where a node's bar begins and ends; a node still running ends at `nowMs`. */
export function nodeInterval(node: RunNodeSummary, nowMs: number): { start: number; end: number } {
  const start = node.startedAt ?? node.createdAt;
  const end = node.endedAt ?? (node.status === "running" ? Math.max(nowMs, start) : start);
  return { start, end };
}

/**
 * Lanes of siblings by greedy interval partitioning: each child takes the lowest lane
 * free at its start, so concurrent siblings (a parallel stage, tool calls of one step)
 * get distinct lanes and sequential ones share lane 0.
 */
export function assignLanes(intervals: readonly { start: number; end: number }[]): number[] {
  const laneEnds: number[] = [];
  return intervals.map(({ start, end }) => {
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane < 0) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    return lane;
  });
}

export function layoutTimeline(
  tree: RunTree,
  options: { collapsed?: ReadonlySet<string>; nowMs?: number } = {},
): TimelineLayout {
  const collapsed = options.collapsed ?? new Set<string>();
  const nowMs = options.nowMs ?? tree.endMs ?? 0;
  const startMs = tree.startMs ?? nowMs;
  let endMs = Math.max(tree.endMs ?? startMs, startMs);

  const lanes = new Map<TreeNode, number>();
  const rootIntervals = tree.roots.map((root) => nodeInterval(root.node, nowMs));
  assignLanes(rootIntervals).forEach((lane, i) => lanes.set(tree.roots[i]!, lane));

  const rows: TimelineRow[] = [];
  const stack = [...tree.roots].reverse();
  while (stack.length > 0) {
    const current = stack.pop()!;
    const { start, end } = nodeInterval(current.node, nowMs);
    if (end > endMs) endMs = end;
    const isCollapsed = collapsed.has(current.node.id);
    rows.push({
      node: current.node,
      depth: current.depth,
      hasChildren: current.children.length > 0,
      collapsed: isCollapsed,
      offsetMs: start - startMs,
      durationMs: end - start,
      lane: lanes.get(current) ?? 0,
      costUsd: current.costUsd,
    });
    if (isCollapsed || current.children.length === 0) continue;
    const childLanes = assignLanes(current.children.map((child) => nodeInterval(child.node, nowMs)));
    for (let i = current.children.length - 1; i >= 0; i--) {
      lanes.set(current.children[i]!, childLanes[i]!);
      stack.push(current.children[i]!);
    }
  }
  return { rows, axis: { startMs, endMs } };
}

/** Bar position in pixels for a track `trackWidth` wide; at least `minWidth` so instant work stays visible. */
export function barGeometry(
  row: Pick<TimelineRow, "offsetMs" | "durationMs">,
  axis: TimelineLayout["axis"],
  trackWidth: number,
  minWidth = 2,
): { left: number; width: number } {
  const span = Math.max(axis.endMs - axis.startMs, 1);
  const left = (row.offsetMs / span) * trackWidth;
  const width = Math.max((row.durationMs / span) * trackWidth, minWidth);
  return { left, width: Math.min(width, Math.max(trackWidth - left, minWidth)) };
}

/** Where a bar's text goes so it is never cut off: after the bar, inside it, or before it. */
export type LabelPlacement = "after" | "inside" | "before";

/**
 * `labelWidth` is the text's width in pixels (estimated by the view); `rowWidth` is the
 * track's drawable width (the track plus its right margin). After the bar when it fits
 * there, else inside a bar wide enough, else before the bar.
 */
export function labelPlacement(bar: { left: number; width: number }, labelWidth: number, rowWidth: number): LabelPlacement {
  if (bar.left + bar.width + 4 + labelWidth <= rowWidth) return "after";
  if (bar.width >= labelWidth + 8) return "inside";
  return "before";
}

/** Segments of one bar, e.g. the attempts of a retried model call, in pixels on the same track. */
export function segmentGeometry(
  segments: readonly { startedAt: number; endedAt: number }[],
  axis: TimelineLayout["axis"],
  trackWidth: number,
): { left: number; width: number }[] {
  return segments.map((segment) =>
    barGeometry({ offsetMs: segment.startedAt - axis.startMs, durationMs: segment.endedAt - segment.startedAt }, axis, trackWidth),
  );
}

/** Round tick values (1, 2, 5 × 10^k ms) for an axis of `spanMs`, about `count` of them. */
export function axisTicks(spanMs: number, count = 6): number[] {
  if (spanMs <= 0) return [0];
  const raw = spanMs / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= raw) ?? raw;
  const ticks: number[] = [];
  for (let t = 0; t <= spanMs + 1e-9; t += step) ticks.push(t);
  return ticks;
}
