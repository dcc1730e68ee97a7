import type { XYPosition } from "@xyflow/react";
import type { GroupKind, GroupNode } from "./types";

export const GROUP_SIZE = { width: 260, height: 200 };

export function createGroupNode(kind: GroupKind, name: string, position: XYPosition, parentId?: string): GroupNode {
  const base = { id: name, position, ...GROUP_SIZE, ...(parentId ? { parentId } : {}), data: { name } };
  return kind === "parallel" ? { ...base, type: "parallel" } : { ...base, type: "serial" };
}
