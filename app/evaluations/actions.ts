"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { MAX_EVALUATION_CONCURRENCY } from "@/lib/data/evaluations";
import { ScorerSpellings } from "@/lib/data/evaluationTypes";
import { Id } from "@/lib/data/validation";
import { FlowDocument } from "@/lib/data/flowSchemas";
import { MAX_DOCUMENT_BYTES } from "@/lib/data/limits";
import { cancelEvaluation, resumeEvaluation, startDraftEvaluation, startEvaluation } from "@/lib/evaluations/service";
import { ModelOverride } from "@/lib/runs";
import { actorOf } from "@/lib/runs/commands";
import { type ActionResult, fromError, invalidInput, ok } from "@/app/_lib/action-result";
import { currentWorkspace } from "@/app/_lib/workspace";

const StartInput = z.object({
  flowId: Id,
  version: z.number().int().positive().optional(),
  datasetId: Id,
  scorers: ScorerSpellings.min(1, "Choose at least one scorer"),
  concurrency: z.number().int().min(1).max(MAX_EVALUATION_CONCURRENCY),
  /** Empty means: each agent's own model. */
  model: z.union([z.literal(""), ModelOverride]).optional(),
  minPass: z.number().min(0).max(1).optional(),
});

export async function startEvaluationAction(input: z.input<typeof StartInput>): Promise<ActionResult<{ id: string }>> {
  const parsed = StartInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { model, ...command } = parsed.data;
  try {
    const evaluation = await startEvaluation(actorOf(await currentWorkspace()), { ...command, modelOverride: model || undefined, trigger: "ui" });
    revalidatePath("/evaluations");
    return ok({ id: evaluation.id });
  } catch (error) {
    return fromError(error);
  }
}

const DraftInput = z.object({
  flowId: Id,
  // Characters first (cheap), then bytes: the same cap as a save.
  document: z.string().max(MAX_DOCUMENT_BYTES * 4, "The document is larger than 1 MiB.").pipe(FlowDocument),
  baseVersion: z.number().int().positive(),
  datasetId: Id,
  datasetVersion: z.number().int().positive().optional(),
  scorers: ScorerSpellings.min(1, "Choose at least one scorer"),
  concurrency: z.number().int().min(1).max(MAX_EVALUATION_CONCURRENCY),
  model: z.union([z.literal(""), ModelOverride]).optional(),
});

/** "Evaluate" in the editor: the current document, saved or not, over a dataset version. */
export async function startDraftEvaluationAction(input: z.input<typeof DraftInput>): Promise<ActionResult<{ id: string }>> {
  const parsed = DraftInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { model, ...command } = parsed.data;
  try {
    const evaluation = await startDraftEvaluation(actorOf(await currentWorkspace()), { ...command, modelOverride: model || undefined });
    revalidatePath("/evaluations");
    return ok({ id: evaluation.id });
  } catch (error) {
    return fromError(error);
  }
}

const VersusInput = z.object({
  flowId: Id,
  candidate: z.number().int().positive(),
  baseline: z.number().int().positive(),
  datasetId: Id,
  scorers: ScorerSpellings.min(1, "Choose at least one scorer"),
  concurrency: z.number().int().min(1).max(MAX_EVALUATION_CONCURRENCY).default(5),
});

/** "Evaluate v5 against v4": starts both over the same dataset version; the page opens their comparison. */
export async function evaluateVersusAction(input: z.input<typeof VersusInput>): Promise<ActionResult<{ baselineId: string; candidateId: string }>> {
  const parsed = VersusInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { flowId, candidate, baseline, datasetId, scorers, concurrency } = parsed.data;
  try {
    const actor = actorOf(await currentWorkspace());
    const base = await startEvaluation(actor, { flowId, version: baseline, datasetId, scorers, concurrency, trigger: "ui" });
    const next = await startEvaluation(actor, { flowId, version: candidate, datasetId, datasetVersion: base.datasetVersion, scorers, concurrency, baselineId: base.id, trigger: "ui" });
    revalidatePath("/evaluations");
    return ok({ baselineId: base.id, candidateId: next.id });
  } catch (error) {
    return fromError(error);
  }
}

const Ref = z.object({ evaluationId: Id });

export async function cancelEvaluationAction(input: z.input<typeof Ref>): Promise<ActionResult<null>> {
  const parsed = Ref.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    await cancelEvaluation(actorOf(await currentWorkspace()), parsed.data.evaluationId);
    return ok(null);
  } catch (error) {
    return fromError(error);
  }
}

export async function resumeEvaluationAction(input: z.input<typeof Ref>): Promise<ActionResult<null>> {
  const parsed = Ref.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    await resumeEvaluation(actorOf(await currentWorkspace()), parsed.data.evaluationId);
    return ok(null);
  } catch (error) {
    return fromError(error);
  }
}
