"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getRun, MAX_RUN_INPUT_CHARS } from "@/lib/data/runs";
import { cancelRun, ModelOverride, startRun } from "@/lib/runs";
import { type ActionResult, fail, fromError, invalidInput, ok } from "@/app/_lib/action-result";
import { currentWorkspace, requirePermission } from "@/app/_lib/workspace";

const Id = z.string().min(1).max(100);

const StartRunInput = z.object({
  flowId: Id,
  version: z.number().int().positive().optional(),
  input: z.string().max(MAX_RUN_INPUT_CHARS, `The input has at most ${MAX_RUN_INPUT_CHARS} characters`),
  /** Empty means: use each agent's own model. */
  model: z.union([z.literal(""), ModelOverride]).optional(),
});

/** Creates a run and starts it in the background; the browser follows it over SSE. */
export async function startRunAction(input: z.input<typeof StartRunInput>): Promise<ActionResult<{ runId: string }>> {
  const parsed = StartRunInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "flow", "run", "run flows");
    const { flowId, version, model } = parsed.data;
    const run = await startRun({
      teamId: workspace.teamId,
      userId: workspace.userId,
      flowId,
      version,
      input: parsed.data.input,
      options: model ? { modelOverride: model } : {},
      trigger: "ui",
    });
    revalidatePath("/runs");
    return ok({ runId: run.id });
  } catch (error) {
    return fromError(error);
  }
}

const RunRef = z.object({ runId: Id });

export async function cancelRunAction(input: z.input<typeof RunRef>): Promise<ActionResult<null>> {
  const parsed = RunRef.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "flow", "run", "cancel runs");
    const run = await getRun(workspace.teamId, parsed.data.runId);
    if (!cancelRun(run.id)) return fail("This run is not running any more.");
    return ok(null);
  } catch (error) {
    return fromError(error);
  }
}

/** Runs the same flow version again with the same input and options. */
export async function rerunAction(input: z.input<typeof RunRef>): Promise<ActionResult<{ runId: string }>> {
  const parsed = RunRef.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const workspace = await currentWorkspace();
    requirePermission(workspace, "flow", "run", "run flows");
    const previous = await getRun(workspace.teamId, parsed.data.runId);
    const run = await startRun({
      teamId: workspace.teamId,
      userId: workspace.userId,
      flowId: previous.flowId,
      version: previous.flowVersion,
      input: previous.input,
      options: previous.options,
      trigger: "ui",
      rerunOfId: previous.id,
    });
    revalidatePath("/runs");
    return ok({ runId: run.id });
  } catch (error) {
    return fromError(error);
  }
}
