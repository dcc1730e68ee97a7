// Waiting in tests of runs that execute in the background (in this process, a child, a worker).
import { getDb } from "@/lib/db/client";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 50 ms until it gives a truthy value (returned), or fails after `timeoutMs`. */
export async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 30_000): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  while (Date.now() < giveUpAt) {
    const value = await check();
    if (value) return value;
    await sleep(50);
  }
  throw new Error(`timed out waiting until ${what}`);
}

/** A run's stored status. */
export async function statusOf(runId: string): Promise<string> {
  const db = await getDb();
  return (await db.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true } })).status;
}
