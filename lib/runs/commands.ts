/**
 * What a person or an API token may do with runs, checked before anything else: start a
 * run of a flow, re-run one, cancel one. Actions and routes turn their caller into a
 * RunActor and call these.
 */
import { ForbiddenError } from "@/lib/auth/errors";
import { can } from "@/lib/auth/permissions";
import type { Workspace } from "@/lib/auth";
import { getRun } from "@/lib/data/runs";
import type { RunDetail } from "@/lib/data/runs/types";
import { UserError } from "@/lib/errors";
import { cancelRun, resumeRun, startRun } from "./service";

export type RunActor = {
  teamId: string;
  /** Who starts runs (null for an API token). */
  userId: string | null;
  apiTokenId?: string;
  /** The role that decided `mayRun`, for the refusal's message ("api token" for tokens). */
  role: string;
  mayRun: boolean;
};

export function actorOf(workspace: Workspace): RunActor {
  return { teamId: workspace.teamId, userId: workspace.userId, role: workspace.role, mayRun: can(workspace.role, "flow", "run") };
}

/** The run was not executing any more when the cancel arrived. */
export class RunNotRunningError extends UserError {
  override readonly name = "RunNotRunningError";
  readonly kind = "conflict";
  constructor() {
    super("This run is not running any more.");
  }
}

/** Only an interrupted run can be resumed. */
export class RunNotResumableError extends UserError {
  override readonly name = "RunNotResumableError";
  readonly kind = "conflict";
  constructor(status: string) {
    super(`Only an interrupted run can be resumed; this one is ${status}. Re-run it instead.`);
  }
}

/** Refuses an actor whose role may not run (viewers); a team token may. */
export function requireMayRun(actor: RunActor, what: string): void {
  if (!actor.mayRun) throw new ForbiddenError(actor.role, what);
}

export type StartRunCommand = {
  flowId: string;
  version?: number;
  input: string;
  /** Replaces every agent's model for this run. */
  modelOverride?: string;
  trigger: "ui" | "api";
};

export async function startRunAs(actor: RunActor, command: StartRunCommand): Promise<RunDetail> {
  requireMayRun(actor, "run flows");
  return startRun({
    teamId: actor.teamId,
    userId: actor.userId,
    apiTokenId: actor.apiTokenId,
    flowId: command.flowId,
    version: command.version,
    input: command.input,
    options: command.modelOverride ? { modelOverride: command.modelOverride } : {},
    trigger: command.trigger,
  });
}

/** Runs the same flow version again with the same input and options. */
export async function rerunAs(actor: RunActor, runId: string): Promise<RunDetail> {
  requireMayRun(actor, "run flows");
  const previous = await getRun(actor.teamId, runId);
  return startRun({
    teamId: actor.teamId,
    userId: actor.userId,
    apiTokenId: actor.apiTokenId,
    flowId: previous.flowId,
    version: previous.flowVersion,
    input: previous.input,
    options: previous.options,
    trigger: "ui",
    rerunOfId: previous.id,
  });
}

export async function cancelRunAs(actor: RunActor, runId: string): Promise<void> {
  requireMayRun(actor, "cancel runs");
  const run = await getRun(actor.teamId, runId); // not found for another team's run
  if (!(await cancelRun(run.id))) throw new RunNotRunningError();
}

/** Continues an interrupted run from its last recorded step. */
export async function resumeRunAs(actor: RunActor, runId: string): Promise<void> {
  requireMayRun(actor, "resume runs");
  const run = await getRun(actor.teamId, runId); // not found for another team's run
  if (!(await resumeRun(run, actor.teamId))) throw new RunNotResumableError(run.status);
}
