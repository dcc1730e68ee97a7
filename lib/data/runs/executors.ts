// Executors: the processes that run runs. Each writes a heartbeat row; a run's liveness is
// its executor's, so one failed write of one run never makes it look dead.
import { getDb } from "@/lib/db/client.ts";
import { Id, parseInput } from "../validation.ts";

export type ExecutorKind = "in-process" | "worker";

export async function registerExecutor(id: string, kind: ExecutorKind, process: { hostname: string; pid: number }): Promise<void> {
  const db = await getDb();
  const now = new Date();
  const executorId = parseInput(Id, id);
  await db.executor.upsert({
    where: { id: executorId },
    create: { id: executorId, kind, hostname: process.hostname, pid: process.pid, startedAt: now, heartbeatAt: now },
    update: { heartbeatAt: now },
  });
}

/** Records that the executor is alive; false when its row is gone (re-register then). */
export async function heartbeatExecutor(id: string, at = new Date()): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.executor.updateMany({ where: { id }, data: { heartbeatAt: at } });
  return count > 0;
}

/** Executors of `kind` whose last heartbeat is older than `staleBefore`: dead. */
export async function listStaleExecutors(kind: ExecutorKind, staleBefore: Date): Promise<string[]> {
  const db = await getDb();
  const rows = await db.executor.findMany({ where: { kind, heartbeatAt: { lt: staleBefore } }, select: { id: true } });
  return rows.map((row) => row.id);
}

/** Executors of `kind` alive since `since`. */
export async function countLiveExecutors(kind: ExecutorKind, since: Date): Promise<number> {
  const db = await getDb();
  return db.executor.count({ where: { kind, heartbeatAt: { gte: since } } });
}

/** Removes a dead executor once its runs were dealt with. */
export async function forgetExecutor(id: string): Promise<void> {
  const db = await getDb();
  await db.executor.deleteMany({ where: { id } });
}
