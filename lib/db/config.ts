// Which database the app talks to, decided once from DATABASE_URL.
import { mkdirSync } from "node:fs";
import path from "node:path";

export type DatabaseConfig =
  | { provider: "sqlite"; filePath: string }
  | { provider: "postgresql"; url: string };

export type DatabaseProvider = DatabaseConfig["provider"];

export const DEFAULT_SQLITE_FILE = "data/swarm-studio.db";

/** Unset → the default SQLite file; `file:` → that SQLite file; `postgres(ql)://` → PostgreSQL. */
export function resolveDatabaseConfig(url: string | undefined = process.env.DATABASE_URL): DatabaseConfig {
  const value = url?.trim();
  if (!value) return { provider: "sqlite", filePath: path.resolve(DEFAULT_SQLITE_FILE) };
  if (value.startsWith("file:")) {
    const filePath = value.slice("file:".length).replace(/^\/\/(?=\/)/, "");
    if (!filePath) throw new Error("DATABASE_URL 'file:' needs a path, e.g. file:./data/app.db");
    return { provider: "sqlite", filePath: path.resolve(filePath) };
  }
  if (/^postgres(ql)?:\/\//.test(value)) return { provider: "postgresql", url: value };
  throw new Error("DATABASE_URL must be a file: URL (SQLite) or a postgres:// URL (PostgreSQL)");
}

/** Creates the folder of a SQLite file (SQLite creates the file, not its folder). */
export function ensureSqliteFolder(filePath: string): void {
  mkdirSync(/*turbopackIgnore: true*/ path.dirname(filePath), { recursive: true });
}
