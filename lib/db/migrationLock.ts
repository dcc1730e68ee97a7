// One migrator at a time per database within this process. Concurrent schema engines in
// one thread make SQLite fail with SQLITE_BUSY: each holds a lock the other waits for,
// and better-sqlite3 waits synchronously. Across processes the engine copes (a long SQLite
// busy timeout, see migrationAdapters.ts; PostgreSQL's advisory lock), which
// migrations.test.ts checks.
import type { DatabaseConfig } from "./config.ts";

const queues = new Map<string, Promise<unknown>>();

export async function withMigrationLock<T>(config: DatabaseConfig, work: () => Promise<T>): Promise<T> {
  const key = config.provider === "sqlite" ? config.filePath : config.url;
  const previous = queues.get(key) ?? Promise.resolve();
  const turn = previous.catch(() => undefined).then(work);
  queues.set(key, turn);
  try {
    return await turn;
  } finally {
    if (queues.get(key) === turn) queues.delete(key);
  }
}
