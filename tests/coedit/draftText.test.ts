// Moving a shared draft onto a new version (rename, restore, a save without the socket)
// and resetting it ("Discard them"): as Yjs changes every editor receives.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { draftVersionOf, followVersion, resetDraft } from "@/lib/coedit/draftText";
import { DRAFT_META, DSL_TEXT } from "@/lib/coedit/names";
import { applyTextEdits, rebaseEdits } from "@/lib/coedit/textEdits";

const V1 = "name: Support\nflow:\n  type: agent\n  name: triage\n  instructions: Sort the ticket.\n";

function draftOn(text: string, version: number): Y.Doc {
  const doc = new Y.Doc();
  doc.getText(DSL_TEXT).insert(0, text);
  doc.getMap(DRAFT_META).set("version", version);
  return doc;
}

describe("rebaseEdits (three-way merge of texts)", () => {
  it("is the target's edits when the draft has none", () => {
    const target = V1.replace("Support", "Helpdesk");
    expect(applyTextEdits(V1, rebaseEdits(V1, V1, target))).toBe(target);
  });

  it("keeps the draft's edits elsewhere and takes the target's", () => {
    const draft = V1.replace("Sort the ticket.", "Sort the ticket by urgency.");
    const target = V1.replace("name: Support", "name: Helpdesk");
    expect(applyTextEdits(draft, rebaseEdits(V1, draft, target))).toBe(draft.replace("name: Support", "name: Helpdesk"));
  });

  it("leaves out a target edit that touches text the draft changed (the draft's stands)", () => {
    const draft = V1.replace("Sort the ticket.", "Answer at once.");
    const target = V1.replace("Sort the ticket.", "Route the ticket.").replace("Support", "Helpdesk");
    expect(applyTextEdits(draft, rebaseEdits(V1, draft, target))).toBe(draft.replace("Support", "Helpdesk"));
  });

  it("gives texts that are the draft or the target where they do not clash (random edits)", () => {
    const lines = Array.from({ length: 12 }, (_, i) => `line ${i}: value ${i}`);
    for (let n = 0; n < 300; n++) {
      const draftLines = [...lines];
      const targetLines = [...lines];
      const a = n % 12;
      const b = (a + 3 + (n % 5)) % 12;
      draftLines[a] = `line ${a}: draft ${n}`;
      targetLines[b] = `line ${b}: target ${n}`;
      const base = lines.join("\n");
      const merged = applyTextEdits(draftLines.join("\n"), rebaseEdits(base, draftLines.join("\n"), targetLines.join("\n")));
      // Lines at least two apart never clash: both edits are in.
      if (Math.abs(a - b) > 1) expect(merged).toBe(draftLines.map((line, i) => (i === b ? targetLines[b] : line)).join("\n"));
      else expect(merged).toContain(`draft ${n}`);
    }
  });
});

describe("the shared draft follows a version", () => {
  it("takes a rename into a draft without edits, and stands on the new version", () => {
    const doc = draftOn(V1, 1);
    followVersion(doc, V1, { number: 2, document: V1.replace("Support", "Helpdesk") });
    expect(doc.getText(DSL_TEXT).toString()).toBe(V1.replace("Support", "Helpdesk"));
    expect(draftVersionOf(doc)).toBe(2);
  });

  it("reaches another editor as one update, with that editor's unsaved typing kept", () => {
    const server = draftOn(V1, 1);
    const editor = new Y.Doc();
    Y.applyUpdate(editor, Y.encodeStateAsUpdate(server));
    // The editor typed; the server has not heard of it yet when the version is written.
    editor.getText(DSL_TEXT).insert(V1.length, "# unsaved\n");
    followVersion(server, V1, { number: 2, document: V1.replace("Support", "Helpdesk") });
    Y.applyUpdate(editor, Y.encodeStateAsUpdate(server, Y.encodeStateVector(editor)));
    Y.applyUpdate(server, Y.encodeStateAsUpdate(editor, Y.encodeStateVector(server)));
    expect(editor.getText(DSL_TEXT).toString()).toBe(`${V1.replace("Support", "Helpdesk")}# unsaved\n`);
    expect(server.getText(DSL_TEXT).toString()).toBe(editor.getText(DSL_TEXT).toString());
    expect(draftVersionOf(editor)).toBe(2);
  });

  it("resets a broken draft to the saved text for everyone ('Discard them')", () => {
    const one = draftOn("flow: [broken\n", 3);
    const two = new Y.Doc();
    Y.applyUpdate(two, Y.encodeStateAsUpdate(one));
    resetDraft(one, V1, 3);
    Y.applyUpdate(two, Y.encodeStateAsUpdate(one, Y.encodeStateVector(two)));
    expect(two.getText(DSL_TEXT).toString()).toBe(V1);
    expect(draftVersionOf(two)).toBe(3);
  });
});
