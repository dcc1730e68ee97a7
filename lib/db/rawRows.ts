// Large reads without Prisma: its raw queries cost tens of µs a row (a 100,000-node run
// took 5 s through $queryRaw, 10 s through findMany), the drivers a fraction of that.
// Rows come as arrays in column order, one at a time, straight from the driver: the
// caller builds its own compact shape in the same pass. SQLite reads on the client's
// own connection (its turn and lock waiting, sqliteBusy.ts), PostgreSQL on its pool.
import { getDb, postgresPool } from "./client.ts";
import { type DatabaseConfig, resolveDatabaseConfig } from "./config.ts";
import { sqliteAccess } from "./sqliteBusy.ts";
import { asUnavailable } from "./unavailable.ts";

/** One query in each dialect (`?` placeholders for SQLite, `$1…` for PostgreSQL), same columns. */
export type RowsQuery = { sqlite: string; postgresql: string; params: readonly (string | number | null)[] };

/**
 * Calls `onRow` with each row (an array of column values: text, numbers, null). Integers
 * come as numbers; select times as epoch milliseconds. Returns the number of rows.
 */
export async function forEachRow(query: RowsQuery, onRow: (row: unknown[]) => void, config: DatabaseConfig = resolveDatabaseConfig()): Promise<number> {
  try {
    if (config.provider === "postgresql") {
      const pool = await postgresPool(config.url);
      const result = await pool.query({ text: query.postgresql, values: [...query.params], rowMode: "array" });
      for (const row of result.rows as unknown[][]) onRow(row);
      return result.rows.length;
    }
    const db = await getDb(config);
    await db.$connect(); // Prisma opens the connection on first use
    const access = sqliteAccess(config.filePath);
    if (!access) throw new Error(`No open SQLite connection to ${config.filePath}`);
    return await access((handle) => {
      let count = 0;
      for (const row of handle.prepare(query.sqlite).raw(true).safeIntegers(false).iterate(...query.params)) {
        onRow(row as unknown[]);
        count++;
      }
      return count;
    });
  } catch (error) {
    throw asUnavailable(error) ?? error;
  }
}
