import { describe, expect, it } from "vitest";
import { detachedIds } from "@/app/flows/[id]/editor/fns/detached";
import { readText, writeGraph } from "@/app/flows/[id]/editor/fns/document-sync";
import { addNode, connect, deleteNodes, pasteNodes, copyNodes, setParent } from "@/app/flows/[id]/editor/fns/graph-edits";
import { createEditorStore } from "@/app/flows/[id]/editor/store";
import { FIVE_STEPS, HYBRID } from "./fixtures";

const CHAIN = `agents:
  a: { model: mock:echo }
  b: { model: mock:echo }
  c: { model: mock:echo }
  d: { model: mock:echo }
swarm:
  type: workflow
  flow: a >> b >> c >> d
`;

function flowOf(text: string): string | undefined {
  return /^ {2}flow: (.*)$/m.exec(text)?.[1];
}

describe("nodes not in the flow", () => {
  it("keeps a new node out of the flow, marked by the document's 'never used' problem, until it is wired", () => {
    const store = createEditorStore(CHAIN, []);
    store.getState().applyEdit("Add agent", (graph) => addNode(graph, "agent", { x: 100, y: 400 }).graph);
    const { text, graph, issues, canvasInSync } = store.getState();
    expect(flowOf(text)).toBe("a >> b >> c >> d");
    expect(text).toMatch(/agent_1:/);
    expect(canvasInSync).toBe(true);
    expect(detachedIds(graph)).toEqual(new Set(["agent_1"]));
    expect(graph.edges.filter((edge) => edge.source === "agent_1" || edge.target === "agent_1")).toEqual([]);
    expect(issues.get("agent_1")?.[0]?.message).toMatch(/never used/);
    expect(graph.nodes.find((n) => n.id === "agent_1")!.position).toEqual({ x: 100, y: 400 });

    // Drawing the intended edge works (no cycle through a hidden edge) and places it.
    store.getState().applyEdit("Connect", (g) => connect(g, "d", "agent_1", "flow"));
    expect(flowOf(store.getState().text)).toBe("a >> b >> c >> d >> agent_1");
    expect(store.getState().errors).toEqual([]);
    expect(detachedIds(store.getState().graph).size).toBe(0);
  });

  it("reads a document with unused definitions back onto the canvas, the same text again", () => {
    const store = createEditorStore(CHAIN, []);
    store.getState().applyEdit("Add group", (graph) => addNode(graph, "serial", { x: 0, y: 300 }).graph);
    store.getState().applyEdit("Add agent", (graph) => addNode(graph, "agent", { x: 500, y: 300 }).graph);
    store.getState().applyEdit("Into group", (graph) => setParent(graph, "agent_1", "serial_1"));
    const { text } = store.getState();
    const reading = readText(text);
    expect(reading.graph).toBeDefined();
    expect(detachedIds(reading.graph!)).toEqual(new Set(["serial_1"]));
    expect(writeGraph(reading.graph!, { text, valid: true })).toEqual({ text });
  });

  it("maps a typed unused agent however the writer would lay the text out, but never text it would lose", () => {
    const typed = HYBRID.replace("agents:\n", "agents:\n  fresh:\n    model: mock:echo\n    tools: [calculator]\n");
    expect(detachedIds(readText(typed).graph!)).toEqual(new Set(["fresh"]));
    // Not mapped: an unknown field the reader drops, a name nothing defines, broken YAML.
    expect(readText(typed.replace("    tools: [calculator]\n", "    colour: blue\n")).graph).toBeUndefined();
    expect(readText(typed.replace("flow: intro >> article", "flow: intro >> article >> ghost")).graph).toBeUndefined();
    expect(readText(typed.replace("    tools:", "   tools:")).graph).toBeUndefined();
  });

  it("a pasted node stays out of the flow too", () => {
    const start = readText(CHAIN).graph!;
    const pasted = pasteNodes(start, copyNodes(start, ["b"]), { x: 40, y: 40 });
    expect(detachedIds(pasted.graph)).toEqual(new Set(pasted.ids));
    const written = writeGraph(pasted.graph, { text: CHAIN, valid: true });
    expect("text" in written && flowOf(written.text)).toBe("a >> b >> c >> d");
  });

  it("the first node of an empty flow is in the flow", () => {
    const store = createEditorStore(HYBRID, []);
    store.getState().applyEdit("Delete", (graph) => deleteNodes(graph, graph.nodes.map((n) => n.id)));
    store.getState().applyEdit("Add agent", (graph) => addNode(graph, "agent", { x: 0, y: 0 }).graph);
    expect(flowOf(store.getState().text)).toBe("agent_1");
    expect(store.getState().errors).toEqual([]);
  });
});

describe("deleting a step of a flow", () => {
  it("joins its neighbours", () => {
    const graph = readText(CHAIN).graph!;
    const written = writeGraph(deleteNodes(graph, ["c"]), { text: CHAIN, valid: true });
    expect("text" in written && flowOf(written.text)).toBe("a >> b >> d");
  });

  it("joins across a run of deleted steps and keeps parallel siblings", () => {
    const text = CHAIN.replace("a >> b >> c >> d", "a >> (b | c) >> d");
    const graph = readText(text).graph!;
    const one = writeGraph(deleteNodes(graph, ["b"]), { text, valid: true });
    expect("text" in one && flowOf(one.text)).toBe("a >> c >> d");
    const both = writeGraph(deleteNodes(graph, ["b", "c"]), { text, valid: true });
    expect("text" in both && flowOf(both.text)).toBe("a >> d");
  });

  it("joins the neighbours of a deleted container (issue 11's example)", () => {
    const text = FIVE_STEPS;
    const graph = readText(text).graph!;
    const written = writeGraph(deleteNodes(graph, ["writing"]), { text, valid: true });
    expect("text" in written && flowOf(written.text)).toBe("researcher >> research_team >> support >> summary");
  });
});
