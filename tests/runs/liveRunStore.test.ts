import { describe, expect, it } from "vitest";
import { LiveRunStore } from "@/lib/runs/live/liveRunStore";
import { summary } from "./fixtures";

const header = { status: "queued" as const, error: null, output: null, totals: { usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 }, costUsd: 0 } };

describe("LiveRunStore", () => {
  it("applies node, text and run events once, in seq order, notifying per batch", () => {
    const store = new LiveRunStore({ header, nodes: [summary({ id: "run", seq: 0, status: "running" })], lastSeq: 2 });
    let notified = 0;
    store.subscribe(() => notified++);
    const before = store.getSnapshot();

    store.apply([
      { seq: 2, event: { type: "text", nodeId: "step", text: "stale" } },
      { seq: 3, event: { type: "node", node: summary({ id: "step", parentId: "run", seq: 1, status: "running" }) } },
      { seq: 4, event: { type: "text", nodeId: "step", text: "Hel" } },
      { seq: 5, event: { type: "text", nodeId: "step", text: "lo" } },
    ]);
    const during = store.getSnapshot();
    expect(notified).toBe(1);
    expect(during).not.toBe(before);
    expect(during.nodes.map((node) => node.id)).toEqual(["run", "step"]);
    expect(during.texts.get("step")).toBe("Hello");
    expect(during.header.status).toBe("running");

    store.apply([
      { seq: 6, event: { type: "node", node: summary({ id: "step", parentId: "run", seq: 1, status: "success" }) } },
      { seq: 7, event: { type: "run", status: "success", error: null, output: "Hello", totals: header.totals } },
    ]);
    const after = store.getSnapshot();
    expect(after.texts.has("step")).toBe(false);
    expect(after.header.status).toBe("success");
    expect(after.lastSeq).toBe(7);
    expect(store.apply([{ seq: 7, event: { type: "text", nodeId: "x", text: "replayed" } }])).toBe(false);
    expect(store.getSnapshot()).toBe(after);
  });

  it("loads streamed chunks after the head, keeps seq order, and lets later events replace loaded nodes", () => {
    const store = new LiveRunStore({ header, nodes: [], lastSeq: 0 });
    let notified = 0;
    store.subscribe(() => notified++);
    store.start({ header: { ...header, status: "running" }, lastSeq: 10 });
    store.load([summary({ id: "run", seq: 0, status: "running" }), summary({ id: "a", parentId: "run", seq: 1 })]);
    store.load([summary({ id: "b", parentId: "run", seq: 3, status: "running" })]);
    expect(notified).toBe(3);
    expect(store.apply([{ seq: 10, event: { type: "node", node: summary({ id: "b", seq: 3, status: "failed" }) } }])).toBe(false);
    store.apply([
      { seq: 11, event: { type: "node", node: summary({ id: "b", parentId: "run", seq: 3, status: "success" }) } },
      { seq: 12, event: { type: "node", node: summary({ id: "late", parentId: "run", seq: 2 }) } }, // numbered before b: goes before it
    ]);
    const snapshot = store.getSnapshot();
    expect(snapshot.nodes.map((node) => [node.id, node.status])).toEqual([
      ["run", "running"],
      ["a", "success"],
      ["late", "success"],
      ["b", "success"],
    ]);
    expect(store.node("b")?.status).toBe("success");
    expect(snapshot.header.status).toBe("running");
  });
});
