"use client";

import { isDetached } from "../fns/detached";
import { useEditor } from "../store/context";

/** The node's problems from the last validation, as a marker with the messages. */
export function useNodeIssues(id: string) {
  return useEditor((state) => state.issues.get(id));
}

export function IssueMarker({ id }: { id: string }) {
  const issues = useNodeIssues(id);
  if (!issues) return null;
  return (
    <span className="node-issue" title={issues.map((issue) => issue.message).join("\n")} aria-label={`${issues.length} problem(s)`}>
      ⚠ {issues.length}
    </span>
  );
}

/** A node that no flow uses yet: says so on the node, and how to wire it in. */
export function DetachedMarker({ id }: { id: string }) {
  const detached = useEditor((state) => isDetached(state.graph, id));
  if (!detached) return null;
  return (
    <span className="detached-badge" title="Not in the flow yet: drag from a node's right handle to this one (or from this one to the next) to place it.">
      not in the flow
    </span>
  );
}
