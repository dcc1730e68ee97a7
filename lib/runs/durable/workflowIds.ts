/**
 * A run's DBOS workflow ids. The first execution's id is the run's id (enqueuing it twice is
 * one run); a continuation (a resumed run, or one answered after waiting) needs a new
 * workflow — DBOS never runs a finished workflow id again — so it gets `<run id>~<suffix>`.
 */
const SEPARATOR = "~";

export function continuationWorkflowId(runId: string, now = Date.now()): string {
  return `${runId}${SEPARATOR}${now.toString(36)}`;
}

export function runIdOfWorkflow(workflowId: string): string {
  return workflowId.split(SEPARATOR)[0]!;
}
