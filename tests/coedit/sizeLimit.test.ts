// The live draft's size limit (lib/coedit/sizeLimit.ts), on Yjs documents directly: the text
// by each message, the whole document (other shared types a client may fill) by its size.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { DSL_TEXT, MAX_LIVE_DRAFT_CHARS } from "@/lib/coedit/names";
import { DraftTooLargeError, draftSizeGuard, MAX_LIVE_DRAFT_BYTES } from "@/lib/coedit/sizeLimit";

/** What a client would send to make `change` on a copy of `document`. */
function messageOf(document: Y.Doc, change: (copy: Y.Doc) => void): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(document));
  const before = Y.encodeStateVector(copy);
  change(copy);
  return Y.encodeStateAsUpdate(copy, before);
}

describe("the live draft's size limit", () => {
  it("refuses text past the limit and lets ordinary edits through", () => {
    const guard = draftSizeGuard();
    const document = new Y.Doc();
    const typing = messageOf(document, (copy) => copy.getText(DSL_TEXT).insert(0, "agents:\n"));
    expect(() => guard(document, typing)).not.toThrow();
    Y.applyUpdate(document, typing);
    const paste = messageOf(document, (copy) => copy.getText(DSL_TEXT).insert(0, "x".repeat(MAX_LIVE_DRAFT_CHARS)));
    expect(() => guard(document, paste)).toThrow(DraftTooLargeError);
  });

  it("refuses a document filled through other shared types once it passes its size", () => {
    const guard = draftSizeGuard();
    const document = new Y.Doc();
    let refusedAt = -1;
    for (let i = 0; i < 20 && refusedAt < 0; i++) {
      const message = messageOf(document, (copy) => copy.getMap("junk").set(`k${i}`, "y".repeat(1024 * 1024)));
      try {
        guard(document, message);
        Y.applyUpdate(document, message);
      } catch (error) {
        expect(error).toBeInstanceOf(DraftTooLargeError);
        refusedAt = i;
      }
    }
    expect(refusedAt).toBeGreaterThan(0);
    expect(Y.encodeStateAsUpdate(document).byteLength).toBeLessThanOrEqual(MAX_LIVE_DRAFT_BYTES);
    expect(document.getText(DSL_TEXT).length).toBe(0);
  });
});
