/**
 * Next.js start-up hook: runs left "running" by a previous server process are marked
 * interrupted (never left running forever), now and periodically after.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { watchInterruptedRuns } = await import("@/lib/runs/interrupted");
  watchInterruptedRuns();
}
