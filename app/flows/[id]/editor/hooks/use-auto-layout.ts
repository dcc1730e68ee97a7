"use client";

import { useReactFlow } from "@xyflow/react";
import { useCallback, useState } from "react";
import { layoutGraph } from "../fns/elk-layout";
import { useEditorStore } from "../store/context";

/** Runs elk on the current graph and records the result as one undo step. */
export function useAutoLayout() {
  const store = useEditorStore();
  const { fitView } = useReactFlow();
  const [running, setRunning] = useState(false);

  const autoLayout = useCallback(async () => {
    const before = store.getState().graph;
    setRunning(true);
    try {
      const laidOut = await layoutGraph(before);
      // Drop the result when the document changed while elk was working.
      store.getState().applyEdit("Auto-layout", (graph) => (graph === before ? laidOut : graph), { positionsOnly: true });
      requestAnimationFrame(() => fitView({ duration: 200 }));
    } finally {
      setRunning(false);
    }
  }, [fitView, store]);

  return { autoLayout, running };
}
