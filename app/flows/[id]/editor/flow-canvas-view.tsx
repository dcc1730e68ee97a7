"use client";

import "@xyflow/react/dist/style.css";
import "./editor.css";
import { ReactFlowProvider } from "@xyflow/react";
import { useState } from "react";
import { Canvas } from "./components/canvas";
import { createEditorStore } from "./store";
import { EditorStoreProvider } from "./store/context";

type Props = {
  /** The document to draw. */
  text: string;
  /** Accessible name of the canvas box ("Version 3", "Shared flow"). */
  label: string;
  /** A class per node id (`change-added`, `change-removed`, `change-changed`). */
  nodeClasses?: ReadonlyMap<string, string>;
};

/** A document drawn on a read-only canvas (pan, zoom, nothing editable): shares, version compares. */
export function FlowCanvasView({ text, label, nodeClasses }: Props) {
  const [store] = useState(() => createEditorStore(text, []));
  return (
    <div className="flow-canvas-view" role="region" aria-label={label}>
      <EditorStoreProvider store={store}>
        <ReactFlowProvider>
          <Canvas readOnly minimap={false} nodeClasses={nodeClasses} />
        </ReactFlowProvider>
      </EditorStoreProvider>
    </div>
  );
}
