/**
 * Next.js start-up hook: the co-editing server is created (scripts/server.mjs finds it on
 * globalThis); runs left "running" by a previous server process are marked
 * interrupted (never left running forever), now and periodically after; evaluations left
 * running are driven again (lib/evaluations/recovery.ts); the server key is
 * loaded first (in-process executor only; workers recover each other's runs), so a deployment that requires SWARM_SECRET_KEY fails at once without it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Refuse to start without SWARM_SECRET_KEY where it is required (or generate data/secret.key).
  const { secretKey } = await import("@/lib/crypto");
  secretKey();
  // Evaluations are driven by web processes, whichever executor runs their rows.
  const { watchStaleEvaluations } = await import("@/lib/evaluations/recovery");
  watchStaleEvaluations();
  // Live co-editing: scripts/server.mjs hands it the WebSocket upgrades of /api/coedit.
  const { coeditServer } = await import("@/lib/coedit/server");
  coeditServer();
  const { executorKind } = await import("@/lib/runs/executors");
  // With workers, they take over each other's runs (lib/runs/durable/recovery.ts); this process runs none.
  if (executorKind() === "durable") return;
  const { watchInterruptedRuns } = await import("@/lib/runs/interrupted");
  watchInterruptedRuns();
}
