/** Editor state that is not the document: collapsed swarms, the clipboard, a passing notice. */
import type { StateCreator } from "zustand";
import type { Clipboard } from "../fns/graph-edits";
import type { EditorState } from "./index";

export type ViewSlice = {
  collapsed: ReadonlySet<string>;
  clipboard: Clipboard | null;
  /** A short message about the last refused action ("That edge would make a cycle."). */
  notice: string | null;
  /** The document tool open in the tool panel, or null. */
  toolPanel: string | null;
  setToolPanel: (name: string | null) => void;
  toggleCollapsed: (id: string) => void;
  setClipboard: (clipboard: Clipboard) => void;
  setNotice: (notice: string | null) => void;
};

export const createViewSlice: StateCreator<EditorState, [], [], ViewSlice> = (set, get) => ({
  collapsed: new Set(),
  clipboard: null,
  notice: null,
  toolPanel: null,
  setToolPanel: (toolPanel) => set({ toolPanel }),
  toggleCollapsed: (id) => {
    const collapsed = new Set(get().collapsed);
    if (!collapsed.delete(id)) collapsed.add(id);
    set({ collapsed });
  },
  setClipboard: (clipboard) => set({ clipboard }),
  setNotice: (notice) => set({ notice }),
});
