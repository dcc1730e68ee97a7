/**
 * The default canvas placement, used where a document has no `layout` entry: stages
 * left to right, members of a stage top to bottom, containers sized to their members.
 * Deterministic, so the graph mapping can tell a default position from a saved one.
 */
export type Size = { width: number; height: number };
export type Point = { x: number; y: number };

export const AGENT_SIZE: Size = { width: 220, height: 90 };
export const EMPTY_CONTAINER_SIZE: Size = { width: 260, height: 150 };
const GAP_X = 80;
const GAP_Y = 40;
const PADDING = 30;
/** Room for a container's title bar. */
const HEADER = 50;

/** Default positions of a scope's members, relative to the scope's origin. */
export function placeStages(stages: readonly (readonly string[])[], sizeOf: (name: string) => Size, inContainer: boolean): Map<string, Point> {
  const positions = new Map<string, Point>();
  let x = PADDING;
  for (const stage of stages) {
    let y = inContainer ? HEADER : PADDING;
    let widest = 0;
    for (const name of stage) {
      const size = sizeOf(name);
      positions.set(name, { x, y });
      y += size.height + GAP_Y;
      widest = Math.max(widest, size.width);
    }
    x += widest + GAP_X;
  }
  return positions;
}

/** A container just large enough for its members where they stand. */
export function containerSize(members: readonly { position: Point; size: Size }[]): Size {
  if (members.length === 0) return EMPTY_CONTAINER_SIZE;
  let width = 0;
  let height = 0;
  for (const { position, size } of members) {
    width = Math.max(width, position.x + size.width);
    height = Math.max(height, position.y + size.height);
  }
  return { width: width + PADDING, height: height + PADDING };
}
