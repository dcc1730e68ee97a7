/**
 * The evaluations service: start a flow version over a dataset version (one run per row,
 * driven by driver.ts), cancel, resume, and read results, verdicts and comparisons.
 * Permission first: reading follows `flow.read`, starting, cancelling and resuming
 * `flow.run` (an API token of the team may run), before any other work.
 */
import { getDatasetVersionId } from "@/lib/data/datasets";
import { getFlow, saveDraftSnapshot } from "@/lib/data/flows";
import { claimEvaluation, createEvaluation, getEvaluation, getEvaluationDocument, listEvaluationItems, listEvaluations, setEvaluationStatus } from "@/lib/data/evaluations";
import type { EvaluationItem, EvaluationStatus, EvaluationSummary } from "@/lib/data/evaluationTypes";
import { UserError } from "@/lib/errors";
import { ScorerSpecError } from "@/lib/evals";
import { requireValidDocument } from "@/lib/flows/document";
import { teamToolContext } from "@/lib/flows/teamTools";
import { cancelRun } from "@/lib/runs/service";
import { requireMayRun, type RunActor } from "@/lib/runs/commands";
import { drive, EVALUATION_STALE_MS, isDriving, stopDriving } from "./driver";
import { serverScorers } from "./scoring";

/** A reader: a workspace's actor (every role reads) or a team API token. */
export type EvaluationActor = RunActor;

export class EvaluationStateError extends UserError {
  override readonly name = "EvaluationStateError";
  readonly kind = "conflict";
}

export type StartEvaluationCommand = {
  flowId: string;
  version?: number;
  datasetId: string;
  /** A version of the dataset; default: its newest. */
  datasetVersion?: number;
  scorers: string[];
  concurrency: number;
  modelOverride?: string;
  minPass?: number;
  baselineId?: string;
  trigger: "ui" | "api";
};

function requireScorers(scorers: string[]): void {
  if (scorers.length === 0) throw new ScorerSpecError("Choose at least one scorer");
  serverScorers(scorers); // a bad spelling is refused before anything is stored
}

/** Creates the evaluation and starts driving it; resolves once it is stored. */
export async function startEvaluation(actor: EvaluationActor, command: StartEvaluationCommand): Promise<EvaluationSummary> {
  requireMayRun(actor, "run evaluations");
  requireScorers(command.scorers);
  return createAndDrive(actor, command);
}

export type StartDraftEvaluationCommand = Omit<StartEvaluationCommand, "version" | "baselineId" | "trigger"> & {
  /** The editor's document, saved or not. */
  document: string;
  /** The saved version the draft was edited from. */
  baseVersion: number;
};

/**
 * Evaluates the editor's unsaved draft: a valid document is kept as a draft snapshot of the
 * flow (its runs and results stay explainable after the draft changes), then evaluated
 * like a version. An invalid draft is refused with its problems; nothing is stored.
 */
export async function startDraftEvaluation(actor: EvaluationActor, command: StartDraftEvaluationCommand): Promise<EvaluationSummary> {
  requireMayRun(actor, "run evaluations");
  requireScorers(command.scorers);
  const { document, baseVersion, ...rest } = command;
  // Checked before anything is stored: the dataset and flow must be the team's too.
  await Promise.all([getFlow(actor.teamId, command.flowId), getDatasetVersionId(actor.teamId, command.datasetId, command.datasetVersion)]);
  requireValidDocument(document, "The draft", await teamToolContext(actor.teamId));
  const version = await saveDraftSnapshot(actor.teamId, actor.userId, command.flowId, { document, baseVersion });
  return createAndDrive(actor, { ...rest, version, trigger: "ui" });
}

async function createAndDrive(actor: EvaluationActor, command: StartEvaluationCommand): Promise<EvaluationSummary> {
  const datasetVersionId = await getDatasetVersionId(actor.teamId, command.datasetId, command.datasetVersion);
  const evaluation = await createEvaluation(
    actor.teamId,
    { userId: actor.userId, apiTokenId: actor.apiTokenId },
    {
      flowId: command.flowId,
      version: command.version,
      datasetVersionId,
      scorers: command.scorers,
      concurrency: command.concurrency,
      modelOverride: command.modelOverride,
      minPass: command.minPass,
      baselineId: command.baselineId,
    },
  );
  void drive(actor.teamId, evaluation.id, { userId: actor.userId, apiTokenId: actor.apiTokenId, trigger: command.trigger });
  return evaluation;
}

/**
 * The status people and CI see: a running evaluation that no process has driven for a while
 * (its server stopped) is `interrupted`, and can be resumed.
 */
export function effectiveStatus(evaluation: EvaluationSummary, now = Date.now()): EvaluationStatus {
  if (evaluation.status !== "running" || isDriving(evaluation.id)) return evaluation.status;
  return now - (evaluation.heartbeatAt ?? evaluation.createdAt) > EVALUATION_STALE_MS ? "interrupted" : "running";
}

export async function readEvaluation(actor: EvaluationActor, evaluationId: string): Promise<{ evaluation: EvaluationSummary; items: EvaluationItem[] }> {
  const [evaluation, items] = await Promise.all([getEvaluation(actor.teamId, evaluationId), listEvaluationItems(actor.teamId, evaluationId)]);
  return { evaluation: { ...evaluation, status: effectiveStatus(evaluation) }, items };
}

/** The document the evaluation ran: a draft's copy, kept with it. */
export async function readEvaluationDocument(actor: EvaluationActor, evaluationId: string): Promise<{ document: string; message: string }> {
  return getEvaluationDocument(actor.teamId, evaluationId);
}

export async function listTeamEvaluations(actor: EvaluationActor, filter: { flowId?: string } = {}): Promise<EvaluationSummary[]> {
  const evaluations = await listEvaluations(actor.teamId, filter);
  return evaluations.map((evaluation) => ({ ...evaluation, status: effectiveStatus(evaluation) }));
}

/** Stops starting rows and cancels the rows' open runs; the rows done keep their results. */
export async function cancelEvaluation(actor: EvaluationActor, evaluationId: string): Promise<void> {
  requireMayRun(actor, "cancel evaluations");
  const { evaluation, items } = await readEvaluation(actor, evaluationId);
  if (!(await setEvaluationStatus(evaluation.id, ["running", "interrupted"], "cancelled"))) throw new EvaluationStateError(`This evaluation is ${evaluation.status}, not running.`);
  stopDriving(evaluation.id);
  await Promise.all(items.filter((item) => item.status === "running" && item.runId).map((item) => cancelRun(item.runId!)));
}

/** Continues an interrupted evaluation with the rows not done. */
export async function resumeEvaluation(actor: EvaluationActor, evaluationId: string): Promise<void> {
  requireMayRun(actor, "resume evaluations");
  const evaluation = await getEvaluation(actor.teamId, evaluationId);
  const status = effectiveStatus(evaluation);
  if (status !== "interrupted") throw new EvaluationStateError(`Only an interrupted evaluation can be resumed; this one is ${status}.`);
  // Conditional: another process's sweep may have claimed it since it was read.
  if (!(await claimEvaluation(evaluation.id, new Date(Date.now() - EVALUATION_STALE_MS)))) {
    throw new EvaluationStateError("Another server has just resumed this evaluation.");
  }
  void drive(actor.teamId, evaluation.id, { userId: actor.userId, apiTokenId: actor.apiTokenId, trigger: actor.userId === null ? "api" : "ui" });
}
