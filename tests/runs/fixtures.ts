import type { RunNodeSummary } from "@/lib/data/runs/types";

/** A RunNodeSummary with defaults; times in ms. */
export function summary(fields: Partial<RunNodeSummary> & Pick<RunNodeSummary, "id">): RunNodeSummary {
  return {
    parentId: null,
    seq: 0,
    kind: "agent",
    name: fields.id,
    status: "success",
    model: null,
    createdAt: 0,
    startedAt: 0,
    endedAt: 0,
    durationMs: 0,
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    costUsd: 0,
    error: null,
    marks: null,
    ...fields,
  };
}
