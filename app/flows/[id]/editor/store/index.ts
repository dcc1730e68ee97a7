/** One store per mounted editor, made of slices (document, history, view). */
import { createStore } from "zustand/vanilla";
import type { FlowNode } from "../types";
import { createDocumentSlice, type DocumentSlice, type EditorContext } from "./document-slice";
import { createHistorySlice, type HistorySlice } from "./history-slice";
import { createViewSlice, type ViewSlice } from "./view-slice";

export type EditorState = DocumentSlice & HistorySlice & ViewSlice;
export type EditorStore = ReturnType<typeof createEditorStore>;

/** `tools`: the built-in tools' names; `context`: what else of the team the document is checked against. */
export function createEditorStore(text: string, tools: readonly string[], context: EditorContext = {}) {
  return createStore<EditorState>()((...args) => ({
    ...createDocumentSlice(text, tools, context)(...args),
    ...createHistorySlice(...args),
    ...createViewSlice(...args),
  }));
}

/**
 * Answers derived from the node list, computed once per list: selectors run on every
 * store change (a keystroke too), and the list changes far less often.
 */
function perNodeList<T>(compute: (nodes: readonly FlowNode[]) => T): (nodes: readonly FlowNode[]) => T {
  const cache = new WeakMap<readonly FlowNode[], T>();
  return (nodes) => {
    if (!cache.has(nodes)) cache.set(nodes, compute(nodes));
    return cache.get(nodes)!;
  };
}

const selectedOf = perNodeList((nodes) => nodes.filter((node) => node.selected).map((node) => node.id));

export function selectedNodeIds(state: EditorState): string[] {
  return selectedOf(state.graph.nodes);
}

/** Every agent's id, "\u0000"-joined (a string: a selector's result compares by value). */
export const agentIdList = perNodeList((nodes) =>
  nodes
    .filter((node) => node.type === "agent")
    .map((node) => node.id)
    .join("\u0000"),
);
