/**
 * The editor's store and the shared draft's Y.Text as one document: every change of the
 * store's text (canvas, inspector, DSL, undo) is written into the Y.Text as small edits
 * under this person's origin, and every change of the Y.Text by anyone else (or by a live
 * undo) is read into the store without an undo step. The store stays the only thing the
 * canvas and the inspector talk to.
 */
import * as Y from "yjs";
import { writeTextEdits } from "@/lib/coedit/draftText";
import { textEdits } from "@/lib/coedit/textEdits";
import type { EditorStore } from "../store";

/** How long consecutive edits of one person (typing in the DSL) make one undo step. */
const UNDO_CAPTURE_MS = 1500;

export type TextBinding = { undoManager: Y.UndoManager; origin: object; unbind: () => void };

/**
 * `savedText`: the newest saved version's text. When the shared draft still says just that,
 * what this page has beyond it (edits made before the socket synced, a draft restored from
 * this browser) is written into the shared draft; otherwise the shared draft, which others
 * have edited, is taken as it is.
 */
export function bindStoreToText(store: EditorStore, text: Y.Text, savedText?: string): TextBinding {
  const origin = { name: "swarm-studio:editor" };
  const undoManager = new Y.UndoManager(text, { trackedOrigins: new Set([origin]), captureTimeout: UNDO_CAPTURE_MS });
  let receiving = false;

  /** Writes the change from `before` (the Y.Text's content) to `after` as this person's edits. */
  const write = (before: string, after: string) => {
    text.doc!.transact(() => writeTextEdits(text, textEdits(before, after)), origin);
  };

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
    write(current, state.text);
  });

  // Undo steps keep the store's names ("Edit model", "Delete 2 nodes"): a named edit starts
  // a step of its own unless it continues the last one (same coalesce key).
  let nextName: string | null = null;
  let lastKey: string | undefined;
  const entries = (items: { meta: Map<string, unknown> }[]) =>
    items.map((item) => ({ text: "", name: String(item.meta.get("name") ?? "Edit DSL"), at: 0 }));
  const mirror = () => store.setState({ past: entries(undoManager.undoStack), future: entries(undoManager.redoStack) });
  undoManager.on("stack-item-added", ({ stackItem, type }: { stackItem: { meta: Map<string, unknown> }; type: "undo" | "redo" }) => {
    if (type === "undo" && !stackItem.meta.has("name")) stackItem.meta.set("name", nextName ?? "Edit DSL");
    nextName = null;
    mirror();
  });
  undoManager.on("stack-item-popped", mirror);
  undoManager.on("stack-cleared", mirror);

  const local = store.getState().text;
  if (savedText !== undefined && text.toString() === savedText && local !== savedText) {
    // One undo step for what was done before the sync, named after its last edit (a drag
    // just before the socket synced still reads "Undo Take out of group").
    nextName = store.getState().past.at(-1)?.name ?? null;
    write(savedText, local);
  } else receive();
  store.getState().setUndoProvider({
    undo: () => undoManager.undo(),
    redo: () => undoManager.redo(),
    record: (name, coalesceKey) => {
      if (!coalesceKey || coalesceKey !== lastKey) undoManager.stopCapturing();
      lastKey = coalesceKey;
      nextName = name;
    },
  });
  mirror();

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
