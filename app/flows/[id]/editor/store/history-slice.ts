/**
 * Undo/redo over the document only: each entry is a named snapshot of the text, taken
 * before an edit. Undo sets the text back and re-reads the graph from it (positions come
 * from the document's layout), so selection, measured sizes, zoom and collapse state are
 * never history.
 */
import type { StateCreator } from "zustand";
import type { FlowGraph } from "../types";
import type { EditorState } from "./index";

/**
 * The text before an edit. `graph` only for text a canvas edit wrote that cannot be
 * read back alone (an empty group: the DSL rejects it), stripped of selection and sizes.
 */
export type Snapshot = { text: string; graph?: FlowGraph };
export type HistoryEntry = Snapshot & { name: string; coalesceKey?: string; at: number };

const MAX_ENTRIES = 200;
/** Edits of one field (or typing in the DSL) within this time are one undo step. */
const COALESCE_MS = 1500;

/**
 * Undo and redo from elsewhere: a live shared draft undoes only this person's edits
 * (Y.UndoManager). `record` names the step an edit starts (or continues, with a coalesce
 * key); the provider keeps `past` and `future` as the names of its own steps.
 */
export type UndoProvider = { undo: () => void; redo: () => void; record: (name: string, coalesceKey?: string) => void };

export type HistorySlice = {
  past: HistoryEntry[];
  future: HistoryEntry[];
  /** While set, undo and redo are its (the snapshots above are not used). */
  undoProvider: UndoProvider | null;
  setUndoProvider: (provider: UndoProvider | null) => void;
  /** Remembers `before` as the state an edit named `name` starts from. */
  record: (name: string, before: Snapshot, coalesceKey?: string) => void;
  undo: () => void;
  redo: () => void;
};

export const createHistorySlice: StateCreator<EditorState, [], [], HistorySlice> = (set, get) => ({
  past: [],
  future: [],
  undoProvider: null,
  setUndoProvider: (undoProvider) => set({ undoProvider }),
  record: (name, before, coalesceKey) => {
    const { past, undoProvider } = get();
    if (undoProvider) {
      undoProvider.record(name, coalesceKey);
      return;
    }
    const last = past.at(-1);
    const now = Date.now();
    if (coalesceKey && last?.coalesceKey === coalesceKey && now - last.at < COALESCE_MS) {
      set({ past: [...past.slice(0, -1), { ...last, at: now }], future: [] });
      return;
    }
    set({ past: [...past.slice(-(MAX_ENTRIES - 1)), { ...before, name, coalesceKey, at: now }], future: [] });
  },
  undo: () => {
    const { past, future, undoProvider } = get();
    if (undoProvider) {
      get().flushText();
      undoProvider.undo();
      return;
    }
    const entry = past.at(-1);
    if (!entry) return;
    set({ past: past.slice(0, -1), future: [...future, { ...get().snapshot(), name: entry.name, at: Date.now() }] });
    get().restore(entry);
  },
  redo: () => {
    const { past, future, undoProvider } = get();
    if (undoProvider) {
      get().flushText();
      undoProvider.redo();
      return;
    }
    const entry = future.at(-1);
    if (!entry) return;
    set({ future: future.slice(0, -1), past: [...past, { ...get().snapshot(), name: entry.name, at: Date.now() }] });
    get().restore(entry);
  },
});
