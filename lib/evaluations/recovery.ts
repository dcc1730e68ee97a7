/**
 * Evaluations left running by a process that stopped (restart, crash) are driven again:
 * at start-up and then periodically, each stale one is claimed by one process (a
 * conditional update of its heartbeat) and continued by the driver from what is stored, so
 * no row runs twice. Its runs are started as the evaluation's starter (user or API token).
 */
import { claimStaleEvaluations } from "@/lib/data/evaluations";
import { drive, EVALUATION_STALE_MS } from "./driver";

/** One sweep: the evaluations this process claimed and now drives. */
export async function resumeStaleEvaluations(now = Date.now()): Promise<string[]> {
  const claimed = await claimStaleEvaluations(new Date(now - EVALUATION_STALE_MS));
  for (const evaluation of claimed) {
    void drive(evaluation.teamId, evaluation.id, {
      userId: evaluation.createdById,
      apiTokenId: evaluation.apiTokenId ?? undefined,
      trigger: evaluation.apiTokenId ? "api" : "ui",
    });
  }
  return claimed.map((evaluation) => evaluation.id);
}

/** Sweeps once now and every EVALUATION_STALE_MS. */
export function watchStaleEvaluations(): void {
  const sweep = () => resumeStaleEvaluations().catch((error: unknown) => console.error("Could not resume stale evaluations", error));
  void sweep();
  setInterval(sweep, EVALUATION_STALE_MS).unref?.();
}
