"use client";

import { useReactFlow, type XYPosition } from "@xyflow/react";
import { useCallback } from "react";
import type { FlowNodeType } from "../types";
import { absolutePosition, absoluteRect, canContain, containerAt, CONTAINER_PADDING, nodeMap } from "../fns/graph";
import { addNode } from "../fns/graph-edits";
import { defaultSize, freeSpot, siblingRects } from "../fns/placement";
import { useEditorStore } from "../store/context";
import { selectedNodeIds } from "../store";

const KIND_NAMES: Record<FlowNodeType, string> = { agent: "agent", parallel: "parallel group", serial: "serial group", swarm: "swarm" };

/** Room between a selected node and a new node placed beside it. */
const BESIDE = 60;

/**
 * Adds a node from the palette: at a drop point (into the container there), or on a
 * click into the selected container when it can hold one, else beside the selection or
 * at the view's centre; always in free space. The new node is selected, so the
 * inspector opens on it.
 */
export function useAddNode() {
  const store = useEditorStore();
  const { screenToFlowPosition } = useReactFlow();

  /** Adds at `point` (absolute), moved to the nearest free spot among its siblings. */
  const addAt = useCallback(
    (kind: FlowNodeType, point: XYPosition, parentId: string | undefined) => {
      const state = store.getState();
      const nodes = nodeMap(state.graph);
      const origin = parentId ? absolutePosition(nodes, parentId) : { x: 0, y: 0 };
      const preferred = { x: point.x - origin.x, y: point.y - origin.y };
      const position = freeSpot(siblingRects(state.graph, parentId), preferred, defaultSize(kind), parentId !== undefined);
      state.applyEdit(`Add ${KIND_NAMES[kind]}`, (graph) => {
        const deselected = { ...graph, nodes: graph.nodes.map((node) => (node.selected ? { ...node, selected: false } : node)) };
        const added = addNode(deselected, kind, position, parentId);
        return { ...added.graph, nodes: added.graph.nodes.map((node) => (node.id === added.id ? { ...node, selected: true } : node)) };
      });
    },
    [store],
  );

  const addByDrop = useCallback(
    (kind: FlowNodeType, clientPoint: XYPosition) => {
      const point = screenToFlowPosition(clientPoint);
      const container = containerAt(store.getState().graph, point, kind, new Set());
      addAt(kind, point, container?.id);
    },
    [addAt, screenToFlowPosition, store],
  );

  const addByClick = useCallback(
    (kind: FlowNodeType, canvas: HTMLElement | null) => {
      const state = store.getState();
      const [selected] = selectedNodeIds(state);
      const nodes = nodeMap(state.graph);
      const target = selected ? nodes.get(selected) : undefined;
      if (target && canContain(target, kind)) {
        const origin = absolutePosition(nodes, target.id);
        addAt(kind, { x: origin.x + CONTAINER_PADDING.side, y: origin.y + CONTAINER_PADDING.top }, target.id);
        return;
      }
      if (target) {
        // Beside the selected node, in its container when that can hold the new one.
        const rect = absoluteRect(nodes, target.id);
        const parent = target.parentId ? nodes.get(target.parentId) : undefined;
        addAt(kind, { x: rect.x + rect.width + BESIDE, y: rect.y }, parent && canContain(parent, kind) ? parent.id : undefined);
        return;
      }
      const box = canvas?.getBoundingClientRect();
      const centre = box ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : { x: 0, y: 0 };
      const point = screenToFlowPosition(centre);
      const size = defaultSize(kind);
      addAt(kind, { x: point.x - size.width / 2, y: point.y - size.height / 2 }, undefined);
    },
    [addAt, screenToFlowPosition, store],
  );

  return { addByDrop, addByClick };
}
