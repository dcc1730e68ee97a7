"use client";

import { useReactFlow } from "@xyflow/react";
import { useCallback, useState } from "react";
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
      // elk is over a megabyte of script: loaded on the first use, not with the editor.
      const { layoutGraph } = await import("../fns/elk-layout");
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
