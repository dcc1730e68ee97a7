// One migrator at a time per database. Within this process a queue per database;
// across processes, for SQLite, a lock file beside the database: two schema engines on
// one file make SQLite fail with SQLITE_BUSY once a migration outlasts the busy timeout
// (a loaded machine), and better-sqlite3 waits synchronously. PostgreSQL needs no file:
// the engine takes an advisory lock. migrations.test.ts checks both cases.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { type DatabaseConfig, ensureSqliteFolder } from "./config.ts";

const queues = new Map<string, Promise<unknown>>();

const LOCK_POLL_MS = 100;
const LOCK_WAIT_MS = 5 * 60_000;

export async function withMigrationLock<T>(config: DatabaseConfig, work: () => Promise<T>): Promise<T> {
  const key = config.provider === "sqlite" ? config.filePath : config.url;
  const locked = config.provider === "sqlite" ? () => withLockFile(config.filePath, work) : work;
  const previous = queues.get(key) ?? Promise.resolve();
  const turn = previous.catch(() => undefined).then(locked);
  queues.set(key, turn);
  try {
    return await turn;
  } finally {
    if (queues.get(key) === turn) queues.delete(key);
  }
}

async function withLockFile<T>(databaseFile: string, work: () => Promise<T>): Promise<T> {
  ensureSqliteFolder(databaseFile);
  const lockPath = `${databaseFile}.migrate-lock`;
  await acquire(lockPath);
  try {
    return await work();
  } finally {
    rmSync(lockPath, { force: true });
  }
}

/** Creates the lock file exclusively, waiting while a live process holds it. */
async function acquire(lockPath: string): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    // A lock left by a process that died (killed mid-migration) is taken over.
    if (!holderAlive(lockPath)) {
      rmSync(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Another process has been migrating this database for over 5 minutes (${lockPath}).`);
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

function holderAlive(lockPath: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lockPath, "utf8"));
  } catch {
    return true; // just released, or being written: look again
  }
  if (!Number.isInteger(pid) || pid <= 0) return true; // being written
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
