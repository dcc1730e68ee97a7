import { describe, expect, it } from "vitest";
import { documentToGraph } from "@/lib/dsl/graph";
import { parseDocument } from "@/lib/dsl/parseDocument";
import { layoutGraph } from "@/app/flows/[id]/editor/fns/elk-layout";
import { absoluteRect, nodeMap, type Rect } from "@/app/flows/[id]/editor/fns/graph";
import { HYBRID } from "./fixtures";

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe("layoutGraph", async () => {
  const { document } = parseDocument(HYBRID);
  const laidOut = await layoutGraph(documentToGraph(document!));
  const nodes = nodeMap(laidOut);
  const rect = (id: string) => absoluteRect(nodes, id);

  it("runs the flow left to right", () => {
    expect(rect("article").x).toBeGreaterThan(rect("intro").x + rect("intro").width);
    expect(rect("editing").x).toBeGreaterThan(rect("research").x + rect("research").width);
  });

  it("stacks a parallel group's members and lines a serial group's up in order", () => {
    expect(rect("history_researcher").x).toBe(rect("science_researcher").x);
    expect(rect("science_researcher").y).toBeGreaterThan(rect("history_researcher").y);
    expect(rect("editor").x).toBeGreaterThan(rect("drafter").x + rect("drafter").width);
  });

  it("sizes containers around their members, which do not overlap", () => {
    for (const [member, parent] of [["drafter", "editing"], ["editing", "article"], ["research", "article"]] as const) {
      const inner = rect(member);
      const outer = rect(parent);
      expect(inner.x).toBeGreaterThanOrEqual(outer.x);
      expect(inner.y).toBeGreaterThanOrEqual(outer.y);
      expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
      expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height);
    }
    const siblings = laidOut.nodes.filter((n) => n.parentId === undefined).map((n) => rect(n.id));
    expect(overlaps(siblings[0]!, siblings[1]!)).toBe(false);
    expect(overlaps(rect("history_researcher"), rect("science_researcher"))).toBe(false);
  });
});
