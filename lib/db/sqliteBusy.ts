// Waiting for a SQLite lock that another process holds, without freezing the server.
// better-sqlite3 is synchronous: while SQLite's busy handler waits for a lock, the whole
// event loop waits with it (issue 10: a lock held 12 s froze the server for 12 s). So the
// driver waits only a few ms per attempt, and this adapter waits between attempts with
// timers, up to a budget; then SQLITE_BUSY surfaces (asUnavailable makes it a 503).
//
// Only what has not happened is tried again: a read (SQLite undoes a statement that
// failed), a group's start (BEGIN IMMEDIATE takes the write lock before anything runs in
// it, so its statements need no retry), and its COMMIT (SQLite keeps the transaction open
// on SQLITE_BUSY). The process has one connection: statements and transactions take turns
// on it, so a statement cannot slip into another caller's open transaction (the stock
// adapter lets it) while that one waits; writes share commits (group commit, below).
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { withStatementCache } from "./statementCache.ts";
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
 * The same for writes (rawWrites.ts): `work` joins the group like any write, is undone
 * alone and whole when it throws (a savepoint), and resolves once its group committed.
 */
export type SqliteWrite = SqliteAccess;

type Handles = { access: SqliteAccess; write: SqliteWrite };

/**
 * The open connection of each SQLite file in this process (Prisma connects on first use).
 * On globalThis: Next.js may bundle this module into more than one server chunk.
 */
const handlesHolder = globalThis as typeof globalThis & { __swarmStudioSqliteHandles?: Map<string, Handles> };
const handlesByFile = (handlesHolder.__swarmStudioSqliteHandles ??= new Map());

export function sqliteAccess(filePath: string): SqliteAccess | undefined {
  return handlesByFile.get(filePath)?.access;
}

export function sqliteWrite(filePath: string): SqliteWrite | undefined {
  return handlesByFile.get(filePath)?.write;
}

/** The stock better-sqlite3 adapter, waiting for locks as described above for up to `waitMs`. */
export function patientSqliteAdapter(filePath: string, waitMs = lockWaitMs()): SqlDriverAdapterFactory {
  const stock = new PrismaBetterSqlite3({ url: filePath, timeout: DRIVER_BUSY_MS });
  return {
    provider: stock.provider,
    adapterName: stock.adapterName,
    connect: async () => {
      const connection = await stock.connect();
      const { adapter, handles } = patient(connection, waitMs);
      handlesByFile.set(filePath, handles);
      return {
        ...adapter,
        dispose: async () => {
          if (handlesByFile.get(filePath) === handles) handlesByFile.delete(filePath);
          await adapter.dispose();
        },
      };
    },
  };
}

/**
 * The stock adapter keeps its better-sqlite3 handle as `client` (adapter-better-sqlite3
 * 7.10, pinned). Returns it, and has the adapter prepare through a statement cache.
 */
function takeHandle(connection: SqlDriverAdapter): Database.Database {
  const stock = connection as unknown as { client?: unknown };
  const client = stock.client;
  if (!(client instanceof Database)) throw new Error("The SQLite adapter no longer exposes its connection (adapter-better-sqlite3 changed?)");
  stock.client = withStatementCache(client);
  return client;
}

/**
 * Group commit. A COMMIT of the rollback journal costs SQLite an fsync or more (about 20 ms
 * on the machines measured) with the event loop blocked, and the process has one
 * connection: one commit per write capped a process at about 50 writes a second (an
 * evaluation's 20 open runs waited on each other's commits). So the writes that queue for
 * the connection share one transaction, a group: a write outside a transaction joins the
 * open group (or opens one, BEGIN IMMEDIATE), a transaction becomes a savepoint in it, and
 * the group commits when nobody waits for the connection any more (or it is GROUP_MAX_MS
 * old). A write resolves only once its group committed; a failed statement is undone
 * alone (SQLite's statement rollback); a failed COMMIT fails every write of the group.
 */
const GROUP_MAX_MS = 100;

type Group = { opened: number; done: Promise<void>; settle: (error?: unknown) => void };

/** Statements that only read need not wait for a group's commit. */
const READ_ONLY = /^\s*(SELECT|PRAGMA|EXPLAIN)\b/i;

function patient(connection: SqlDriverAdapter, waitMs: number): { adapter: SqlDriverAdapter; handles: Handles } {
  const turns = turnTaker();
  const handle = takeHandle(connection);
  let group: Group | null = null;

  /** The open group, or a new one once the write lock is ours. Called holding the turn. */
  const joinGroup = async (deadline: number): Promise<Group> => {
    if (group) return group;
    await whenFree(deadline, () => connection.executeRaw(statement("BEGIN IMMEDIATE")));
    let settle!: Group["settle"];
    const done = new Promise<void>((resolve, reject) => (settle = (error) => (error === undefined ? resolve() : reject(error))));
    done.catch(() => undefined); // each member awaits it; an unobserved failure is not a crash
    group = { opened: Date.now(), done, settle };
    return group;
  };

  /** Commits the open group (it is ours: called holding the turn); its members learn how it went. */
  const commitGroup = async (): Promise<void> => {
    if (!group) return;
    const ending = group;
    group = null;
    try {
      await commit(connection, Date.now() + waitMs);
      ending.settle();
    } catch (error) {
      ending.settle(error);
    }
  };

  /**
   * At the end of each turn: an old group commits now; one that others wait to join stays
   * open for them; else it commits in a turn of its own after the writes that the same
   * moment set off (other runs' timers that fired together) have joined it.
   */
  let commitScheduled = false;
  const afterTurn = async (): Promise<void> => {
    if (!group) return;
    if (Date.now() - group.opened >= GROUP_MAX_MS) return commitGroup();
    if (turns.waiting() > 0 || commitScheduled) return;
    commitScheduled = true;
    setImmediate(() => {
      commitScheduled = false;
      void turn(async () => {
        if (turns.waiting() === 0) await commitGroup();
      });
    });
  };

  /** After a failed statement: when SQLite ended the transaction itself (I/O error, full disk), the group is lost. */
  const lostIfEnded = (error: unknown): void => {
    if (group && !handle.inTransaction) {
      group.settle(error);
      group = null;
    }
  };

  /** One turn on the connection; the open group commits at its end when nobody else waits. */
  const turn = async <T>(work: (deadline: number) => Promise<T>): Promise<T> => {
    const deadline = Date.now() + waitMs; // counted from the call: queueing is waiting too
    const release = await turns.take();
    try {
      return await work(deadline);
    } finally {
      await afterTurn();
      release();
    }
  };

  const read = <T>(run: () => Promise<T>): Promise<T> => turn((deadline) => whenFree(deadline, run));

  const write = async <T>(run: () => Promise<T>): Promise<T> => {
    let joined!: Group;
    const result = await turn(async (deadline) => {
      joined = await joinGroup(deadline);
      try {
        return await run();
      } catch (error) {
        lostIfEnded(error);
        throw error;
      }
    });
    await joined.done;
    return result;
  };

  const statementTurn = <T>(query: SqlQuery, run: () => Promise<T>): Promise<T> => (READ_ONLY.test(query.sql) ? read(run) : write(run));
  const access: SqliteAccess = (work) => read(async () => work(handle));
  // Inside the group's transaction, better-sqlite3's transaction() is a savepoint.
  const rawWrite: SqliteWrite = (work) => write(async () => handle.transaction(work)(handle));
  const connectionInfo = connection.getConnectionInfo?.bind(connection);
  const adapter: SqlDriverAdapter = {
    provider: connection.provider,
    adapterName: connection.adapterName,
    queryRaw: (query) => statementTurn(query, () => connection.queryRaw(query)),
    executeRaw: (query) => statementTurn(query, () => connection.executeRaw(query)),
    // A script that failed halfway has committed its first statements: never retried, never in a group.
    executeScript: (script) =>
      turn(async () => {
        await commitGroup();
        return connection.executeScript(script);
      }),
    async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
      if (isolationLevel && isolationLevel !== "SERIALIZABLE") {
        throw new DriverAdapterError({ kind: "InvalidIsolationLevel", level: isolationLevel });
      }
      const deadline = Date.now() + waitMs;
      const release = await turns.take();
      // One name: a transaction holds the turn until it ends, so these never nest, and the
      // statement cache keeps three texts, not three new ones a transaction.
      const name = "swarm_group";
      let joined: Group;
      try {
        joined = await joinGroup(deadline);
        await connection.executeRaw(statement(`SAVEPOINT ${name}`));
      } catch (error) {
        lostIfEnded(error);
        await afterTurn();
        release();
        throw error;
      }
      let ended = false;
      const end = async (outcome: "commit" | "rollback"): Promise<void> => {
        if (ended) return;
        ended = true;
        const alive = group === joined;
        try {
          if (alive) await connection.executeRaw(statement(outcome === "commit" ? `RELEASE SAVEPOINT ${name}` : `ROLLBACK TO ${name}`));
          if (alive && outcome === "rollback") await connection.executeRaw(statement(`RELEASE SAVEPOINT ${name}`));
        } catch (error) {
          lostIfEnded(error);
          throw error;
        } finally {
          await afterTurn();
          release();
        }
        if (outcome === "commit") await joined.done; // also fails when the group was lost
      };
      const guarded = <T>(run: () => Promise<T>) =>
        run().catch((error: unknown) => {
          lostIfEnded(error);
          throw error;
        });
      return {
        provider: connection.provider,
        adapterName: connection.adapterName,
        // Prisma sends COMMIT and ROLLBACK as statements, then calls commit() or rollback().
        options: { usePhantomQuery: false },
        queryRaw: (query) => guarded(() => connection.queryRaw(query)),
        executeRaw: async (query) => {
          if (query.sql === "COMMIT" || query.sql === "ROLLBACK") {
            await end(query.sql === "COMMIT" ? "commit" : "rollback");
            return 0;
          }
          return guarded(() => connection.executeRaw(query));
        },
        commit: () => end("commit"),
        rollback: () => end("rollback"),
        createSavepoint: (savepoint) => guarded(() => connection.executeRaw(statement(`SAVEPOINT ${savepoint}`))).then(() => undefined),
        rollbackToSavepoint: (savepoint) => guarded(() => connection.executeRaw(statement(`ROLLBACK TO ${savepoint}`))).then(() => undefined),
        releaseSavepoint: (savepoint) => guarded(() => connection.executeRaw(statement(`RELEASE SAVEPOINT ${savepoint}`))).then(() => undefined),
      };
    },
    dispose: () =>
      turn(async () => {
        await commitGroup();
        await connection.dispose();
      }),
    ...(connectionInfo ? { getConnectionInfo: connectionInfo } : {}),
  };
  return { adapter, handles: { access, write: rawWrite } };
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

/** A FIFO of turns: `await take()` waits for the previous holder and returns this turn's release. */
function turnTaker(): { take: () => Promise<() => void>; waiting: () => number } {
  let last = Promise.resolve();
  let queued = 0;
  return {
    async take() {
      const previous = last;
      let release!: () => void;
      last = new Promise<void>((resolve) => (release = resolve));
      queued++;
      await previous;
      queued--;
      return release;
    },
    /** How many callers wait for a turn now. */
    waiting: () => queued,
  };
}
