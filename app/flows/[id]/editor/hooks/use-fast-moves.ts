"use client";

import { useStoreApi, type OnMoveEnd, type OnMoveStart, type Viewport } from "@xyflow/react";
import { useCallback, useRef, type RefObject } from "react";
import { agentsArePlainBoxes } from "../fns/zoom-levels";
import { contains, drawSnapshotScene, readSnapshotScene, visibleFlowRect, type FlowRect, type SnapshotScene } from "../fns/move-snapshot";

/** The host's class while the picture stands in for the flow (editor.css). */
const MOVING_CLASS = "moving-snapshot";
/** The picture covers what is in view and this share of the view on each side, so a pan rarely runs off it. */
const MARGIN = 0.5;
/** Redrawn when the zoom has changed by more than this factor since it was drawn. */
const ZOOM_DRIFT = 1.25;
/** Around the nodes, room for edges that curve out of them and for selection rings. */
const BOUNDS_PAD = 200;

/** The picture on the canvas: what it shows, the area it was asked to cover, the flow rectangle drawn, at what zoom. */
type Picture = { scene: SnapshotScene; area: FlowRect; region: FlowRect; zoom: number };

/**
 * Panning and zooming a large flow far out without making the page redraw it on every
 * frame. React Flow's viewport is controlled here (ReactFlow's `viewport` and
 * `onViewportChange`): an ordinary move goes into its store as it would by itself; but when
 * a person moves a flow of more than `fromNodes` nodes whose agents are plain boxes, its
 * first movement draws the flow once on a canvas (fns/move-snapshot.ts), hides React
 * Flow's viewport, and each further frame only moves that canvas: no store update (which
 * runs a selector for every node and edge), no paint, no hit test of thousands of elements.
 * When the move ends, the store gets the final view and the real nodes come back. Nothing
 * changes while the view stands still, so selecting, dragging and connecting always work on
 * the real nodes, and a click on the background never pays for the picture.
 */
export function useFastMoves(host: RefObject<HTMLDivElement | null>, nodeCount: number, fromNodes: number) {
  const store = useStoreApi();
  const canvas = useRef<HTMLCanvasElement>(null);
  /** A person is moving the view, and it was far out when they started. */
  const gesture = useRef(false);
  const picture = useRef<Picture | null>(null);
  const latest = useRef<Viewport | null>(null);
  const frame = useRef(0);

  const eligible = useCallback((zoom: number) => nodeCount > fromNodes && agentsArePlainBoxes(zoom, nodeCount), [nodeCount, fromNodes]);

  const place = useCallback((viewport: Viewport) => {
    const drawn = picture.current;
    if (!drawn || !canvas.current) return;
    const { x, y, zoom } = viewport;
    canvas.current.style.transform = `translate(${x + drawn.region.x * zoom}px, ${y + drawn.region.y * zoom}px) scale(${zoom / drawn.zoom})`;
  }, []);

  const draw = useCallback(
    (viewport: Viewport, scene: SnapshotScene) => {
      const { width, height } = store.getState();
      const view = visibleFlowRect([viewport.x, viewport.y, viewport.zoom], { width, height });
      const area = { x: view.x - view.width * MARGIN, y: view.y - view.height * MARGIN, width: view.width * (1 + 2 * MARGIN), height: view.height * (1 + 2 * MARGIN) };
      const region = clip(area, scene.bounds, BOUNDS_PAD);
      drawSnapshotScene(canvas.current!, scene, region, viewport.zoom * window.devicePixelRatio);
      Object.assign(canvas.current!.style, { width: `${region.width * viewport.zoom}px`, height: `${region.height * viewport.zoom}px` });
      picture.current = { scene, area, region, zoom: viewport.zoom };
      place(viewport);
    },
    [store, place],
  );

  const commit = useCallback((viewport: Viewport) => store.setState({ transform: [viewport.x, viewport.y, viewport.zoom] }), [store]);

  /** Back to the real nodes, at the view the move reached. */
  const finish = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = 0;
    if (picture.current && latest.current) commit(latest.current);
    picture.current = null;
    host.current?.classList.remove(MOVING_CLASS);
  }, [commit, host]);

  const onMoveStart: OnMoveStart = useCallback(
    (event, viewport) => {
      // A person's move (programmatic ones, such as fit view, come without an event).
      gesture.current = event !== null && eligible(viewport.zoom);
    },
    [eligible],
  );

  const onViewportChange = useCallback(
    (viewport: Viewport) => {
      latest.current = viewport;
      if (!gesture.current || !canvas.current || !eligible(viewport.zoom)) {
        if (picture.current) finish();
        commit(viewport);
        return;
      }
      if (!picture.current) {
        const { domNode, nodeLookup, transform } = store.getState();
        if (!domNode) return commit(viewport);
        // Read while the page still shows the flow at the store's view.
        draw(viewport, readSnapshotScene(domNode, nodeLookup, transform));
        host.current?.classList.add(MOVING_CLASS);
        return;
      }
      place(viewport);
      const drawn = picture.current;
      const { width, height } = store.getState();
      const view = visibleFlowRect([viewport.x, viewport.y, viewport.zoom], { width, height });
      const stale = !contains(drawn.area, view) || viewport.zoom > drawn.zoom * ZOOM_DRIFT || viewport.zoom < drawn.zoom / ZOOM_DRIFT;
      if (stale && !frame.current) {
        // Once a frame at most, for the view the move has reached by then.
        frame.current = requestAnimationFrame(() => {
          frame.current = 0;
          if (picture.current && latest.current) draw(latest.current, picture.current.scene);
        });
      }
    },
    [eligible, commit, finish, draw, place, store, host],
  );

  const onMoveEnd: OnMoveEnd = useCallback(() => {
    gesture.current = false;
    finish();
  }, [finish]);

  return { canvas, onMoveStart, onViewportChange, onMoveEnd };
}

/** `rect` cut to `bounds` grown by `pad` on each side. */
function clip(rect: FlowRect, bounds: FlowRect, pad: number): FlowRect {
  const x = Math.max(rect.x, bounds.x - pad);
  const y = Math.max(rect.y, bounds.y - pad);
  const right = Math.min(rect.x + rect.width, bounds.x + bounds.width + pad);
  const bottom = Math.min(rect.y + rect.height, bounds.y + bounds.height + pad);
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}
