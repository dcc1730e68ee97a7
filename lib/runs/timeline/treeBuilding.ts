/**
 * Builds the RunNode tree from the flat rows in O(n): one pass to index, one to link,
 * one iterative post-order pass to sum costs (no recursion, so a deep run cannot
 * overflow the stack).
 */
import type { RunNodeSummary } from "@/lib/data/runs/types";

export type TreeNode = {
  node: RunNodeSummary;
  children: TreeNode[];
  depth: number;
  /** The node's own cost plus its descendants'. */
  costUsd: number;
};

export type RunTree = {
  roots: TreeNode[];
  byId: ReadonlyMap<string, TreeNode>;
  /** Earliest start (or creation) and latest end among the nodes; null for an empty run. */
  startMs: number | null;
  endMs: number | null;
  costUsd: number;
};

/** Nodes may come in any order; siblings keep `seq` order. A node whose parent is missing becomes a root. */
export function buildRunTree(nodes: readonly RunNodeSummary[]): RunTree {
  const sorted = isSortedBySeq(nodes) ? nodes : [...nodes].sort((a, b) => a.seq - b.seq);
  const byId = new Map<string, TreeNode>();
  for (const node of sorted) byId.set(node.id, { node, children: [], depth: 0, costUsd: node.costUsd });

  const roots: TreeNode[] = [];
  let startMs: number | null = null;
  let endMs: number | null = null;
  for (const node of sorted) {
    const treeNode = byId.get(node.id)!;
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (parent && parent !== treeNode) parent.children.push(treeNode);
    else roots.push(treeNode);
    const start = node.startedAt ?? node.createdAt;
    if (startMs === null || start < startMs) startMs = start;
    const end = node.endedAt ?? start;
    if (endMs === null || end > endMs) endMs = end;
  }

  // Depth top-down, then costs bottom-up, both from one explicit preorder list.
  const preorder: TreeNode[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const current = stack.pop()!;
    preorder.push(current);
    for (let i = current.children.length - 1; i >= 0; i--) {
      const child = current.children[i]!;
      child.depth = current.depth + 1;
      stack.push(child);
    }
  }
  for (let i = preorder.length - 1; i >= 0; i--) {
    const current = preorder[i]!;
    for (const child of current.children) current.costUsd += child.costUsd;
  }
  const costUsd = roots.reduce((sum, root) => sum + root.costUsd, 0);
  return { roots, byId, startMs, endMs, costUsd };
}

function isSortedBySeq(nodes: readonly RunNodeSummary[]): boolean {
  for (let i = 1; i < nodes.length; i++) if (nodes[i - 1]!.seq > nodes[i]!.seq) return false;
  return true;
}
