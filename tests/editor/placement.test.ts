import { describe, expect, it } from "vitest";
import { freeSpot, siblingRects } from "@/app/flows/[id]/editor/fns/placement";
import { agent, container, graph } from "./fixtures";

const AGENT = { width: 220, height: 90 };

function overlapping(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe("where a new node goes", () => {
  it("takes the preferred point when it is free", () => {
    expect(freeSpot([], { x: 10.4, y: 20.6 }, AGENT)).toEqual({ x: 10, y: 21 });
  });

  it("never lands on an existing node, and stays near the preferred point", () => {
    const start = graph([agent("a", 0, 0), agent("b", 300, 0), container("parallel", "g", 0, 150)]);
    const occupied = siblingRects(start, undefined);
    let taken = [...occupied];
    for (let i = 0; i < 6; i++) {
      const spot = freeSpot(taken, { x: 10, y: 10 }, AGENT);
      const rect = { ...spot, ...AGENT };
      for (const other of taken) expect(overlapping(rect, other)).toBe(false);
      expect(Math.hypot(spot.x - 10, spot.y - 10)).toBeLessThan(1200);
      taken = [...taken, rect];
    }
  });

  it("keeps inside a container below its title bar", () => {
    const start = graph([container("parallel", "g", 0, 0), agent("m", 16, 44, "g")]);
    const spot = freeSpot(siblingRects(start, "g"), { x: 0, y: 0 }, AGENT, true);
    expect(spot.x).toBeGreaterThanOrEqual(16);
    expect(spot.y).toBeGreaterThanOrEqual(44);
    expect(overlapping({ ...spot, ...AGENT }, { x: 16, y: 44, ...AGENT })).toBe(false);
  });
});
