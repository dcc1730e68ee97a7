/** One store per mounted editor, made of slices (document, history, view). */
import { createStore } from "zustand/vanilla";
import { createDocumentSlice, type DocumentSlice } from "./document-slice";
import { createHistorySlice, type HistorySlice } from "./history-slice";
import { createViewSlice, type ViewSlice } from "./view-slice";

export type EditorState = DocumentSlice & HistorySlice & ViewSlice;
export type EditorStore = ReturnType<typeof createEditorStore>;

/** `keyedProviders`: the providers a run can call; without it model keys are not checked. */
export function createEditorStore(text: string, tools: readonly string[], keyedProviders?: ReadonlySet<string>) {
  return createStore<EditorState>()((...args) => ({
    ...createDocumentSlice(text, tools, keyedProviders)(...args),
    ...createHistorySlice(...args),
    ...createViewSlice(...args),
  }));
}

export function selectedNodeIds(state: EditorState): string[] {
  return state.graph.nodes.filter((node) => node.selected).map((node) => node.id);
}
