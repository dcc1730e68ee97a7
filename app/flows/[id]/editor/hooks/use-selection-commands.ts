"use client";

import { useMemo } from "react";
import type { XYPosition } from "@xyflow/react";
import type { FlowGraph } from "../types";
import { sizeOf } from "../fns/graph";
import { type Clipboard, copyNodes, deleteEdges, deleteNodes, pasteNodes } from "../fns/graph-edits";
import { freeSpot, siblingRects } from "../fns/placement";
import { useEditorStore } from "../store/context";
import { selectedNodeIds } from "../store";

/** Where a paste or duplicate would land relative to the originals, if that space is free. */
const PASTE_OFFSET = { x: 40, y: 40 };

/** The shift that puts the clipboard's top-level nodes, kept together, in free space near PASTE_OFFSET. */
function pasteOffset(graph: FlowGraph, clipboard: Clipboard): XYPosition {
  const roots = clipboard.nodes.filter((node) => !node.parentId);
  if (roots.length === 0) return PASTE_OFFSET;
  const left = Math.min(...roots.map((node) => node.position.x));
  const top = Math.min(...roots.map((node) => node.position.y));
  const width = Math.max(...roots.map((node) => node.position.x + sizeOf(node).width)) - left;
  const height = Math.max(...roots.map((node) => node.position.y + sizeOf(node).height)) - top;
  const spot = freeSpot(siblingRects(graph, undefined), { x: left + PASTE_OFFSET.x, y: top + PASTE_OFFSET.y }, { width, height });
  return { x: spot.x - left, y: spot.y - top };
}

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
      store.getState().flushText();
      const state = store.getState();
      const ids = selectedNodeIds(state);
      if (ids.length > 0) state.setClipboard(copyNodes(state.graph, ids));
    };
    const paste = () => {
      const state = store.getState();
      const clipboard = state.clipboard;
      if (!clipboard) return;
      state.applyEdit("Paste", (graph) => pasteNodes(graph, clipboard, pasteOffset(graph, clipboard)).graph);
    };
    const duplicateSelection = () => {
      const state = store.getState();
      const ids = selectedNodeIds(state);
      if (ids.length === 0) return;
      state.applyEdit("Duplicate", (graph) => {
        const copied = copyNodes(graph, ids);
        return pasteNodes(graph, copied, pasteOffset(graph, copied)).graph;
      });
    };
    const selectAll = () => {
      const state = store.getState();
      state.onNodesChange(state.graph.nodes.filter((node) => !node.selected).map((node) => ({ type: "select", id: node.id, selected: true })));
    };
    return { deleteSelection, copySelection, paste, duplicateSelection, selectAll };
  }, [store]);
}
