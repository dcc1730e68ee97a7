// The app's PrismaClient: SQLite or PostgreSQL from DATABASE_URL, migrated on first use.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { type DatabaseConfig, resolveDatabaseConfig } from "./config.ts";
import { PrismaClient as PostgresClient } from "./generated/postgresql/client.ts";
import { type Prisma, PrismaClient as SqliteClient } from "./generated/sqlite/client.ts";
import { applyMigrations } from "./migrate.ts";
import { asUnavailable } from "./unavailable.ts";
import { lockWaitMs, patientSqliteAdapter } from "./sqliteBusy.ts";

/**
 * Both generated clients come from the same models (prisma/models.prisma), so they
 * have the same API; the SQLite one's type stands for both.
 */
export type Db = SqliteClient;
/** The client inside an interactive transaction (`db.$transaction(async (tx) => …)`). */
export type DbTransaction = Prisma.TransactionClient;

type DbCache = Map<string, Promise<Db>>;

// On globalThis so Next.js dev hot reloads reuse the client instead of leaking one per edit.
const cacheHolder = globalThis as typeof globalThis & { __swarmStudioDb?: DbCache; __swarmStudioPools?: Map<string, pg.Pool> };
const clients: DbCache = (cacheHolder.__swarmStudioDb ??= new Map());
/** PostgreSQL: Prisma's pool, shared with the large reads that bypass Prisma (rawRows.ts). */
const pools: Map<string, pg.Pool> = (cacheHolder.__swarmStudioPools ??= new Map());

function configKey(config: DatabaseConfig): string {
  return config.provider === "sqlite" ? `sqlite:${config.filePath}` : config.url;
}

async function openDb(config: DatabaseConfig): Promise<Db> {
  // Also creates the SQLite file and its folder.
  await applyMigrations(config);
  if (config.provider === "sqlite") {
    // Rollback journal, not WAL: the schema engine locks the file exclusively, which
    // under WAL fails while any other process (a second server, a CLI) has it open.
    // Locks held elsewhere are waited for off the event loop (sqliteBusy.ts); a
    // transaction's start may queue behind another's whole wait, hence Prisma's maxWait.
    const waitMs = lockWaitMs();
    return withUnavailableErrors(
      new SqliteClient({
        adapter: patientSqliteAdapter(config.filePath, waitMs),
        transactionOptions: { maxWait: 2 * waitMs },
      }),
    );
  }
  const pool = new pg.Pool({ connectionString: config.url });
  // A dropped idle connection must not crash the process: the next query reconnects or fails.
  pool.on("error", () => undefined);
  pools.set(config.url, pool);
  const client = new PostgresClient({ adapter: new PrismaPg(pool) });
  return withUnavailableErrors(client as unknown as Db);
}

/**
 * Every query that fails because the database is down, locked or read-only throws a
 * StorageUnavailableError: pages show "unavailable, try again" (its digest survives Next's
 * production error masking) and the API answers 503, wherever the query was made.
 */
function withUnavailableErrors(client: Db): Db {
  return client.$extends({
    query: {
      async $allOperations({ args, query }) {
        try {
          return await query(args);
        } catch (error) {
          throw asUnavailable(error) ?? error;
        }
      },
    },
  }) as unknown as Db;
}

/**
 * The client for the configured database (DATABASE_URL unset → data/swarm-studio.db),
 * one per database and process; committed migrations are applied before first use.
 */
export function getDb(config: DatabaseConfig = resolveDatabaseConfig()): Promise<Db> {
  const key = configKey(config);
  let client = clients.get(key);
  if (!client) {
    client = openDb(config);
    clients.set(key, client);
    // A failed start (e.g. database down) must not be remembered forever.
    const opening = client;
    opening.catch(() => {
      if (clients.get(key) === opening) clients.delete(key);
    });
  }
  return client;
}

/** The pool of the PostgreSQL database's client (opened by getDb), for reads that bypass Prisma. */
export async function postgresPool(url: string): Promise<pg.Pool> {
  await getDb({ provider: "postgresql", url });
  const pool = pools.get(url);
  if (!pool) throw new Error("The PostgreSQL client has no pool");
  return pool;
}

/** Disconnects every client this process opened (tests, graceful shutdown). */
export async function closeDb(): Promise<void> {
  const open = [...clients.values()];
  const openPools = [...pools.values()];
  clients.clear();
  pools.clear();
  await Promise.allSettled(open.map(async (client) => (await client).$disconnect()));
  // Prisma does not end a pool it was given.
  await Promise.allSettled(openPools.map((pool) => pool.end()));
}
