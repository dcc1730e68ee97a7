/**
 * Next.js start-up hook: runs left "running" by a previous server process are marked
 * interrupted (never left running forever), now and periodically after; the server key is
 * loaded first, so a deployment that requires SWARM_SECRET_KEY fails at once without it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Refuse to start without SWARM_SECRET_KEY where it is required (or generate data/secret.key).
  const { secretKey } = await import("@/lib/crypto");
  secretKey();
  const { watchInterruptedRuns } = await import("@/lib/runs/interrupted");
  watchInterruptedRuns();
}
