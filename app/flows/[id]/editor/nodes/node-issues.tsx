"use client";

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
