/**
 * A picture of a large flow, far out, drawn on one <canvas> to stand in for the page's
 * nodes and edges while the view moves (hooks/use-fast-moves.ts). Far out an agent is a
 * plain box (zoom-levels.ts), so a box in the agent's own computed colours is what the page
 * would paint anyway; but the page paints 1,000 agents and 1,000 SVG edges as thousands of
 * separately transformed pieces, and Chromium re-layerizes and hit-tests all of them on
 * every pointer move of a pan (issue 17: 23 ms a move with 1,000 agents). A canvas is one.
 *
 * Everything is read from what React Flow drew (its node lookup for boxes and handles, the
 * edge paths' `d` attributes, computed styles, the containers' header text where the page
 * laid it out), so the picture matches the page it stands in for.
 */
import { getNodesBounds, type ReactFlowState, type Rect } from "@xyflow/react";

/** A rectangle in flow coordinates. */
export type FlowRect = Rect;

type BoxStyle = { fill: string; stroke: string; lineWidth: number; dash: number[]; radius: number; ring?: { color: string; width: number }; opacity: number };
type LineStyle = { stroke: string; lineWidth: number; dash: number[]; opacity: number };
type HeaderText = { text: string; rect: FlowRect; font: string; color: string };
type Box = { rect: FlowRect; style: BoxStyle };

export type SnapshotScene = {
  /** Containers (parallel and serial groups, swarms), parents before children. */
  containers: Box[];
  /** The containers' handles. */
  handles: Box[];
  /** The containers' header text, where the page laid it out. */
  texts: HeaderText[];
  edges: { path: Path2D; style: LineStyle }[];
  agents: Box[];
  /** What the nodes span, in flow coordinates. */
  bounds: FlowRect;
};

const px = (value: string) => Number.parseFloat(value) || 0;

/** `box-shadow: 0 0 0 3px colour` (a ring, as selection and change marks use), if that is what it is. */
function ringOf(boxShadow: string): BoxStyle["ring"] {
  const match = /^(rgba?\([^)]*\)) 0px 0px 0px ([\d.]+)px$/.exec(boxShadow);
  return match ? { color: match[1]!, width: Number(match[2]) } : undefined;
}

function boxStyle(element: Element): BoxStyle {
  const style = getComputedStyle(element);
  const lineWidth = px(style.borderTopWidth);
  // Chromium draws a dashed border in dashes about three widths long.
  const dash = style.borderTopStyle === "dashed" ? [3 * lineWidth, 3 * lineWidth] : style.borderTopStyle === "dotted" ? [lineWidth, lineWidth] : [];
  return {
    fill: style.backgroundColor,
    stroke: style.borderTopColor,
    lineWidth: style.borderTopStyle === "none" ? 0 : lineWidth,
    dash,
    radius: px(style.borderTopLeftRadius),
    ring: ringOf(style.boxShadow),
    opacity: Number(style.opacity),
  };
}

function lineStyle(path: Element): LineStyle {
  const style = getComputedStyle(path);
  const dash = style.strokeDasharray === "none" ? [] : style.strokeDasharray.split(/[ ,]+/).map(px);
  return { stroke: style.stroke, lineWidth: px(style.strokeWidth), dash, opacity: Number(style.opacity) };
}

/** Computed styles, read once per distinct key: a flow's 1,000 agents share a few class lists. */
function styleCache<T>(read: (element: Element) => T) {
  const cache = new Map<string, T>();
  return (key: string, element: Element): T => {
    let style = cache.get(key);
    if (style === undefined) cache.set(key, (style = read(element)));
    return style;
  };
}

/**
 * Reads what React Flow has drawn under `root` (the `.react-flow` element) at `transform`
 * ([x, y, zoom], the one the page shows now).
 */
export function readSnapshotScene(root: Element, nodeLookup: ReactFlowState["nodeLookup"], transform: readonly [number, number, number]): SnapshotScene {
  const boxOf = styleCache(boxStyle);
  const lineOf = styleCache(lineStyle);
  const rootRect = root.getBoundingClientRect();
  const [tx, ty, zoom] = transform;
  const toFlow = (rect: DOMRect): FlowRect => ({ x: (rect.left - rootRect.left - tx) / zoom, y: (rect.top - rootRect.top - ty) / zoom, width: rect.width / zoom, height: rect.height / zoom });
  const wrappers = [...root.querySelectorAll<HTMLElement>(".react-flow__node")].flatMap((wrapper) => {
    const node = nodeLookup.get(wrapper.dataset.id ?? "");
    return node && wrapper.firstElementChild ? [{ wrapper, node, inner: wrapper.firstElementChild }] : [];
  });
  // The page stacks nodes by React Flow's z (children over their containers).
  wrappers.sort((a, b) => a.node.internals.z - b.node.internals.z);
  const bounds = getNodesBounds(wrappers.map(({ node }) => node), { nodeLookup });
  const scene: SnapshotScene = { containers: [], handles: [], texts: [], edges: [], agents: [], bounds };
  const textStyleOf = styleCache((element) => {
    const style = getComputedStyle(element);
    return { font: style.font, color: style.color };
  });
  for (const { wrapper, node, inner } of wrappers) {
    const { x, y } = node.internals.positionAbsolute;
    const rect = { x, y, width: node.measured.width ?? node.width ?? 0, height: node.measured.height ?? node.height ?? 0 };
    const box = { rect, style: boxOf(`${wrapper.className}|${inner.className}`, inner) };
    if (node.type === "agent") {
      // Far out an agent's handles and text are hidden (editor.css): the box is all there is.
      scene.agents.push(box);
      continue;
    }
    scene.containers.push(box);
    // Positions from React Flow's handle bounds; one style, read from the first handle drawn.
    const handleElement = inner.querySelector(":scope > .react-flow__handle");
    if (handleElement) {
      const style = boxOf(handleElement.className, handleElement);
      const { source, target } = node.internals.handleBounds ?? {};
      for (const handle of [...(source ?? []), ...(target ?? [])]) scene.handles.push({ rect: { x: x + handle.x, y: y + handle.y, width: handle.width, height: handle.height }, style });
    }
    // Header text where the page laid it out (its font grows as the zoom falls: editor.css).
    for (const part of inner.querySelectorAll(".container-header > *")) {
      const text = part.textContent?.trim();
      if (text) scene.texts.push({ text, rect: toFlow(part.getBoundingClientRect()), ...textStyleOf(`${part.tagName}|${part.className}`, part) });
    }
  }

  for (const path of root.querySelectorAll<SVGPathElement>(".react-flow__edges .react-flow__edge-path")) {
    const d = path.getAttribute("d");
    if (d) scene.edges.push({ path: new Path2D(d), style: lineOf(path.getAttribute("class") ?? "", path) });
  }
  return scene;
}

function roundedRect(context: CanvasRenderingContext2D, { x, y, width, height }: FlowRect, radius: number) {
  context.beginPath();
  context.roundRect(x, y, width, height, Math.max(0, Math.min(radius, width / 2, height / 2)));
}

function drawBox(context: CanvasRenderingContext2D, { rect, style }: Box) {
  context.globalAlpha = style.opacity;
  if (style.ring) {
    const w = style.ring.width;
    context.fillStyle = style.ring.color;
    roundedRect(context, { x: rect.x - w, y: rect.y - w, width: rect.width + 2 * w, height: rect.height + 2 * w }, style.radius + w);
    context.fill();
  }
  context.fillStyle = style.fill;
  roundedRect(context, rect, style.radius);
  context.fill();
  if (style.lineWidth > 0) {
    // A CSS border lies inside the box; a canvas stroke straddles its path.
    const inset = style.lineWidth / 2;
    context.strokeStyle = style.stroke;
    context.lineWidth = style.lineWidth;
    context.setLineDash(style.dash);
    roundedRect(context, { x: rect.x + inset, y: rect.y + inset, width: rect.width - 2 * inset, height: rect.height - 2 * inset }, style.radius - inset);
    context.stroke();
  }
}

/**
 * Draws `scene` into `canvas`, showing the flow rectangle `region` at `scale` device pixels
 * per flow unit (the canvas is resized to fit). In the page's order: containers with their
 * handles and header text, then edges, then agents (edges between top-level containers, which
 * the page draws under them, are drawn over them here: thin lines at their borders).
 */
export function drawSnapshotScene(canvas: HTMLCanvasElement, scene: SnapshotScene, region: FlowRect, scale: number): void {
  canvas.width = Math.max(1, Math.ceil(region.width * scale));
  canvas.height = Math.max(1, Math.ceil(region.height * scale));
  const context = canvas.getContext("2d");
  if (!context) return;
  context.setTransform(scale, 0, 0, scale, -region.x * scale, -region.y * scale);
  const inView = (box: Box) => intersects(box.rect, region);
  for (const box of scene.containers) if (inView(box)) drawBox(context, box);
  for (const box of scene.handles) if (inView(box)) drawBox(context, box);
  context.globalAlpha = 1;
  context.textBaseline = "middle";
  for (const { text, rect, font, color } of scene.texts) {
    if (!intersects(rect, region)) continue;
    context.save();
    context.beginPath();
    context.rect(rect.x, rect.y, rect.width, rect.height);
    context.clip();
    context.font = font;
    context.fillStyle = color;
    context.fillText(text, rect.x, rect.y + rect.height / 2);
    context.restore();
  }
  for (const { path, style } of scene.edges) {
    context.globalAlpha = style.opacity;
    context.strokeStyle = style.stroke;
    context.lineWidth = style.lineWidth;
    context.setLineDash(style.dash);
    context.stroke(path);
  }
  for (const box of scene.agents) if (inView(box)) drawBox(context, box);
  context.globalAlpha = 1;
  context.setLineDash([]);
}

export function intersects(a: FlowRect, b: FlowRect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether `inner` lies wholly inside `outer`. */
export function contains(outer: FlowRect, inner: FlowRect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

/** The flow rectangle a pane of `size` shows at `transform` ([x, y, zoom], React Flow's). */
export function visibleFlowRect(transform: readonly [number, number, number], size: { width: number; height: number }): FlowRect {
  const [x, y, zoom] = transform;
  return { x: -x / zoom, y: -y / zoom, width: size.width / zoom, height: size.height / zoom };
}
