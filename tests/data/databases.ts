// The databases every data test runs on: SQLite always (a temp file per test file),
// PostgreSQL too when TEST_DATABASE_URL names a server (a throwaway database per
// test file is created there and dropped after).
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { closeDb } from "@/lib/db/client.ts";
import type { DatabaseConfig } from "@/lib/db/config.ts";

export interface TestDatabase {
  name: "sqlite" | "postgresql";
  /** Creates the empty database and points DATABASE_URL (and so getDb) at it. */
  open(): Promise<DatabaseConfig>;
  close(): Promise<void>;
}

function sqliteDatabase(): TestDatabase {
  let dir: string | undefined;
  return {
    name: "sqlite",
    async open() {
      dir = mkdtempSync(path.join(tmpdir(), "swarm-data-test-"));
      const filePath = path.join(dir, "test.db");
      process.env.DATABASE_URL = `file:${filePath}`;
      return { provider: "sqlite", filePath };
    },
    async close() {
      await closeDb();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function postgresDatabase(serverUrl: string): TestDatabase {
  const name = `swarm_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  return {
    name: "postgresql",
    async open() {
      await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      process.env.DATABASE_URL = url.toString();
      return { provider: "postgresql", url: url.toString() };
    },
    async close() {
      await closeDb();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

export function testDatabases(): TestDatabase[] {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? [sqliteDatabase(), postgresDatabase(serverUrl)] : [sqliteDatabase()];
}

/** Opens `database` for the enclosing describe block; returns a getter for its config. */
export function useTestDatabase(database: TestDatabase): () => DatabaseConfig {
  let config: DatabaseConfig | undefined;
  beforeAll(async () => {
    config = await database.open();
  });
  afterAll(() => database.close());
  return () => {
    if (!config) throw new Error("test database not open yet");
    return config;
  };
}
