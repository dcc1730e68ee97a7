// Two editors' stores over two Yjs documents that exchange updates as the server would:
// canvas edits of one node by two people merge field by field, DSL typing character by
// character, and each person's undo takes back only their own edits.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { bindStoreToText } from "@/app/flows/[id]/editor/coedit/bind-store";
import { applyTextEdits, textEdits } from "@/lib/coedit/textEdits";
import { setParent, updateData } from "@/app/flows/[id]/editor/fns/graph-edits";
import { createEditorStore } from "@/app/flows/[id]/editor/store";
import { DSL_TEXT } from "@/lib/coedit/names";
import { HYBRID } from "./fixtures";

/** Two peers; `connected` false holds updates back (both edit "at once"), true delivers them. */
function peers(text: string) {
  const docs = [new Y.Doc(), new Y.Doc()] as const;
  docs[0].getText(DSL_TEXT).insert(0, text);
  Y.applyUpdate(docs[1], Y.encodeStateAsUpdate(docs[0]));
  const stores = docs.map((doc) => {
    const store = createEditorStore("", []);
    bindStoreToText(store, doc.getText(DSL_TEXT));
    return store;
  });
  const sync = () => {
    Y.applyUpdate(docs[1], Y.encodeStateAsUpdate(docs[0], Y.encodeStateVector(docs[1])), "remote");
    Y.applyUpdate(docs[0], Y.encodeStateAsUpdate(docs[1], Y.encodeStateVector(docs[0])), "remote");
  };
  return { docs, stores, sync };
}

describe("text edits", () => {
  it("turn any text into any other (random texts of YAML-ish words)", () => {
    const words = ["a", "b", " ", "\n", "# a1", "model:", "x", "  "];
    const random = () => Array.from({ length: Math.floor(Math.random() * 12) }, () => words[Math.floor(Math.random() * words.length)]).join("");
    for (let n = 0; n < 2000; n++) {
      const [before, after] = [random(), random()];
      expect(applyTextEdits(before, textEdits(before, after))).toBe(after);
    }
  });

  it("turn these texts into each other", () => {
    const cases = [["", "abc"], ["abc", ""], ["a: { model: mock:echo }", "a: { model: openai:gpt-4o, instructions: Hi }"], [HYBRID, HYBRID.replace("drafter", "writer").replace("editor:", "# x\n  editor:")]];
    for (const [before, after] of cases) expect(applyTextEdits(before!, textEdits(before!, after!))).toBe(after);
  });
});

describe("co-editing through the store", () => {
  it("starts from the shared text and merges two people's edits of one node, field by field", () => {
    const { stores, sync } = peers(HYBRID);
    const [ada, bob] = stores;
    expect(ada!.getState().text).toBe(HYBRID);
    ada!.getState().applyEdit("Edit model", (graph) => updateData(graph, "editor", { model: "openai:gpt-4o-mini" }));
    bob!.getState().applyEdit("Edit instructions", (graph) => updateData(graph, "editor", { instructions: "Polish the draft." }));
    sync();
    expect(ada!.getState().text).toBe(bob!.getState().text);
    const editor = ada!.getState().graph.nodes.find((node) => node.id === "editor")!;
    expect(editor.data).toMatchObject({ model: "openai:gpt-4o-mini", instructions: "Polish the draft." });
    expect(ada!.getState().errors).toEqual([]);
  });

  it("merges concurrent DSL typing character by character and undoes only one's own edits", () => {
    const { stores, sync } = peers(HYBRID);
    const [ada, bob] = stores;
    ada!.getState().editText(`# Ada's note\n${HYBRID}`);
    bob!.getState().editText(`${HYBRID}# Bob's note\n`);
    sync();
    expect(ada!.getState().text).toBe(`# Ada's note\n${HYBRID}# Bob's note\n`);
    expect(bob!.getState().text).toBe(ada!.getState().text);
    ada!.getState().undo();
    sync();
    expect(bob!.getState().text).toBe(`${HYBRID}# Bob's note\n`);
    expect(ada!.getState().text).toBe(bob!.getState().text);
    ada!.getState().redo();
    sync();
    expect(bob!.getState().text).toBe(`# Ada's note\n${HYBRID}# Bob's note\n`);
  });
});

describe("joining a shared draft", () => {
  it("brings edits made before the socket synced into a draft that still says the saved text, and takes a draft others edited as it is", () => {
    const untouched = new Y.Doc();
    untouched.getText(DSL_TEXT).insert(0, HYBRID);
    const early = createEditorStore(HYBRID, []);
    early.getState().editText(`# typed before the sync\n${HYBRID}`);
    bindStoreToText(early, untouched.getText(DSL_TEXT), HYBRID);
    expect(untouched.getText(DSL_TEXT).toString()).toBe(`# typed before the sync\n${HYBRID}`);

    const edited = new Y.Doc();
    edited.getText(DSL_TEXT).insert(0, `# others were here\n${HYBRID}`);
    const stale = createEditorStore(`# my old local draft\n${HYBRID}`, []);
    bindStoreToText(stale, edited.getText(DSL_TEXT), HYBRID);
    expect(stale.getState().text).toBe(`# others were here\n${HYBRID}`);
  });

  it("keeps a drag made before the sync undoable, under its name, when the draft still says the saved text", () => {
    const doc = new Y.Doc();
    doc.getText(DSL_TEXT).insert(0, HYBRID);
    const store = createEditorStore(HYBRID, []);
    store.getState().applyEdit("Take out of group", (graph) => setParent(graph, "science_researcher", undefined));
    bindStoreToText(store, doc.getText(DSL_TEXT), HYBRID);
    expect(store.getState().past.map((entry) => entry.name)).toEqual(["Take out of group"]);
    expect(store.getState().graph.nodes.find((node) => node.id === "science_researcher")!.parentId).toBeUndefined();
    store.getState().undo();
    expect(store.getState().graph.nodes.find((node) => node.id === "science_researcher")!.parentId).toBe("research");
    expect(doc.getText(DSL_TEXT).toString()).toBe(HYBRID);
  });

  it("undoes a drag's move while live, back to where the drag began", () => {
    const doc = new Y.Doc();
    doc.getText(DSL_TEXT).insert(0, HYBRID);
    const store = createEditorStore(HYBRID, []);
    bindStoreToText(store, doc.getText(DSL_TEXT), HYBRID);
    const start = store.getState().graph.nodes.find((node) => node.id === "intro")!.position;
    const before = store.getState().snapshot();
    store.getState().onNodesChange([{ type: "position", id: "intro", position: { x: start.x + 300, y: start.y + 200 }, dragging: false }]);
    store.getState().applyEdit("Move", (graph) => ({ ...graph }), { positionsOnly: true, before });
    expect(store.getState().past.map((entry) => entry.name)).toEqual(["Move"]);
    store.getState().undo();
    expect(store.getState().graph.nodes.find((node) => node.id === "intro")!.position).toEqual(start);
    expect(store.getState().past).toEqual([]);
  });
});
