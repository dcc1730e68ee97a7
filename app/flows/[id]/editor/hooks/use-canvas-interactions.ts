"use client";

import { useReactFlow, type Connection, type Edge, type IsValidConnection, type OnConnectEnd, type OnNodeDrag } from "@xyflow/react";
import { useCallback, useMemo, useRef } from "react";
import type { FlowNode } from "../types";
import { HANDOFF_SOURCE_HANDLE } from "../fns/edges";
import { containerAt, withDescendants } from "../fns/graph";
import { connect, connectionProblem, setParent, type ConnectionKind } from "../fns/graph-edits";
import { useEditorStore } from "../store/context";
import type { Snapshot } from "../store/history-slice";

function kindOf(connection: Connection | Edge): ConnectionKind {
  return connection.sourceHandle === HANDOFF_SOURCE_HANDLE ? "handoff" : "flow";
}

/** Drawing edges and dropping nodes into containers (or out of them). */
export function useCanvasInteractions() {
  const store = useEditorStore();
  const { screenToFlowPosition } = useReactFlow();

  const isValidConnection: IsValidConnection = useCallback(
    (connection) => connectionProblem(store.getState().graph, connection.source, connection.target, kindOf(connection)) === null,
    [store],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      const state = store.getState();
      const kind = kindOf(connection);
      const problem = connectionProblem(state.graph, connection.source, connection.target, kind);
      if (problem) return state.setNotice(problem);
      state.applyEdit(kind === "handoff" ? "Add handoff" : "Connect", (graph) => connect(graph, connection.source, connection.target, kind));
    },
    [store],
  );

  /** Reports why a drawn edge was refused, since React Flow only drops it silently. */
  const onConnectEnd: OnConnectEnd = useCallback(
    (_event, connectionState) => {
      if (connectionState.isValid !== false || !connectionState.fromNode || !connectionState.toNode) return;
      const state = store.getState();
      const kind = connectionState.fromHandle?.id === HANDOFF_SOURCE_HANDLE ? "handoff" : "flow";
      state.setNotice(connectionProblem(state.graph, connectionState.fromNode.id, connectionState.toNode.id, kind));
    },
    [store],
  );

  // Positions change live while dragging; undo must go back to where the drag began.
  const dragStart = useRef<Snapshot | undefined>(undefined);
  const onNodeDragStart: OnNodeDrag<FlowNode> = useCallback(() => {
    dragStart.current = store.getState().snapshot();
  }, [store]);

  /**
   * A drag ends: a node dropped over another container joins it, one dropped outside
   * its container leaves it; otherwise the move is just recorded. Only here is the
   * document rewritten, never on each drag frame.
   */
  const onNodeDragStop: OnNodeDrag<FlowNode> = useCallback(
    (event, node, dragged) => {
      const state = store.getState();
      const before = dragStart.current;
      dragStart.current = undefined;
      const pointer = "changedTouches" in event ? event.changedTouches[0]! : event;
      const point = screenToFlowPosition({ x: pointer.clientX, y: pointer.clientY });
      if (dragged.length === 1) {
        const moving = withDescendants(state.graph, [node.id]);
        const target = containerAt(state.graph, point, node.type, moving);
        if (target?.id !== node.parentId) {
          const name = target ? `Move into ${target.id}` : "Take out of group";
          state.applyEdit(name, (graph) => setParent(graph, node.id, target?.id), { before });
          return;
        }
      }
      // The positions are already in the graph (applied live); write them down.
      state.applyEdit("Move", (graph) => ({ ...graph }), { positionsOnly: true, before });
    },
    [screenToFlowPosition, store],
  );

  return useMemo(() => ({ isValidConnection, onConnect, onConnectEnd, onNodeDragStart, onNodeDragStop }), [isValidConnection, onConnect, onConnectEnd, onNodeDragStart, onNodeDragStop]);
}
