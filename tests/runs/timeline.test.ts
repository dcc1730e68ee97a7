import { describe, expect, it } from "vitest";
import { agentOverlay } from "@/lib/runs/timeline/agentOverlay";
import { assignLanes, axisTicks, barGeometry, labelPlacement, layoutTimeline, segmentGeometry } from "@/lib/runs/timeline/layout";
import { nodePacker, nodeUnpacker, type PackedNodes } from "@/lib/data/runs/packedNodes";
import { buildRunTree } from "@/lib/runs/timeline/treeBuilding";
import { visibleRange } from "@/lib/runs/timeline/virtualRows";
import { summary } from "./fixtures";

// run → swarm → (a | b) in parallel, then c; a has one step with a cost.
const nodes = [
  summary({ id: "run", kind: "run", seq: 0, startedAt: 0, endedAt: 100 }),
  summary({ id: "swarm", kind: "swarm", parentId: "run", seq: 1, startedAt: 0, endedAt: 100 }),
  summary({ id: "a", parentId: "swarm", seq: 2, startedAt: 10, endedAt: 50 }),
  summary({ id: "b", parentId: "swarm", seq: 3, startedAt: 12, endedAt: 40 }),
  summary({ id: "c", parentId: "swarm", seq: 5, startedAt: 60, endedAt: 100 }),
  summary({ id: "a.step", kind: "step", parentId: "a", seq: 4, startedAt: 10, endedAt: 50, costUsd: 0.25 }),
];

describe("buildRunTree", () => {
  it("links children in seq order, sets depths and sums costs up the tree", () => {
    const tree = buildRunTree([...nodes].reverse());
    expect(tree.roots.map((root) => root.node.id)).toEqual(["run"]);
    expect(tree.byId.get("swarm")!.children.map((child) => child.node.id)).toEqual(["a", "b", "c"]);
    expect(tree.byId.get("a.step")!.depth).toBe(3);
    expect(tree.byId.get("run")!.costUsd).toBe(0.25);
    expect(tree.costUsd).toBe(0.25);
    expect([tree.startMs, tree.endMs]).toEqual([0, 100]);
  });

  it("keeps nodes whose parent is missing as roots", () => {
    const tree = buildRunTree([summary({ id: "orphan", parentId: "gone", seq: 0 })]);
    expect(tree.roots.map((root) => root.node.id)).toEqual(["orphan"]);
  });

  it("builds a 30,000-node tree in linear time", () => {
    const many = Array.from({ length: 30_000 }, (_, i) =>
      summary({ id: `n${i}`, parentId: i === 0 ? null : `n${Math.floor((i - 1) / 3)}`, seq: i, startedAt: i, endedAt: i + 5 }),
    );
    // Ten times the nodes take about ten times as long (quadratic work: a hundred times).
    const timed = (nodes: typeof many) => {
      const started = performance.now();
      const rows = layoutTimeline(buildRunTree(nodes)).rows;
      return { rows, ms: performance.now() - started };
    };
    timed(many.slice(0, 3_000)); // warm up
    const small = timed(many.slice(0, 3_000));
    const { rows, ms } = timed(many);
    expect(ms / Math.max(small.ms, 1)).toBeLessThan(40);
    expect(rows).toHaveLength(30_000);
    expect(rows[1]!.node.id).toBe("n1");
    expect(rows[2]!.node.id).toBe("n4"); // preorder: n1's first child follows n1
  });
});

describe("layoutTimeline", () => {
  it("lays rows out in preorder on one axis with lanes for concurrent siblings", () => {
    const { rows, axis } = layoutTimeline(buildRunTree(nodes));
    expect(rows.map((row) => row.node.id)).toEqual(["run", "swarm", "a", "a.step", "b", "c"]);
    expect(axis).toEqual({ startMs: 0, endMs: 100 });
    const byId = Object.fromEntries(rows.map((row) => [row.node.id, row]));
    expect([byId.a!.lane, byId.b!.lane, byId.c!.lane]).toEqual([0, 1, 0]);
    expect([byId.b!.offsetMs, byId.b!.durationMs]).toEqual([12, 28]);
  });

  it("skips the subtrees of collapsed nodes", () => {
    const { rows } = layoutTimeline(buildRunTree(nodes), { collapsed: new Set(["swarm"]) });
    expect(rows.map((row) => row.node.id)).toEqual(["run", "swarm"]);
    expect(rows[1]).toMatchObject({ collapsed: true, hasChildren: true });
  });

  it("stretches running nodes to now and the axis with them", () => {
    const running = [summary({ id: "run", kind: "run", status: "running", startedAt: 0, endedAt: null, durationMs: null })];
    const { rows, axis } = layoutTimeline(buildRunTree(running), { nowMs: 700 });
    expect(rows[0]!.durationMs).toBe(700);
    expect(axis.endMs).toBe(700);
  });
});

describe("assignLanes", () => {
  it("reuses a lane once its work ended", () => {
    expect(
      assignLanes([
        { start: 0, end: 10 },
        { start: 5, end: 8 },
        { start: 9, end: 12 },
        { start: 10, end: 11 },
      ]),
    ).toEqual([0, 1, 1, 0]);
  });
});

describe("barGeometry and axisTicks", () => {
  it("maps ms to pixels with a minimum width", () => {
    expect(barGeometry({ offsetMs: 50, durationMs: 25 }, { startMs: 0, endMs: 100 }, 400)).toEqual({ left: 200, width: 100 });
    expect(barGeometry({ offsetMs: 0, durationMs: 0 }, { startMs: 0, endMs: 100 }, 400).width).toBe(2);
  });

  it("picks round tick steps", () => {
    expect(axisTicks(1000, 5)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(axisTicks(0)).toEqual([0]);
  });
});

describe("visibleRange", () => {
  it("returns the rows in view plus overscan, clamped to the list", () => {
    expect(visibleRange({ scrollTop: 280, viewportHeight: 140, rowHeight: 28, rowCount: 100, overscan: 2 })).toEqual({
      start: 8,
      end: 18,
    });
    expect(visibleRange({ scrollTop: 0, viewportHeight: 600, rowHeight: 28, rowCount: 3 })).toEqual({ start: 0, end: 3 });
    expect(visibleRange({ scrollTop: 0, viewportHeight: 600, rowHeight: 28, rowCount: 0 })).toEqual({ start: 0, end: 0 });
  });
});

describe("agentOverlay", () => {
  it("reports each agent's latest status with summed time and tokens", () => {
    const usage = (totalTokens: number) => ({ inputTokens: 0, outputTokens: 0, totalTokens });
    const overlay = agentOverlay([
      summary({ id: "1", name: "triage", durationMs: 100, usage: usage(10) }),
      summary({ id: "2", name: "billing", status: "running", startedAt: 500, endedAt: null, durationMs: null }),
      summary({ id: "3", name: "triage", status: "failed", durationMs: 50, usage: usage(5) }),
      summary({ id: "4", kind: "step", name: "triage" }),
    ], 800);
    expect(overlay.get("triage")).toEqual({ status: "failed", durationMs: 150, totalTokens: 15, runs: 2 });
    expect(overlay.get("billing")).toEqual({ status: "running", durationMs: 300, totalTokens: 0, runs: 1 });
  });
});

describe("packed nodes", () => {
  it("round-trips nodes exactly, parents by row, a missing parent by id", () => {
    const nodes = [
      summary({ id: "run", kind: "run", seq: 0, createdAt: 1000, startedAt: 1000, endedAt: 1900, durationMs: 900 }),
      summary({ id: "s", kind: "step", parentId: "run", seq: 1, model: "openai:gpt-4o", createdAt: 1001, startedAt: 1002, endedAt: null, durationMs: null, status: "running", costUsd: 0.5 }),
      summary({ id: "t", kind: "tool_call", parentId: "gone", seq: 2, model: "openai:gpt-4o", status: "failed", error: { name: "ToolError", message: "bad" } }),
    ];
    const packer = nodePacker();
    nodes.forEach(packer.add);
    const packed = packer.take();
    expect(packed.models).toEqual(["openai:gpt-4o"]);
    expect(packed.rows[1]![1]).toBe(0);
    expect(nodeUnpacker().add(JSON.parse(JSON.stringify(packed)))).toEqual(nodes);
  });

  it("sends an id derived from its parent's as its place, and tables and rows by chunk", () => {
    const nodes = [
      summary({ id: "r1", kind: "run", seq: 0, name: "flow" }),
      summary({ id: "r1.0", kind: "agent", parentId: "r1", seq: 1, name: "writer" }),
      summary({ id: "r1.0.12", kind: "step", parentId: "r1.0", seq: 2, name: "writer", model: "openai:gpt-4o" }),
      summary({ id: "r1.0.012", kind: "step", parentId: "r1.0", seq: 3, name: "writer" }), // not the canonical place: kept whole
      summary({ id: "r1.00", kind: "agent", parentId: "r1", seq: 4, name: "critic" }),
      summary({ id: "r1~1", kind: "run", seq: 5, name: "flow" }),
      summary({ id: "r1.0.13", kind: "step", parentId: "r1.0", seq: 6, name: "critic", model: "openai:gpt-4o" }),
    ];
    const packer = nodePacker();
    nodes.slice(0, 4).forEach(packer.add);
    const first = packer.take();
    nodes.slice(4).forEach(packer.add);
    const second = packer.take();
    expect(first.rows.map((row) => row[0])).toEqual(["r1", 0, 12, "r1.0.012"]);
    expect(second.rows.map((row) => row[0])).toEqual(["r1.00", "r1~1", 13]);
    expect(second.rows[2]![1]).toBe(1); // the parent's row, counted from the first chunk
    expect([first.names, second.names, first.models, second.models]).toEqual([["flow", "writer"], ["critic"], ["openai:gpt-4o"], []]);
    const unpacker = nodeUnpacker();
    const sent = (chunk: PackedNodes) => JSON.parse(JSON.stringify(chunk)) as PackedNodes;
    expect([...unpacker.add(sent(first)), ...unpacker.add(sent(second))]).toEqual(nodes);
  });
});

describe("labels and segments", () => {
  it("puts a bar's text where it is never cut off", () => {
    expect(labelPlacement({ left: 10, width: 50 }, 120, 500)).toBe("after");
    expect(labelPlacement({ left: 0, width: 480 }, 120, 500)).toBe("inside"); // a bar across the whole track
    expect(labelPlacement({ left: 420, width: 40 }, 120, 500)).toBe("before"); // a short bar at the end
  });

  it("draws each attempt of a retried call on the run's axis", () => {
    const axis = { startMs: 1000, endMs: 2000 };
    expect(segmentGeometry([{ startedAt: 1000, endedAt: 1100 }, { startedAt: 1500, endedAt: 2000 }], axis, 1000)).toEqual([
      { left: 0, width: 100 },
      { left: 500, width: 500 },
    ]);
  });
});
