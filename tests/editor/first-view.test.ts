import { getViewportForBounds } from "@xyflow/react";
import { describe, expect, it } from "vitest";
import { fittedViewport, withInitialSize } from "@/app/flows/[id]/editor/fns/first-view";
import type { FlowNode } from "@/app/flows/[id]/editor/types";
import { AGENT_SIZE } from "@/lib/dsl/layout";
import { agent, container } from "./fixtures";

describe("the canvas's first view", () => {
  it("fits the top-level nodes (containers hold their members) as React Flow's fitView would", () => {
    const nodes = [
      container("swarm", "stage", 100, 50), // 400 × 300
      agent("inside", 5000, 5000, "stage"), // relative to its container: not part of the bounds
      agent("right", 900, 400),
      { ...agent("gone", -9000, -9000), hidden: true } as FlowNode,
    ];
    const bounds = { x: 100, y: 50, width: 900 + AGENT_SIZE.width - 100, height: 400 + AGENT_SIZE.height - 50 };
    expect(fittedViewport(nodes, { width: 1200, height: 800 }, { min: 0.02, max: 2 })).toEqual(getViewportForBounds(bounds, 1200, 800, 0.02, 2, 0.1));
    expect(fittedViewport([], { width: 1200, height: 800 }, { min: 0.02, max: 2 })).toEqual({ x: 0, y: 0, zoom: 1 });
  });

  it("sizes an unmeasured agent up front, as the same object each time, and leaves the rest as they are", () => {
    const writer = agent("writer");
    const sized = withInitialSize(writer);
    expect(sized).toMatchObject({ initialWidth: AGENT_SIZE.width, initialHeight: AGENT_SIZE.height });
    expect(withInitialSize(writer)).toBe(sized);
    const measured = { ...writer, measured: { width: 220, height: 90 } } as FlowNode;
    expect(withInitialSize(measured)).toBe(measured);
    const group = container("parallel", "g");
    expect(withInitialSize(group)).toBe(group);
  });
});
