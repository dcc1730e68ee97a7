"use client";

import { isDetached } from "../fns/detached";
import type { NodeIssue } from "../fns/model-check";
import { useEditor } from "../store/context";

/** The node's problems from the last validation, as a marker with the messages. */
export function useNodeIssues(id: string) {
  return useEditor((state) => state.issues.get(id));
}

/** Whether a node's issues are only warnings (a model without a key): drawn amber, not red. */
export function onlyWarnings(issues: readonly NodeIssue[] | undefined): boolean {
  return issues !== undefined && issues.every((issue) => issue.warning);
}

export function IssueMarker({ id }: { id: string }) {
  const issues = useNodeIssues(id);
  if (!issues) return null;
  const warnings = onlyWarnings(issues);
  return (
    <span
      className={`node-issue${warnings ? " warning" : ""}`}
      title={issues.map((issue) => issue.message).join("\n")}
      aria-label={warnings ? `${issues.length} warning(s)` : `${issues.length} problem(s)`}
    >
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
