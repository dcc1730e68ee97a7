/**
 * The editor's store and the shared draft's Y.Text as one document: every change of the
 * store's text (canvas, inspector, DSL, undo) is written into the Y.Text as small edits
 * under this person's origin, and every change of the Y.Text by anyone else (or by a live
 * undo) is read into the store without an undo step. The store stays the only thing the
 * canvas and the inspector talk to.
 */
import * as Y from "yjs";
import { textEdits } from "../fns/text-edits";
import type { EditorStore } from "../store";

/** How long consecutive edits of one person make one undo step. */
const UNDO_CAPTURE_MS = 600;

export type TextBinding = { undoManager: Y.UndoManager; origin: object; unbind: () => void };

export function bindStoreToText(store: EditorStore, text: Y.Text): TextBinding {
  const origin = { name: "swarm-studio:editor" };
  const undoManager = new Y.UndoManager(text, { trackedOrigins: new Set([origin]), captureTimeout: UNDO_CAPTURE_MS });
  let receiving = false;

  const receive = () => {
    receiving = true;
    try {
      store.getState().receiveText(text.toString());
    } finally {
      receiving = false;
    }
  };
  const observer = (_event: Y.YTextEvent, transaction: Y.Transaction) => {
    if (transaction.origin !== origin) receive();
  };
  text.observe(observer);

  const unsubscribe = store.subscribe((state, previous) => {
    if (receiving || state.text === previous.text) return;
    // The Y.Text equals the store's previous text (remote edits are read in at once), or
    // already has this text (typed in the DSL pane, which edits the Y.Text itself).
    const current = text.toString();
    if (current === state.text) return;
    const edits = textEdits(current, state.text);
    text.doc!.transact(() => {
      // Insert before deleting: the new text is anchored where the old began, so someone
      // else's insertion right after the old text stays after the new one.
      for (const { index, remove, insert } of edits) {
        if (insert) text.insert(index, insert);
        if (remove > 0) text.delete(index + insert.length, remove);
      }
    }, origin);
  });

  // The shared draft wins over what the page loaded: it is everyone's newest text.
  receive();
  store.getState().setUndoProvider({ undo: () => undoManager.undo(), redo: () => undoManager.redo() });

  return {
    undoManager,
    origin,
    unbind: () => {
      text.unobserve(observer);
      unsubscribe();
      store.getState().setUndoProvider(null);
      undoManager.destroy();
    },
  };
}
