import { execFile } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client.ts";
import { applyMigrations, createMigration, diffMigrationsToSchema } from "@/lib/db/migrate.ts";
import { migrationsDir } from "@/lib/db/migrationFiles.ts";
import { testDatabases, useTestDatabase } from "./databases.ts";

const FIX = "run `npm run db:migrate -- --name <change>` and commit prisma/*/migrations";

function migrationNames(provider: "sqlite" | "postgresql"): string[] {
  return readdirSync(migrationsDir(provider), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

describe("committed migrations", () => {
  it("are kept in step for both providers", () => {
    expect(migrationNames("postgresql")).toEqual(migrationNames("sqlite"));
    expect(migrationNames("sqlite").length).toBeGreaterThan(0);
  });
});

describe("applying migrations concurrently to one new SQLite file", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "swarm-migrate-race-"));
  const config = { provider: "sqlite", filePath: path.join(dir, "race.db") } as const;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("applies each migration exactly once, within one process", async () => {
    const results = await Promise.all([1, 2, 3].map(() => applyMigrations(config)));
    expect(results.flat().sort()).toEqual(migrationNames("sqlite"));
  });

  it("applies each migration exactly once, across processes", async () => {
    const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, "processes.db")}`, START_AT: String(Date.now() + 4000) };
    const script = path.resolve("tests/data/fixtures/applyMigrationsAt.ts");
    const outputs = await Promise.all(
      [1, 2, 3].map(() => promisify(execFile)(process.execPath, ["--import", "tsx", script], { env })),
    );
    const applied = outputs.flatMap(({ stdout }) => JSON.parse(stdout) as string[]);
    expect(applied.sort()).toEqual(migrationNames("sqlite"));
  }, 60_000);
});

describe.each(testDatabases())("migrations on $name", (database) => {
  const config = useTestDatabase(database);
  const scratchRoots: string[] = [];
  afterAll(() => {
    for (const root of scratchRoots) rmSync(root, { recursive: true, force: true });
  });

  it("match the schema (no drift)", async () => {
    const drift = await diffMigrationsToSchema(config());
    expect(drift, `prisma/models.prisma and the ${database.name} migrations differ; ${FIX}`).toBe("");
  });

  /** A copy of prisma/ whose schema has one model more than its migrations. */
  function driftedProject(): string {
    const root = mkdtempSync(path.join(tmpdir(), "swarm-drift-"));
    scratchRoots.push(root);
    cpSync(path.resolve("prisma"), path.join(root, "prisma"), { recursive: true });
    appendFileSync(path.join(root, "prisma", "models.prisma"), "\nmodel DriftProbe {\n  id String @id\n}\n");
    return root;
  }

  it("report drift when the schema changes without a migration", async () => {
    const drift = await diffMigrationsToSchema(config(), driftedProject());
    expect(drift).toMatch(/CREATE TABLE "DriftProbe"/);
  });

  it("apply once, and the app's client then works on the result", async () => {
    const first = await applyMigrations(config());
    expect(first).toEqual(migrationNames(database.name));
    expect(await applyMigrations(config())).toEqual([]);

    const db = await getDb();
    expect(await db.flow.count()).toBe(0);
    expect(await db.runNode.count()).toBe(0);
  });

  it("create a migration that ends the drift and applies it", async () => {
    const root = driftedProject();
    const dir = await createMigration(config(), "drift_probe", root);
    expect(path.basename(dir ?? "")).toMatch(/^\d{14}_drift_probe$/);
    expect(await diffMigrationsToSchema(config(), root)).toBe("");
    expect(await createMigration(config(), "nothing", root)).toBeNull();

    const db = await getDb();
    expect(await db.$queryRawUnsafe('SELECT COUNT(*) AS n FROM "DriftProbe"')).toHaveLength(1);
  });
});
