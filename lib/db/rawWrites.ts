// Hot writes without Prisma on SQLite: each statement through Prisma costs a fraction of a
// millisecond of CPU before SQLite sees it, and a run writes many (its recorder's batches,
// a checkpoint per step). These run prepared statements on the client's own connection,
// as a write of its group commit (sqliteBusy.ts): same turn, same commit, same lock waits.
import type Database from "better-sqlite3";
import { getDb } from "./client.ts";
import type { DatabaseConfig } from "./config.ts";
import { sqliteWrite } from "./sqliteBusy.ts";
import { asUnavailable } from "./unavailable.ts";

type SqliteConfig = Extract<DatabaseConfig, { provider: "sqlite" }>;

/**
 * Runs `work` (synchronous, on the better-sqlite3 handle) as one atomic write: all of it or
 * none; resolves once committed. Times are bound as Prisma writes them (storedTime).
 */
export async function writeSqlite<T>(config: SqliteConfig, work: (db: Database.Database) => T): Promise<T> {
  try {
    const db = await getDb(config);
    await db.$connect(); // Prisma opens the connection on first use
    const write = sqliteWrite(config.filePath);
    if (!write) throw new Error(`No open SQLite connection to ${config.filePath}`);
    return await write(work);
  } catch (error) {
    throw asUnavailable(error) ?? error;
  }
}

/**
 * A time as Prisma writes it: ISO 8601 with "+00:00" (SQLite keeps the text and compares
 * it as text, so the form must match; PostgreSQL parses it).
 */
export function storedTime(ms: number | null): string | null {
  if (ms === null) return null;
  // A batch's rows share their times (a node's creation and start, a write's time): formatted once.
  if (ms !== lastTime.ms) lastTime = { ms, text: new Date(ms).toISOString().replace("Z", "+00:00") };
  return lastTime.text;
}

let lastTime = { ms: Number.NaN, text: "" };
