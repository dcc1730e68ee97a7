// Waiting for a SQLite lock that another process holds, without freezing the server.
// better-sqlite3 is synchronous: while SQLite's busy handler waits for a lock, the whole
// event loop waits with it (issue 10: a lock held 12 s froze the server for 12 s). So the
// driver waits only a few ms per attempt, and this adapter waits between attempts with
// timers, up to a budget; then SQLITE_BUSY surfaces (asUnavailable makes it a 503).
//
// Only what has not happened is tried again: a statement outside a transaction (SQLite
// undoes a statement that failed), a transaction's start (BEGIN IMMEDIATE takes the write
// lock before anything runs in it, so its statements need no retry), and its COMMIT
// (SQLite keeps the transaction open on SQLITE_BUSY). The process has one connection:
// statements and transactions take turns on it, so a statement cannot slip into another
// caller's open transaction (the stock adapter lets it) while that one waits.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import {
  DriverAdapterError,
  isDriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
  type Transaction,
} from "@prisma/driver-adapter-utils";

/** How long SQLite itself waits for a lock on each attempt, with the event loop blocked. */
const DRIVER_BUSY_MS = 20;
const FIRST_PAUSE_MS = 10;
const MAX_PAUSE_MS = 200;

/** How long a statement or a transaction's start waits for a lock in all, unless configured. */
export const DEFAULT_LOCK_WAIT_MS = 5_000;

/** `SWARM_SQLITE_LOCK_WAIT_MS` when it is a positive number, else the default. */
export function lockWaitMs(configured = process.env.SWARM_SQLITE_LOCK_WAIT_MS): number {
  const ms = Number(configured);
  return configured && Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_LOCK_WAIT_MS;
}

/**
 * Runs `work` on the connection's own better-sqlite3 handle, in a turn of its own and
 * waiting for locks like a statement (rawRows.ts reads large results this way, without
 * Prisma's cost per value). `work` is synchronous: nothing else can slip in meanwhile.
 */
export type SqliteAccess = <T>(work: (db: Database.Database) => T) => Promise<T>;

/**
 * The open connection of each SQLite file in this process (Prisma connects on first use).
 * On globalThis: Next.js may bundle this module into more than one server chunk.
 */
const accessHolder = globalThis as typeof globalThis & { __swarmStudioSqliteAccess?: Map<string, SqliteAccess> };
const accessByFile = (accessHolder.__swarmStudioSqliteAccess ??= new Map());

export function sqliteAccess(filePath: string): SqliteAccess | undefined {
  return accessByFile.get(filePath);
}

/** The stock better-sqlite3 adapter, waiting for locks as described above for up to `waitMs`. */
export function patientSqliteAdapter(filePath: string, waitMs = lockWaitMs()): SqlDriverAdapterFactory {
  const stock = new PrismaBetterSqlite3({ url: filePath, timeout: DRIVER_BUSY_MS });
  return {
    provider: stock.provider,
    adapterName: stock.adapterName,
    connect: async () => {
      const connection = await stock.connect();
      const { adapter, access } = patient(connection, waitMs);
      accessByFile.set(filePath, access);
      return {
        ...adapter,
        dispose: async () => {
          if (accessByFile.get(filePath) === access) accessByFile.delete(filePath);
          await adapter.dispose();
        },
      };
    },
  };
}

/** The stock adapter keeps its better-sqlite3 handle as `client` (adapter-better-sqlite3 7.10, pinned). */
function handleOf(connection: SqlDriverAdapter): Database.Database {
  const client = (connection as unknown as { client?: unknown }).client;
  if (!(client instanceof Database)) throw new Error("The SQLite adapter no longer exposes its connection (adapter-better-sqlite3 changed?)");
  return client;
}

function patient(connection: SqlDriverAdapter, waitMs: number): { adapter: SqlDriverAdapter; access: SqliteAccess } {
  const turns = turnTaker();
  const alone = async <T>(work: (deadline: number) => Promise<T>): Promise<T> => {
    const deadline = Date.now() + waitMs; // counted from the call: queueing is waiting too
    const release = await turns();
    try {
      return await work(deadline);
    } finally {
      release();
    }
  };
  const handle = handleOf(connection);
  const access: SqliteAccess = (work) => alone((deadline) => whenFree(deadline, async () => work(handle)));
  const connectionInfo = connection.getConnectionInfo?.bind(connection);
  const adapter: SqlDriverAdapter = {
    provider: connection.provider,
    adapterName: connection.adapterName,
    queryRaw: (query) => alone((deadline) => whenFree(deadline, () => connection.queryRaw(query))),
    executeRaw: (query) => alone((deadline) => whenFree(deadline, () => connection.executeRaw(query))),
    // A script that failed halfway has committed its first statements: never retried.
    executeScript: (script) => alone(() => connection.executeScript(script)),
    async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
      if (isolationLevel && isolationLevel !== "SERIALIZABLE") {
        throw new DriverAdapterError({ kind: "InvalidIsolationLevel", level: isolationLevel });
      }
      const deadline = Date.now() + waitMs;
      const release = await turns();
      try {
        await whenFree(deadline, () => connection.executeRaw(statement("BEGIN IMMEDIATE")));
      } catch (error) {
        release();
        throw error;
      }
      return transaction(connection, waitMs, release);
    },
    dispose: () => connection.dispose(),
    ...(connectionInfo ? { getConnectionInfo: connectionInfo } : {}),
  };
  return { adapter, access };
}

/**
 * A transaction on the shared connection. Prisma sends COMMIT and ROLLBACK as statements
 * (usePhantomQuery: false), then calls commit() or rollback(), which end our turn.
 */
function transaction(connection: SqlDriverAdapter, waitMs: number, release: () => void): Transaction {
  let ended = false;
  const end = async () => {
    if (!ended) {
      ended = true;
      release();
    }
  };
  const run = async (sql: string) => {
    await connection.executeRaw(statement(sql));
  };
  return {
    provider: connection.provider,
    adapterName: connection.adapterName,
    options: { usePhantomQuery: false },
    queryRaw: (query) => connection.queryRaw(query),
    executeRaw: (query) => (query.sql === "COMMIT" ? commit(connection, Date.now() + waitMs) : connection.executeRaw(query)),
    commit: end,
    rollback: end,
    createSavepoint: (name) => run(`SAVEPOINT ${name}`),
    rollbackToSavepoint: (name) => run(`ROLLBACK TO ${name}`),
    releaseSavepoint: (name) => run(`RELEASE SAVEPOINT ${name}`),
  };
}

/** COMMIT waits for readers elsewhere to let go; if they never do, the transaction is rolled back, not left open. */
async function commit(connection: SqlDriverAdapter, deadline: number): Promise<number> {
  try {
    return await whenFree(deadline, () => connection.executeRaw(statement("COMMIT")));
  } catch (error) {
    await connection.executeRaw(statement("ROLLBACK")).catch(() => undefined);
    throw error;
  }
}

/** Runs `attempt` until it is not refused with SQLITE_BUSY, pausing between tries, the last try at `deadline`. */
async function whenFree<T>(deadline: number, attempt: () => Promise<T>): Promise<T> {
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    try {
      return await attempt();
    } catch (error) {
      const left = deadline - Date.now();
      if (!isBusy(error) || left <= 0) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    }
  }
}

function isBusy(error: unknown): boolean {
  if (error instanceof Database.SqliteError) return error.code.startsWith("SQLITE_BUSY"); // from SqliteAccess work
  return isDriverAdapterError(error) && (error.cause.originalCode ?? "").startsWith("SQLITE_BUSY");
}

function statement(sql: string): SqlQuery {
  return { sql, args: [], argTypes: [] };
}

/** A FIFO of turns: `await turns()` waits for the previous holder and returns this turn's release. */
function turnTaker(): () => Promise<() => void> {
  let last = Promise.resolve();
  return async () => {
    const previous = last;
    let release!: () => void;
    last = new Promise<void>((resolve) => (release = resolve));
    await previous;
    return release;
  };
}
