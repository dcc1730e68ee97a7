"use client";

import { useNodesInitialized, useReactFlow } from "@xyflow/react";
import { useEffect, useRef } from "react";
import { useRunFocus } from "../../run/flow-run-context";
import { selectedNodeIds } from "../store";
import { useEditorStore } from "../store/context";

/**
 * The canvas's side of the run focus: selecting one agent points the run's rows at it;
 * a row clicked in the run drawer selects that agent here and centres it.
 */
export function useRunFocusBridge() {
  const store = useEditorStore();
  const runFocus = useRunFocus();
  const setFocus = runFocus?.setFocus;
  const { fitView } = useReactFlow();

  useEffect(() => {
    if (!setFocus) return;
    return store.subscribe((state, previous) => {
      if (state.graph.nodes === previous.graph.nodes) return;
      const [id, ...more] = selectedNodeIds(state);
      if (!id || more.length > 0 || selectedNodeIds(previous).join() === id) return;
      if (state.graph.nodes.find((node) => node.id === id)?.type === "agent") setFocus({ agent: id, from: "canvas" });
    });
  }, [store, setFocus]);

  // A focus asked for by the page's address arrives before the canvas has laid out and
  // measured its nodes: it waits for them, and is applied once (later edits keep their selection).
  const focus = runFocus?.focus;
  const nodesMeasured = useNodesInitialized();
  const applied = useRef<typeof focus>(null);
  useEffect(() => {
    if (focus?.from !== "run" || applied.current === focus || !nodesMeasured) return;
    const state = store.getState();
    if (!state.graph.nodes.some((node) => node.id === focus.agent)) return;
    applied.current = focus;
    state.onNodesChange(state.graph.nodes.filter((node) => node.selected !== (node.id === focus.agent)).map((node) => ({ type: "select", id: node.id, selected: node.id === focus.agent })));
    void fitView({ nodes: [{ id: focus.agent }], duration: 300, maxZoom: 1.2 });
  }, [focus, nodesMeasured, store, fitView]);
}
