/**
 * The zoom levels at which the canvas draws less: one place, so the agent nodes, the
 * canvas's `far` class and the moving snapshot agree on when "far out" starts.
 */

/** Below this zoom, in a large flow, agents are plain boxes: no text, no grabbable handles. */
export const FAR_ZOOM = 0.3;
/** A flow with more nodes than this is "large": far out, its agents are drawn as plain boxes. */
export const FAR_FROM_NODES = 150;
/** Below this zoom an agent shows only its name, drawn larger so it stays readable. */
export const NAME_ONLY_ZOOM = 0.6;

/** Whether agents are drawn as plain boxes at this zoom in a flow of this many nodes. */
export function agentsArePlainBoxes(zoom: number, nodeCount: number): boolean {
  return zoom < FAR_ZOOM && nodeCount > FAR_FROM_NODES;
}
