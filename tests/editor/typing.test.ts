import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addNode } from "@/app/flows/[id]/editor/fns/graph-edits";
import { createEditorStore } from "@/app/flows/[id]/editor/store";
import { SETTINGS, TEXT_WRITE_DELAY_MS } from "@/app/flows/[id]/editor/store/document-slice";
import { HYBRID } from "./fixtures";

/** Typing `value` into intro's instructions, one keystroke at a time. */
function type(store: ReturnType<typeof createEditorStore>, value: string) {
  for (let i = 1; i <= value.length; i++) {
    store.getState().typeField("Edit instructions", "intro", "instructions", value.slice(0, i));
  }
}

describe("typing in the inspector", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a keystroke changes only the field's pending value; graph and document follow once the typing pauses", () => {
    const store = createEditorStore(HYBRID, []);
    const graphBefore = store.getState().graph;
    const writes: string[] = [];
    let changes = 0;
    store.subscribe((state, previous) => {
      changes++;
      if (state.text !== previous.text) writes.push(state.text);
    });
    type(store, "Hello");
    // Nothing the canvas draws changed: React Flow has no work per keystroke.
    expect(store.getState().graph).toBe(graphBefore);
    expect(store.getState().typing).toMatchObject({ target: "intro", field: "instructions", value: "Hello" });
    expect(changes).toBeLessThanOrEqual(6); // one per keystroke, plus the undo step
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(TEXT_WRITE_DELAY_MS);
    expect(writes).toHaveLength(1);
    expect(store.getState().text).toMatch(/instructions: Hello/);
    expect(store.getState().graph.nodes.find((n) => n.id === "intro")!.data).toMatchObject({ instructions: "Hello" });
    expect(store.getState().typing).toBeNull();
  });

  it("typing in another field, or in the flow settings, writes the first field's typing first", () => {
    const store = createEditorStore(HYBRID, []);
    type(store, "Hi");
    store.getState().typeField("Edit name", SETTINGS, "name", "Renamed");
    expect(store.getState().text).toMatch(/instructions: Hi/);
    vi.advanceTimersByTime(TEXT_WRITE_DELAY_MS);
    expect(store.getState().text).toMatch(/^name: Renamed/);
    expect(store.getState().past.map((entry) => entry.name)).toEqual(["Edit instructions", "Edit name"]);
  });

  it("writes pending typing before anything reads the text: undo, a flush (the DSL pane's focus), another edit", () => {
    const store = createEditorStore(HYBRID, []);
    type(store, "Hi");
    store.getState().undo();
    expect(store.getState().text).toBe(HYBRID);
    store.getState().redo();
    expect(store.getState().text).toMatch(/instructions: Hi/);

    type(store, "Hi there");
    store.getState().flushText();
    expect(store.getState().text).toMatch(/instructions: Hi there/);
    type(store, "Hi there!");
    store.getState().applyEdit("Add agent", (graph) => addNode(graph, "agent", { x: 0, y: 600 }).graph);
    expect(store.getState().text).toMatch(/instructions: Hi there!/);
    expect(store.getState().text).toMatch(/agent_1:/);
    expect(store.getState().past.map((entry) => entry.name)).toEqual(["Edit instructions", "Edit instructions", "Add agent"]);
  });

  it("refuses a key-like literal when it is written, and the text's value comes back", () => {
    const store = createEditorStore(HYBRID, []);
    store.getState().typeField("Edit instructions", "intro", "instructions", "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789");
    vi.advanceTimersByTime(TEXT_WRITE_DELAY_MS);
    expect(store.getState().text).toBe(HYBRID);
    expect(store.getState().notice).toMatch(/API key/);
    expect(store.getState().graph.nodes.find((n) => n.id === "intro")!.data).not.toHaveProperty("instructions");
  });
});
