"use client";

import { Background, Controls, MiniMap, ReactFlow, useStore, useStoreApi, type Viewport } from "@xyflow/react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type RefObject } from "react";
import type { FlowNodeType } from "../types";
import { EdgeMarkers, edgeTypes } from "../edges";
import { visibleNodes } from "../fns/derive";
import { fittedViewport, withInitialSize } from "../fns/first-view";
import { useAddNode } from "../hooks/use-add-node";
import { useCanvasInteractions } from "../hooks/use-canvas-interactions";
import { useFastMoves } from "../hooks/use-fast-moves";
import { FAR_FROM_NODES, FAR_ZOOM } from "../fns/zoom-levels";
import { nodeTypes } from "../nodes";
import { useEditor } from "../store/context";
import { PALETTE_MIME } from "./palette";

/** Past this many nodes the minimap costs more than it helps while panning. */
const MINIMAP_LIMIT = 400;
/** Culling off-screen nodes pays in a large flow, and only when zoomed in: far out
 * everything is on screen, and culling would only add work to every pan frame. It must stay
 * off wherever the moving picture can be drawn (far out), which reads the nodes drawn. */
const CULL_FROM_NODES = FAR_FROM_NODES;
const CULL_FROM_ZOOM = FAR_ZOOM;

/** Low enough to fit a 1,000-agent flow in view. */
const MIN_ZOOM = 0.02;
const MAX_ZOOM = 2;

const MINIMAP_COLORS: Record<string, string> = { agent: "#c7cbe0", parallel: "#e7e9ff", serial: "#e8f5ee", swarm: "#fdf3e1" };

/**
 * The canvas. `nodeClasses` adds a class to nodes by id (a version compare marks added,
 * removed and changed nodes with it).
 */
export function Canvas({ readOnly, minimap, nodeClasses }: { readOnly: boolean; minimap: boolean; nodeClasses?: ReadonlyMap<string, string> }) {
  const nodes = useEditor((state) => state.graph.nodes);
  const edges = useEditor((state) => state.graph.edges);
  const collapsed = useEditor((state) => state.collapsed);
  const canvasInSync = useEditor((state) => state.canvasInSync);
  const onNodesChange = useEditor((state) => state.onNodesChange);
  const onEdgesChange = useEditor((state) => state.onEdgesChange);
  const interactions = useCanvasInteractions();
  const { addByDrop } = useAddNode();
  const shown = useMemo(() => {
    const visible = visibleNodes(nodes, collapsed).map(withInitialSize);
    return nodeClasses ? visible.map((node) => (nodeClasses.has(node.id) ? { ...node, className: nodeClasses.get(node.id) } : node)) : visible;
  }, [nodes, collapsed, nodeClasses]);
  const zoomedIn = useStore((state) => state.transform[2] >= CULL_FROM_ZOOM);
  const editable = !readOnly && canvasInSync;
  const host = useRef<HTMLDivElement>(null);
  useZoomVariable(host);
  // Past the minimap's limit, moves far out show a picture of the flow (hooks/use-fast-moves.ts).
  const moves = useFastMoves(host, nodes.length, MINIMAP_LIMIT);
  // The first view, fitted before the first paint (fns/first-view.ts): the nodes show at once.
  const [firstView, setFirstView] = useState<Viewport | null>(null);
  useLayoutEffect(() => {
    const { width, height } = host.current!.getBoundingClientRect();
    setFirstView(fittedViewport(shown, { width, height }, { min: MIN_ZOOM, max: MAX_ZOOM }));
    // Once, for the document the editor opened with.
  }, []);

  function onDrop(event: DragEvent) {
    const kind = event.dataTransfer.getData(PALETTE_MIME) as FlowNodeType;
    if (!kind || !editable) return;
    event.preventDefault();
    addByDrop(kind, { x: event.clientX, y: event.clientY });
  }

  return (
    <div
      className="editor-canvas"
      aria-label="Canvas"
      role="region"
      ref={host}
      // Dragging the background pans: the pane captures the pointer, so the browser does not
      // hit-test every node and edge under it on each move (12 ms a move with 1,000 agents).
      onPointerDownCapture={(event) => {
        const target = event.target as Element;
        if (event.button === 0 && target.classList.contains("react-flow__pane")) target.setPointerCapture(event.pointerId);
      }}
    >
      <EdgeMarkers />
      <canvas ref={moves.canvas} className="move-snapshot" aria-hidden />
      {firstView ? (
        <ReactFlow
          nodes={shown}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={interactions.onConnect}
          onConnectEnd={interactions.onConnectEnd}
          isValidConnection={interactions.isValidConnection}
          onNodeDragStart={interactions.onNodeDragStart}
          onNodeDragStop={interactions.onNodeDragStop}
          onDragOver={(event) => {
            if (event.dataTransfer.types.includes(PALETTE_MIME)) event.preventDefault();
          }}
          onDrop={onDrop}
          nodesDraggable={editable}
          nodesConnectable={editable}
          // Deleting is a named edit (useSelectionCommands), not React Flow's own.
          deleteKeyCode={null}
          selectionKeyCode="Shift"
          multiSelectionKeyCode={["Meta", "Control"]}
          onlyRenderVisibleElements={zoomedIn && nodes.length > CULL_FROM_NODES}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          defaultViewport={firstView}
          // Controlled (the view's first value; every change goes through useFastMoves).
          viewport={firstView}
          onViewportChange={moves.onViewportChange}
          onMoveStart={moves.onMoveStart}
          onMoveEnd={moves.onMoveEnd}
        >
          <Background gap={20} size={1} />
          {minimap && nodes.length <= MINIMAP_LIMIT ? <MiniMap pannable zoomable style={{ width: 150, height: 96 }} nodeColor={(node) => MINIMAP_COLORS[node.type ?? "agent"] ?? "#ccc"} /> : null}
          <Controls showInteractive={false} />
        </ReactFlow>
      ) : null}
      {canvasInSync ? null : (
        <div className="canvas-banner" role="status">
          The DSL has problems the canvas cannot show: it shows the last version that worked and is read-only until the DSL is fixed (or undone).
        </div>
      )}
      {nodes.length === 0 ? (
        <div className="canvas-empty">
          <p>
            <strong>Start with an agent:</strong> drag <em>+ Agent</em> from the palette onto the canvas, or click it.
          </p>
          <p>Then drag from a node&apos;s right handle to the next node to run them in order, or write the flow in the DSL pane.</p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Puts the zoom in a CSS variable on the canvas, so node labels can grow as the view
 * zooms out (readable names) without re-rendering a node, and a `far` class below
 * FAR_ZOOM: written outside React, and only when the zoom changes, not on every pan frame.
 */
function useZoomVariable(host: RefObject<HTMLDivElement | null>) {
  const store = useStoreApi();
  useEffect(() => {
    let last = 0;
    const write = (zoom: number) => {
      if (zoom === last || !host.current) return;
      last = zoom;
      host.current.style.setProperty("--canvas-zoom", String(zoom));
      host.current.classList.toggle("far", zoom < FAR_ZOOM);
    };
    write(store.getState().transform[2]);
    return store.subscribe((state) => write(state.transform[2]));
  }, [store, host]);
}
