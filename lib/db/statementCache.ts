// Prepared statements kept by SQL text. The stock better-sqlite3 adapter (7.10, pinned)
// prepares every statement anew, `client.prepare(sql).bind(args)`, and preparing cost
// about a tenth of an evaluation's CPU (Prisma's SQL text is the same from call to call).
// A better-sqlite3 statement can be bound only once, so the adapter gets a handle whose
// prepare() hands out a one-use view of a cached statement, with the arguments bound at run.
import type Database from "better-sqlite3";

/** Distinct SQL texts kept (the least recently used goes first); Prisma's are a few hundred at most. */
const MAX_STATEMENTS = 500;

/** What the stock adapter uses of a prepared statement: bind() once, then run, or read raw rows. */
type BoundView = {
  readonly reader: boolean;
  run(): Database.RunResult;
  columns(): Database.ColumnDefinition[];
  raw(): { all(): unknown[] };
};

type PreparedView = { bind(args: unknown[]): BoundView };

const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * `sql` prepared on `handle` once: the adapter's statements (below) and the hot raw writes
 * (rawWrites.ts) repeat a few texts thousands of times.
 */
export function prepared(handle: Database.Database, sql: string): Database.Statement {
  let cache = caches.get(handle);
  if (!cache) caches.set(handle, (cache = new Map()));
  let statement = cache.get(sql);
  if (statement) cache.delete(sql); // re-inserted below: most recently used last
  else statement = handle.prepare(sql);
  cache.set(sql, statement);
  if (cache.size > MAX_STATEMENTS) cache.delete(cache.keys().next().value!);
  return statement;
}

/** `handle` with a caching prepare(); everything else (exec, close, inTransaction…) is the handle's own. */
export function withStatementCache(handle: Database.Database): Database.Database {
  const prepare = (sql: string): PreparedView => ({
    bind(args) {
      const statement = prepared(handle, sql);
      return {
        reader: statement.reader,
        run: () => statement.run(args),
        columns: () => statement.columns(),
        raw: () => ({ all: () => statement.raw(true).all(args) }),
      };
    },
  });
  return new Proxy(handle, {
    get(target, property) {
      if (property === "prepare") return prepare;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
