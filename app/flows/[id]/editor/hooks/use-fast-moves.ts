"use client";

import { useStoreApi, type OnMoveEnd, type OnMoveStart, type Viewport } from "@xyflow/react";
import { useCallback, useEffect, useRef, type RefObject } from "react";
import { useEditorStore } from "../store/context";
import { agentsArePlainBoxes } from "../fns/zoom-levels";
import { contains, drawSnapshotScene, readSnapshotScene, visibleFlowRect, type FlowRect, type SnapshotScene } from "../fns/move-snapshot";

/** The host's class while the picture stands in for the flow (editor.css). */
const MOVING_CLASS = "moving-snapshot";
/** The picture covers what is in view and this share of the view on each side, so a pan rarely runs off it. */
const MARGIN = 0.5;
/** During a move, redrawn when the zoom has grown by more than this factor since it was drawn. */
const ZOOM_DRIFT = 1.25;
/** The picture's largest size in pixels (~32 MB of canvas). */
const MAX_PIXELS = 8_000_000;
/** Around the nodes, room for edges that curve out of them and for selection rings. */
const BOUNDS_PAD = 200;

/** What the page showed when a scene was read: the same values, the same picture. */
type SceneKey = readonly unknown[];
/** The picture on the canvas: its scene, the area it was asked to cover, the flow rectangle drawn, at what zoom. */
type Picture = { scene: SnapshotScene; key: SceneKey; area: FlowRect; region: FlowRect; zoom: number };

const sameKey = (a: SceneKey, b: SceneKey) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * Panning and zooming a large flow far out without making the page redraw it on every
 * frame. React Flow's viewport is controlled here (ReactFlow's `viewport` and
 * `onViewportChange`): an ordinary move goes into its store as it would by itself; but when
 * a person moves a flow of more than `fromNodes` nodes whose agents are plain boxes, a
 * picture of the flow on a canvas (fns/move-snapshot.ts) is shown and React Flow's viewport
 * hidden, and each frame only moves the canvas: no store update (which runs a selector for
 * every node and edge), no paint, no hit test of thousands of elements. When the move ends,
 * the store gets the final view and the real nodes come back. Nothing changes while the
 * view stands still, so selecting, dragging and connecting always work on the real nodes.
 *
 * The picture is drawn ahead, when the page is idle after it settles far out, and kept
 * while it still fits the view: a move then starts at once (drawing 5,000 agents takes a
 * large part of a second on a slow machine).
 */
export function useFastMoves(host: RefObject<HTMLDivElement | null>, nodeCount: number, fromNodes: number) {
  const store = useStoreApi();
  const editor = useEditorStore();
  const canvas = useRef<HTMLCanvasElement>(null);
  /** A person is moving the view, and it was far out when they started. */
  const gesture = useRef(false);
  const showing = useRef(false);
  const picture = useRef<Picture | null>(null);
  const latest = useRef<Viewport | null>(null);
  const frame = useRef(0);
  const cancelIdle = useRef(() => {});

  const eligible = useCallback((zoom: number) => nodeCount > fromNodes && agentsArePlainBoxes(zoom, nodeCount), [nodeCount, fromNodes]);

  /** The page's state the picture depends on (node classes follow the graph, selection and issues; header text the zoom). */
  const sceneKey = useCallback((): SceneKey => {
    const { nodes, edges, transform } = store.getState();
    return [nodes, edges, editor.getState().issues, transform[2]];
  }, [store, editor]);

  const place = useCallback((viewport: Viewport) => {
    const drawn = picture.current;
    if (!drawn || !canvas.current) return;
    const { x, y, zoom } = viewport;
    canvas.current.style.transform = `translate(${x + drawn.region.x * zoom}px, ${y + drawn.region.y * zoom}px) scale(${zoom / drawn.zoom})`;
  }, []);

  const viewOf = useCallback(
    (viewport: Viewport) => {
      const { width, height } = store.getState();
      return visibleFlowRect([viewport.x, viewport.y, viewport.zoom], { width, height });
    },
    [store],
  );

  const draw = useCallback(
    (viewport: Viewport, scene: SnapshotScene, key: SceneKey) => {
      const element = canvas.current;
      if (!element) return;
      const view = viewOf(viewport);
      const area = { x: view.x - view.width * MARGIN, y: view.y - view.height * MARGIN, width: view.width * (1 + 2 * MARGIN), height: view.height * (1 + 2 * MARGIN) };
      const region = clip(area, scene.bounds, BOUNDS_PAD);
      const dpr = window.devicePixelRatio;
      // Device pixels, fewer when the picture would be huge (a high-density screen): it only shows while moving.
      const scale = viewport.zoom * dpr * Math.min(1, Math.sqrt(MAX_PIXELS / Math.max(1, region.width * region.height * (viewport.zoom * dpr) ** 2)));
      drawSnapshotScene(element, scene, region, scale);
      // CSS size from the canvas's whole pixels, so its pixels map onto the flow exactly.
      const cssPerPixel = viewport.zoom / scale;
      Object.assign(element.style, { width: `${element.width * cssPerPixel}px`, height: `${element.height * cssPerPixel}px` });
      picture.current = { scene, key, area, region, zoom: viewport.zoom };
      place(viewport);
    },
    [viewOf, place],
  );

  /** Frees the picture (its canvas can hold tens of MB) when a move ends where none is needed. */
  const release = useCallback(() => {
    picture.current = null;
    if (canvas.current) canvas.current.width = canvas.current.height = 0;
  }, []);

  /**
   * A picture of what the page shows now (the store's view), drawn unless the one on the
   * canvas already is; false when far-out drawing does not apply.
   */
  const prepare = useCallback((): boolean => {
    const { domNode, nodeLookup, transform } = store.getState();
    const viewport = { x: transform[0], y: transform[1], zoom: transform[2] };
    if (!canvas.current || !domNode || !eligible(viewport.zoom)) return false;
    const key = sceneKey();
    const drawn = picture.current;
    if (drawn && sameKey(drawn.key, key)) {
      if (!contains(drawn.area, viewOf(viewport))) draw(viewport, drawn.scene, key);
      return true;
    }
    draw(viewport, readSnapshotScene(domNode, nodeLookup, transform), key);
    return true;
  }, [store, eligible, sceneKey, viewOf, draw]);

  const commit = useCallback((viewport: Viewport) => store.setState({ transform: [viewport.x, viewport.y, viewport.zoom] }), [store]);

  /** Back to the real nodes, at the view the move reached. */
  const finish = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = 0;
    if (showing.current && latest.current) commit(latest.current);
    showing.current = false;
    host.current?.classList.remove(MOVING_CLASS);
  }, [commit, host]);

  // Drawn ahead when the page is idle: after the first render, after each move, and after
  // the flow or its marks change (not during a move: the store's view is where it started).
  const prepareWhenIdle = useCallback(() => {
    cancelIdle.current();
    cancelIdle.current = whenIdle(() => {
      if (!gesture.current && !showing.current) prepare();
    });
  }, [prepare]);
  useEffect(() => {
    prepareWhenIdle();
    const unsubscribeFlow = store.subscribe((state, previous) => {
      if (state.nodes !== previous.nodes || state.edges !== previous.edges) prepareWhenIdle();
    });
    const unsubscribeIssues = editor.subscribe((state, previous) => {
      if (state.issues !== previous.issues) prepareWhenIdle();
    });
    return () => {
      unsubscribeFlow();
      unsubscribeIssues();
      cancelIdle.current();
      cancelAnimationFrame(frame.current);
    };
  }, [prepareWhenIdle, store, editor]);

  const onMoveStart: OnMoveStart = useCallback(
    (event, viewport) => {
      // A person's move (programmatic ones, such as fit view, come without an event), and
      // nothing else going on that reads the store's view meanwhile (a wheel turned while
      // dragging a node, drawing an edge or a selection box). Once the picture is up, no
      // node can be grabbed: the real ones are skipped.
      const { connection, userSelectionActive, domNode } = store.getState();
      const busy = connection.inProgress || userSelectionActive || domNode?.querySelector(".react-flow__node.dragging") != null;
      gesture.current = event !== null && !busy && eligible(viewport.zoom);
      // A picture drawn ahead now would be of the view this move leaves.
      if (gesture.current) cancelIdle.current();
    },
    [eligible, store],
  );

  const onViewportChange = useCallback(
    (viewport: Viewport) => {
      latest.current = viewport;
      if (!gesture.current || !eligible(viewport.zoom)) {
        // finish() commits the view it ends at: this one.
        if (showing.current) finish();
        else commit(viewport);
        return;
      }
      if (!showing.current) {
        // The page still shows the store's view: the picture must be of that.
        if (!prepare()) {
          commit(viewport);
          return;
        }
        showing.current = true;
        host.current?.classList.add(MOVING_CLASS);
      }
      place(viewport);
      const drawn = picture.current!;
      // Zoomed out, the picture shrinks and stays sharp; zoomed in, it blurs.
      const stale = !contains(drawn.area, viewOf(viewport)) || viewport.zoom > drawn.zoom * ZOOM_DRIFT;
      if (stale && !frame.current) {
        // Once a frame at most, for the view the move has reached by then.
        frame.current = requestAnimationFrame(() => {
          frame.current = 0;
          if (showing.current && picture.current && latest.current) draw(latest.current, picture.current.scene, picture.current.key);
        });
      }
    },
    [eligible, commit, finish, prepare, place, viewOf, draw, host],
  );

  const onMoveEnd: OnMoveEnd = useCallback(
    (_, viewport) => {
      gesture.current = false;
      finish();
      if (eligible(viewport.zoom)) prepareWhenIdle();
      else release();
    },
    [finish, prepareWhenIdle, eligible, release],
  );

  return { canvas, onMoveStart, onViewportChange, onMoveEnd };
}

/** Calls `callback` when the page is idle (soon after, where the browser cannot say); returns its cancel. */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(callback, { timeout: 1_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 300);
  return () => clearTimeout(id);
}

/** `rect` cut to `bounds` grown by `pad` on each side. */
function clip(rect: FlowRect, bounds: FlowRect, pad: number): FlowRect {
  const x = Math.max(rect.x, bounds.x - pad);
  const y = Math.max(rect.y, bounds.y - pad);
  const right = Math.min(rect.x + rect.width, bounds.x + bounds.width + pad);
  const bottom = Math.min(rect.y + rect.height, bounds.y + bounds.height + pad);
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}
