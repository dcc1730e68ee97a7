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
});
