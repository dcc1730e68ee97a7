"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { MAX_RUN_INPUT_CHARS } from "@/lib/data/runs";
import { Id } from "@/lib/data/validation";
import { ModelOverride } from "@/lib/runs";
import { actorOf, cancelRunAs, rerunAs, resumeRunAs, startRunAs } from "@/lib/runs/commands";
import { Answer, answerRunAs } from "@/lib/runs/answers";
import { ForkEdits, forkRunAs } from "@/lib/runs/forks";
import { type ActionResult, fromError, invalidInput, ok } from "@/app/_lib/action-result";
import { currentWorkspace } from "@/app/_lib/workspace";

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
  const { flowId, version, model } = parsed.data;
  try {
    const run = await startRunAs(actorOf(await currentWorkspace()), { flowId, version, input: parsed.data.input, modelOverride: model || undefined, trigger: "ui" });
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
    await cancelRunAs(actorOf(await currentWorkspace()), parsed.data.runId);
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
    const run = await rerunAs(actorOf(await currentWorkspace()), parsed.data.runId);
    revalidatePath("/runs");
    return ok({ runId: run.id });
  } catch (error) {
    return fromError(error);
  }
}

/** Continues an interrupted run from its last recorded step. */
export async function resumeRunAction(input: z.input<typeof RunRef>): Promise<ActionResult<null>> {
  const parsed = RunRef.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    await resumeRunAs(actorOf(await currentWorkspace()), parsed.data.runId);
    revalidatePath(`/runs/${parsed.data.runId}`);
    return ok(null);
  } catch (error) {
    return fromError(error);
  }
}

const AnswerInput = Answer.extend({ runId: Id });

/** Answers a waiting run's question; the run continues from where it paused. */
export async function answerRunAction(input: z.input<typeof AnswerInput>): Promise<ActionResult<null>> {
  const parsed = AnswerInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { runId, nodeId, answer } = parsed.data;
  try {
    await answerRunAs(actorOf(await currentWorkspace()), runId, { nodeId, answer });
    revalidatePath(`/runs/${runId}`);
    return ok(null);
  } catch (error) {
    return fromError(error);
  }
}

const ForkInput = z.object({ runId: Id, nodeId: z.string().min(1).max(500), edits: ForkEdits.default({}) });

/** Starts a fork of a run at one of its model calls, with the person's edits; returns the new run. */
export async function forkRunAction(input: z.input<typeof ForkInput>): Promise<ActionResult<{ runId: string }>> {
  const parsed = ForkInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { runId, nodeId, edits } = parsed.data;
  try {
    const run = await forkRunAs(actorOf(await currentWorkspace()), runId, { nodeId, edits });
    revalidatePath("/runs");
    return ok({ runId: run.id });
  } catch (error) {
    return fromError(error);
  }
}
