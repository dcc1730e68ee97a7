"use client";

import dynamic from "next/dynamic";

/** FlowCanvasView for server pages: drawn in the browser only (the canvas measures its layout). */
export const LazyFlowCanvasView = dynamic(() => import("./flow-canvas-view").then((m) => m.FlowCanvasView), {
  ssr: false,
  loading: () => <div className="flow-canvas-view" aria-busy="true" />,
});
