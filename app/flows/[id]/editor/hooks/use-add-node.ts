"use client";

import { useReactFlow, type XYPosition } from "@xyflow/react";
import { useCallback } from "react";
import type { FlowNodeType } from "../types";
import { absolutePosition, canContain, containerAt, nodeMap } from "../fns/graph";
import { addNode } from "../fns/graph-edits";
import { useEditorStore } from "../store/context";
import { selectedNodeIds } from "../store";

const KIND_NAMES: Record<FlowNodeType, string> = { agent: "agent", parallel: "parallel group", serial: "serial group", swarm: "swarm" };

/**
 * Adds a node from the palette: at a drop point (into the container there), or on a
 * click into the selected container when it can hold one, else at the view's centre.
 * The new node is selected, so the inspector opens on it.
 */
export function useAddNode() {
  const store = useEditorStore();
  const { screenToFlowPosition } = useReactFlow();

  const addAt = useCallback(
    (kind: FlowNodeType, point: XYPosition, parentId: string | undefined) => {
      const state = store.getState();
      const nodes = nodeMap(state.graph);
      const origin = parentId ? absolutePosition(nodes, parentId) : { x: 0, y: 0 };
      const position = { x: Math.round(point.x - origin.x), y: Math.round(point.y - origin.y) };
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
        const members = state.graph.nodes.filter((node) => node.parentId === target.id).length;
        addAt(kind, { x: origin.x + 24 + members * 24, y: origin.y + 56 + members * 24 }, target.id);
        return;
      }
      const rect = canvas?.getBoundingClientRect();
      const centre = rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : { x: 0, y: 0 };
      const jitter = (state.graph.nodes.length % 5) * 24;
      const point = screenToFlowPosition(centre);
      addAt(kind, { x: point.x - 110 + jitter, y: point.y - 45 + jitter }, undefined);
    },
    [addAt, screenToFlowPosition, store],
  );

  return { addByDrop, addByClick };
}
