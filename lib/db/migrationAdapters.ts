// Driver adapters for Prisma's wasm schema engine (migrations), with the fixes the
// stock adapters need for it. Queries of the app use the stock adapters (client.ts).
import { randomUUID } from "node:crypto";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { type DatabaseConfig, ensureSqliteFolder } from "./config.ts";

/** A factory that remembers what it opened, so the caller can close it all. */
export interface TrackedAdapterFactory extends SqlMigrationAwareDriverAdapterFactory {
  disposeAll(): Promise<void>;
}

export function createMigrationAdapterFactory(config: DatabaseConfig): TrackedAdapterFactory {
  return config.provider === "sqlite" ? sqliteFactory(config.filePath) : postgresFactory(config.url);
}

function tracked(
  provider: SqlMigrationAwareDriverAdapterFactory["provider"],
  adapterName: string,
  connect: () => Promise<SqlDriverAdapter>,
  connectToShadowDb: () => Promise<SqlDriverAdapter>,
): TrackedAdapterFactory {
  const open = new Set<SqlDriverAdapter>();
  const remember = async (opening: Promise<SqlDriverAdapter>) => {
    const adapter = await opening;
    const once: SqlDriverAdapter = delegate(adapter, {
      dispose: async () => {
        if (open.delete(once)) await adapter.dispose();
      },
    });
    open.add(once);
    return once;
  };
  return {
    provider,
    adapterName,
    connect: () => remember(connect()),
    connectToShadowDb: () => remember(connectToShadowDb()),
    disposeAll: async () => {
      for (const adapter of [...open]) await adapter.dispose();
    },
  };
}

// Plain delegation (not a prototype chain): the stock adapters use private fields,
// which only work with the original object as `this`.
function delegate(adapter: SqlDriverAdapter, overrides: Partial<SqlDriverAdapter>): SqlDriverAdapter {
  const connectionInfo = adapter.getConnectionInfo?.bind(adapter);
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => adapter.queryRaw(query),
    executeRaw: (query) => adapter.executeRaw(query),
    executeScript: (script) => adapter.executeScript(script),
    startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
    dispose: () => adapter.dispose(),
    ...(connectionInfo ? { getConnectionInfo: connectionInfo } : {}),
    ...overrides,
  };
}

// SQLite: the engine replays each migration file on the shadow database through
// executeRaw, and better-sqlite3 prepares one statement at a time.
function sqliteFactory(filePath: string): TrackedAdapterFactory {
  ensureSqliteFolder(filePath);
  const stock = new PrismaBetterSqlite3({ url: filePath });
  const fix = (adapter: SqlDriverAdapter) =>
    delegate(adapter, {
      executeRaw: async (query: SqlQuery) => {
        if (query.args.length > 0) return adapter.executeRaw(query);
        try {
          return await adapter.executeRaw(query);
        } catch (error) {
          if (!String((error as Error).message).includes("more than one statement")) throw error;
          await adapter.executeScript(query.sql);
          return 0;
        }
      },
    });
  return tracked(
    "sqlite",
    stock.adapterName,
    async () => fix(await stock.connect()),
    async () => fix(await stock.connectToShadowDb()),
  );
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

// adapter-pg cannot read the `"char"` columns of the catalog queries the engine runs,
// and its executeScript splits on every `;` (even inside string literals).
function postgresPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, allowExitOnIdle: true });
  const query = pool.query.bind(pool) as (config: pg.QueryConfig | string) => Promise<pg.QueryResult>;
  pool.query = (async (config: pg.QueryConfig | string) => {
    const result = await query(config);
    for (const field of result.fields ?? []) {
      if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    }
    return result;
  }) as typeof pool.query;
  return pool;
}

async function postgresAdapter(connectionString: string, onDispose?: () => Promise<void>): Promise<SqlDriverAdapter> {
  const pool = postgresPool(connectionString);
  const adapter = await new PrismaPg(pool, { disposeExternalPool: true }).connect();
  return delegate(adapter, {
    executeScript: async (script: string) => {
      await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
    },
    dispose: async () => {
      await adapter.dispose();
      await onDispose?.();
    },
  });
}

// The shadow database is created and dropped here, on a connection to the main
// database: the stock factory connects its "shadow" to the main database instead.
function postgresFactory(url: string): TrackedAdapterFactory {
  const connectToShadowDb = async () => {
    const name = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
    await runAdminStatement(url, `CREATE DATABASE "${name}"`);
    const shadowUrl = new URL(url);
    shadowUrl.pathname = `/${name}`;
    return postgresAdapter(shadowUrl.toString(), () =>
      runAdminStatement(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  };
  return tracked("postgres", "@prisma/adapter-pg", () => postgresAdapter(url), connectToShadowDb);
}

async function runAdminStatement(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
