"use client";

import { useMemo } from "react";
import type { FlowNode } from "../types";
import { copyNodes, deleteEdges, deleteNodes, pasteNodes } from "../fns/graph-edits";
import { useEditorStore } from "../store/context";
import { selectedNodeIds } from "../store";

/** Where a paste or duplicate lands relative to the originals. */
const PASTE_OFFSET = { x: 40, y: 40 };

/** Delete, copy, paste, duplicate and select-all over the canvas selection. */
export function useSelectionCommands() {
  const store = useEditorStore();
  return useMemo(() => {
    const deleteSelection = () => {
      const state = store.getState();
      const nodes = selectedNodeIds(state);
      const edges = state.graph.edges.filter((edge) => edge.selected).map((edge) => edge.id);
      if (nodes.length === 0 && edges.length === 0) return;
      state.applyEdit(nodes.length > 0 ? "Delete" : "Delete edge", (graph) => deleteEdges(deleteNodes(graph, nodes), edges));
    };
    const copySelection = () => {
      const state = store.getState();
      const ids = selectedNodeIds(state);
      if (ids.length > 0) state.setClipboard(copyNodes(state.graph, ids));
    };
    const paste = () => {
      const state = store.getState();
      const clipboard = state.clipboard;
      if (!clipboard) return;
      state.applyEdit("Paste", (graph) => pasteNodes(graph, clipboard, PASTE_OFFSET).graph);
      // The next paste lands further on, as in every drawing tool.
      state.setClipboard({ ...clipboard, nodes: clipboard.nodes.map((node) => (node.parentId ? node : ({ ...node, position: { x: node.position.x + PASTE_OFFSET.x, y: node.position.y + PASTE_OFFSET.y } } as FlowNode))) });
    };
    const duplicateSelection = () => {
      const state = store.getState();
      const ids = selectedNodeIds(state);
      if (ids.length === 0) return;
      state.applyEdit("Duplicate", (graph) => pasteNodes(graph, copyNodes(graph, ids), PASTE_OFFSET).graph);
    };
    const selectAll = () => {
      const state = store.getState();
      state.onNodesChange(state.graph.nodes.filter((node) => !node.selected).map((node) => ({ type: "select", id: node.id, selected: true })));
    };
    return { deleteSelection, copySelection, paste, duplicateSelection, selectAll };
  }, [store]);
}
