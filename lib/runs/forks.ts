/**
 * Forking a run from one of its model calls: a new run of the same flow version and input
 * that reuses every step of the parent that had ended before that call (replayed from the
 * parent's checkpoints: no call, no cost), then runs the call — with what a person edited:
 * the messages it sees, an agent's instructions or model for the rest of the run — and
 * everything after it anew.
 */
import { z } from "zod";
import { ForbiddenError } from "@/lib/auth/errors";
import { copyCheckpointsForFork, createRun, getRun, getRunNode } from "@/lib/data/runs";
import { AgentEdit, isFinishedRunStatus, type RunDetail } from "@/lib/data/runs/types";
import { Message } from "@/lib/engine/messages";
import { UserError } from "@/lib/errors";
import type { RunActor } from "./commands";
import { runExecutor } from "./executors";
import { ModelOverride } from "./modelOverride";

export const ForkEdits = z.object({
  /** The forked call's whole history as it should see it (default: as in the parent). */
  messages: z.array(Message).min(1).max(1_000).optional(),
  /** Changes to agents (by name) for the rest of the run. */
  agents: z.record(z.string().max(200), AgentEdit.extend({ model: ModelOverride.optional() })).optional(),
});
export type ForkEdits = z.infer<typeof ForkEdits>;

export const ForkRequest = z.object({ nodeId: z.string().min(1).max(500), edits: ForkEdits.default({}) });
export type ForkRequest = z.input<typeof ForkRequest>;

/** The run cannot be forked there (not finished, or not a model call). */
export class NotForkableError extends UserError {
  override readonly name = "NotForkableError";
  readonly kind = "invalid";
}

export async function forkRunAs(actor: RunActor, parentId: string, request: ForkRequest): Promise<RunDetail> {
  if (!actor.mayRun) throw new ForbiddenError(actor.role, "fork runs");
  const { nodeId, edits } = ForkRequest.parse(request);
  const parent = await getRun(actor.teamId, parentId); // not found for another team's run
  if (!isFinishedRunStatus(parent.status)) throw new NotForkableError("A run can be forked once it has ended.");
  const { node } = await getRunNode(actor.teamId, parent.id, nodeId);
  if (node.kind !== "step" || node.startedAt === null) throw new NotForkableError("A run is forked at one of its model calls.");
  const position = node.id.slice(parent.id.length);
  const { run } = await createRun(actor.teamId, actor.userId, {
    flowId: parent.flowId,
    // The parent's own version, even if the flow changed since.
    version: parent.flowVersion,
    input: parent.input,
    options: {
      ...(parent.options.modelOverride ? { modelOverride: parent.options.modelOverride } : {}),
      ...(edits.messages ? { stepEdits: { [position]: edits.messages } } : {}),
      ...(edits.agents ? { agentEdits: edits.agents } : {}),
    },
    trigger: actor.apiTokenId ? "api" : "ui",
    forkOfId: parent.id,
    forkAt: node.id,
  }, { apiTokenId: actor.apiTokenId });
  await copyCheckpointsForFork(parent.id, run.id, node.id, node.startedAt);
  await (await runExecutor()).submit(run, actor.teamId);
  return run;
}
