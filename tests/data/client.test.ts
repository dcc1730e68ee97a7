import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { applyMigrations } from "@/lib/db/migrate.ts";

describe("getDb", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "swarm-client-test-"));
  afterAll(async () => {
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates the SQLite file's folder, migrates, and shares one client per database", async () => {
    const filePath = path.join(dir, "nested", "folder", "app.db");
    const config = { provider: "sqlite", filePath } as const;
    const [first, second] = await Promise.all([getDb(config), getDb(config)]);
    expect(first).toBe(second);
    expect(existsSync(filePath)).toBe(true);
    expect(await first.flow.count()).toBe(0);
  });

  it("leaves the file open to other migrators, as a second process starting would be", async () => {
    const config = { provider: "sqlite", filePath: path.join(dir, "shared.db") } as const;
    const db = await getDb(config);
    await db.user.count();
    expect(await applyMigrations(config)).toEqual([]);
  });

  it("follows DATABASE_URL when called without a config", async () => {
    const filePath = path.join(dir, "from-env.db");
    process.env.DATABASE_URL = `file:${filePath}`;
    const db = await getDb();
    expect(db).toBe(await getDb({ provider: "sqlite", filePath }));
  });

  it("opens a new client after closeDb", async () => {
    const config = { provider: "sqlite", filePath: path.join(dir, "reopen.db") } as const;
    const before = await getDb(config);
    await closeDb();
    const after = await getDb(config);
    expect(after).not.toBe(before);
    expect(await after.user.count()).toBe(0);
  });

  it("does not remember a database that failed to open", async () => {
    const config = { provider: "postgresql", url: "postgres://postgres@127.0.0.1:1/none" } as const;
    const first = getDb(config);
    await expect(first).rejects.toThrow();
    const second = getDb(config);
    expect(second).not.toBe(first);
    await expect(second).rejects.toThrow();
  });
});
