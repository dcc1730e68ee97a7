// Changes of a shared draft's text made as one step (client-safe): the editor writes its
// store's edits with writeTextEdits; "Discard them" resets the draft for everyone; the
// server moves a draft onto a version written past the live path (lib/coedit/follow.ts).
import type * as Y from "yjs";
import { DRAFT_META, DSL_TEXT } from "./names";
import { rebaseEdits, type TextEdit, textEdits } from "./textEdits";

/** Writes textEdits' edits into `text` (inside the caller's transaction). */
export function writeTextEdits(text: Y.Text, edits: readonly TextEdit[]): void {
  for (const { index, remove, insert } of edits) {
    // Insert before deleting: the new text is anchored where the old began, so someone
    // else's insertion right after the old text stays after the new one.
    if (insert) text.insert(index, insert);
    if (remove > 0) text.delete(index + insert.length, remove);
  }
}

/** The saved version the draft stands on, or null for a draft that does not say. */
export function draftVersionOf(doc: Y.Doc): number | null {
  const version = doc.getMap(DRAFT_META).get("version");
  return typeof version === "number" ? version : null;
}

function applyToDraft(doc: Y.Doc, edits: readonly TextEdit[], version: number, origin?: unknown): void {
  doc.transact(() => {
    writeTextEdits(doc.getText(DSL_TEXT), edits);
    doc.getMap(DRAFT_META).set("version", version);
  }, origin);
}

/** The draft says exactly `text`, saved as `version`, for everyone ("Discard them"). */
export function resetDraft(doc: Y.Doc, text: string, version: number, origin?: unknown): void {
  applyToDraft(doc, textEdits(doc.getText(DSL_TEXT).toString(), text), version, origin);
}

/**
 * A version was written past the live draft (a rename, a restore, a save without the
 * socket): the draft takes its changes since `base` (the text of the version the draft
 * stands on) and stands on it, keeping the draft's own unsaved edits where they clash.
 */
export function followVersion(doc: Y.Doc, base: string, version: { number: number; document: string }, origin?: unknown): void {
  applyToDraft(doc, rebaseEdits(base, doc.getText(DSL_TEXT).toString(), version.document), version.number, origin);
}
