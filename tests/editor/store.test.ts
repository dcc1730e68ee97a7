import { describe, expect, it } from "vitest";
import { addNode, connect, deleteNodes, updateData } from "@/app/flows/[id]/editor/fns/graph-edits";
import { createEditorStore } from "@/app/flows/[id]/editor/store";
import { HYBRID } from "./fixtures";

const TOOLS = ["calculator", "http_fetch"];

describe("the editor store", () => {
  it("opens a valid document on the canvas", () => {
    const state = createEditorStore(HYBRID, TOOLS).getState();
    expect(state.errors).toEqual([]);
    expect(state.canvasInSync).toBe(true);
    expect(state.graph.nodes.map((n) => n.id)).toContain("science_researcher");
  });

  it("writes a canvas edit into the text, keeping what the user wrote, and undoes it by name", () => {
    const store = createEditorStore(`# my notes\n${HYBRID}`, TOOLS);
    store.getState().applyEdit("Edit model", (graph) => updateData(graph, "editor", { model: "openai:gpt-4o-mini" }));
    const { text, past } = store.getState();
    expect(text).toContain("# my notes");
    expect(text).toMatch(/editor: \{ model: openai:gpt-4o-mini \}|editor:\n\s+model: openai:gpt-4o-mini/);
    expect(past.map((entry) => entry.name)).toEqual(["Edit model"]);
    store.getState().undo();
    expect(store.getState().text).toBe(`# my notes\n${HYBRID}`);
    store.getState().redo();
    expect(store.getState().text).toBe(text);
  });

  it("re-reads a DSL edit into the graph, and keeps the last valid canvas while the text is broken", () => {
    const store = createEditorStore(HYBRID, TOOLS);
    const before = store.getState().graph;
    store.getState().editText(HYBRID.replace("intro >> article", "intro >> article >> intro2").replace("agents:\n", "agents:\n  intro2: { model: mock:echo }\n"));
    expect(store.getState().graph.nodes.map((n) => n.id)).toContain("intro2");
    // Nodes the edit did not touch keep their objects, so React Flow does not redraw them.
    expect(store.getState().graph.nodes.find((n) => n.id === "drafter")).toBe(before.nodes.find((n) => n.id === "drafter"));

    const valid = store.getState().graph;
    store.getState().editText("agents: [broken");
    expect(store.getState().canvasInSync).toBe(false);
    expect(store.getState().graph).toBe(valid);
    expect(store.getState().errors[0]).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
  });

  it("reports the DSL's own messages on the nodes", () => {
    const store = createEditorStore(HYBRID, TOOLS);
    store.getState().applyEdit("Edit model", (graph) => updateData(graph, "drafter", { model: "not a model" }));
    expect(store.getState().issues.get("drafter")?.[0]?.message).toBeTruthy();
    store.getState().applyEdit("Edit tools", (graph) => updateData(graph, "editor", { tools: ["no_such_tool"] }));
    expect(store.getState().issues.get("editor")?.[0]?.path).toMatch(/^agents\.editor\.tools/);
  });

  it("merges typing in one field into one undo step, but not different edits", () => {
    const store = createEditorStore(HYBRID, TOOLS);
    for (const text of ["H", "He", "Hel"]) {
      store.getState().applyEdit("Edit instructions", (graph) => updateData(graph, "intro", { instructions: text }), { coalesceKey: "intro.instructions" });
    }
    store.getState().applyEdit("Add agent", (graph) => addNode(graph, "agent", { x: 0, y: 0 }).graph);
    expect(store.getState().past.map((entry) => entry.name)).toEqual(["Edit instructions", "Add agent"]);
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().text).toBe(HYBRID);
  });

  it("derives delegation edges again when the mode becomes team", () => {
    const store = createEditorStore(HYBRID, TOOLS);
    store.getState().applyEdit("Edit mode", (graph) => ({ ...graph, settings: { ...graph.settings, type: "team" } }));
    expect(store.getState().graph.edges.filter((e) => e.type === "delegation").map((e) => e.id)).toEqual(["delegation:intro->article"]);
    expect(store.getState().roles.get("intro")).toBe("lead");
  });

  it("undoes down to an empty canvas and back", () => {
    const store = createEditorStore(HYBRID, TOOLS);
    store.getState().applyEdit("Delete", (graph) => deleteNodes(graph, graph.nodes.map((n) => n.id)));
    expect(store.getState().graph.nodes).toEqual([]);
    expect(store.getState().errors.length).toBeGreaterThan(0);
    store.getState().applyEdit("Add agent", (graph) => addNode(graph, "agent", { x: 0, y: 0 }).graph);
    store.getState().applyEdit("Add agent", (graph) => addNode(graph, "agent", { x: 300, y: 0 }).graph);
    store.getState().applyEdit("Connect", (graph) => connect(graph, "agent_1", "agent_2", "flow"));
    expect(store.getState().text).toMatch(/flow: agent_1 >> agent_2/);
    store.getState().undo();
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().graph.nodes).toEqual([]);
  });

  it("undoes the document only: selection and measured sizes stay as they are", () => {
    const store = createEditorStore(HYBRID, TOOLS);
    const select = (id: string) => {
      const { graph, onNodesChange } = store.getState();
      onNodesChange(graph.nodes.map((n) => ({ type: "select" as const, id: n.id, selected: n.id === id })));
    };
    const selected = () => store.getState().graph.nodes.filter((n) => n.selected).map((n) => n.id);
    store.getState().onNodesChange([{ type: "dimensions", id: "intro", dimensions: { width: 230, height: 97 } }]);
    select("intro");
    store.getState().applyEdit("Edit model", (graph) => updateData(graph, "intro", { model: "mock:reply?text=hi" }));
    select("drafter");
    store.getState().undo();
    expect(store.getState().text).toBe(HYBRID);
    expect(selected()).toEqual(["drafter"]);
    expect(store.getState().graph.nodes.find((n) => n.id === "intro")!.measured).toEqual({ width: 230, height: 97 });
    select("editor");
    store.getState().redo();
    expect(store.getState().text).toContain("mock:reply?text=hi");
    expect(selected()).toEqual(["editor"]);
  });

  it("keeps only the text in its history", () => {
    const store = createEditorStore(HYBRID, TOOLS);
    store.getState().applyEdit("Edit model", (graph) => updateData(graph, "intro", { model: "mock:reply?text=hi" }));
    expect(Object.keys(store.getState().past[0]!).sort()).toEqual(["at", "coalesceKey", "name", "text"]);
  });

  it("refuses canvas and inspector edits while typed text does not map, so nothing typed is lost", () => {
    const store = createEditorStore(HYBRID, TOOLS);
    const typed = HYBRID.replace("agents:\n", "agents:\n  fresh:\n    model: mock:echo\n   instructions: mis-indented\n");
    store.getState().editText(typed);
    expect(store.getState().canvasInSync).toBe(false);
    store.getState().applyEdit("Edit model", (graph) => updateData(graph, "intro", { model: "mock:reply?text=x" }));
    expect(store.getState().text).toBe(typed);
    expect(store.getState().notice).toMatch(/Fix the problems in the DSL first/);
    expect(store.getState().past.map((entry) => entry.name)).toEqual(["Edit DSL"]);
  });

  it("undoes a canvas edit whose text the DSL rejects (an empty group) back to its graph", () => {
    const store = createEditorStore(HYBRID, TOOLS);
    store.getState().applyEdit("Add group", (graph) => addNode(graph, "parallel", { x: 0, y: 400 }).graph);
    const withGroup = store.getState().text;
    store.getState().applyEdit("Add agent", (graph) => addNode(graph, "agent", { x: 600, y: 400 }).graph);
    store.getState().undo();
    expect(store.getState().text).toBe(withGroup);
    expect(store.getState().canvasInSync).toBe(true);
    expect(store.getState().graph.nodes.map((n) => n.id)).toContain("parallel_1");
    expect(store.getState().graph.nodes.map((n) => n.id)).not.toContain("agent_1");
  });
});
