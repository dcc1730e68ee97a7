/**
 * DBOS keeps its tables in their own schema of the app's database. Its migrations are run
 * here, once at a time across processes (two workers migrating at once deadlock inside
 * DBOS), before a worker launches or the web process enqueues its first run.
 */
import { DBOS } from "@dbos-inc/dbos-sdk";
import pg from "pg";
import { DBOS_SCHEMA, systemDatabaseUrl } from "./config";

const MIGRATION_LOCK_KEY = 7_250_310_002;

let migrated: Promise<void> | undefined;

export function ensureDbosSchema(): Promise<void> {
  migrated ??= migrate().catch((error: unknown) => {
    migrated = undefined; // a failed attempt (database down) is tried again next time
    throw error;
  });
  return migrated;
}

async function migrate(): Promise<void> {
  const url = systemDatabaseUrl();
  const session = new pg.Client({ connectionString: url });
  await session.connect();
  try {
    // Polled, not a blocking pg_advisory_lock: DBOS builds indexes CONCURRENTLY, which
    // waits for every open statement, including one waiting for this lock.
    while (!(await session.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [MIGRATION_LOCK_KEY])).rows[0]?.locked) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await DBOS.migrate(url, { schemaName: DBOS_SCHEMA });
  } finally {
    await session.end().catch(() => undefined); // ending the session releases the lock
  }
}
