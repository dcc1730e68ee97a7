// Offline replacement for `prisma migrate dev / deploy / diff`, through the wasm engine.
//
//   npm run db:migrate -- --name add_x   new migration for SQLite and PostgreSQL from prisma/models.prisma
//   npm run db:migrate -- --deploy       apply committed migrations to DATABASE_URL
//   npm run db:migrate -- --check        exit 1 when either migration set differs from the schema
//
// PostgreSQL needs a server to replay migrations on: MIGRATE_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/postgres); throwaway databases are created and dropped.
import { randomUUID } from "node:crypto";
import { mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { z } from "zod";
import { type DatabaseConfig, type DatabaseProvider, resolveDatabaseConfig } from "@/lib/db/config.ts";
import { applyMigrations, createMigration, diffMigrationsToSchema } from "@/lib/db/migrate.ts";

const MigrationName = z
  .string()
  .regex(/^[a-z0-9_]+$/, "use lower_snake_case")
  .max(60);

const PROVIDERS: DatabaseProvider[] = ["sqlite", "postgresql"];

/** Runs `work` against an empty scratch database of `provider`, then removes it. */
async function withScratchDatabase<T>(provider: DatabaseProvider, work: (config: DatabaseConfig) => Promise<T>) {
  if (provider === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "swarm-migrate-"));
    try {
      return await work({ provider, filePath: path.join(dir, "scratch.db") });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const serverUrl = process.env.MIGRATE_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `swarm_migrate_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work({ provider, url: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

async function create(name: string): Promise<void> {
  // Both providers get the same folder name, so the two histories read alike.
  let folderName: string | undefined;
  for (const provider of PROVIDERS) {
    const dir = await withScratchDatabase(provider, (config) => createMigration(config, name));
    if (!dir) {
      console.log(`${provider}: schema unchanged, no migration written`);
      continue;
    }
    folderName ??= path.basename(dir);
    const target = path.join(path.dirname(dir), folderName);
    if (target !== dir) renameSync(dir, target);
    console.log(`${provider}: wrote ${path.relative(process.cwd(), target)}/migration.sql`);
  }
}

async function check(): Promise<boolean> {
  let clean = true;
  for (const provider of PROVIDERS) {
    const drift = await withScratchDatabase(provider, (config) => diffMigrationsToSchema(config));
    if (drift) {
      clean = false;
      console.error(`${provider}: migrations differ from the schema; run npm run db:migrate -- --name <change>\n${drift}`);
    } else {
      console.log(`${provider}: migrations match the schema`);
    }
  }
  return clean;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { name: { type: "string" }, deploy: { type: "boolean" }, check: { type: "boolean" } },
  });
  if (values.deploy) {
    const applied = await applyMigrations(resolveDatabaseConfig());
    console.log(applied.length ? `applied ${applied.join(", ")}` : "database is up to date");
    return 0;
  }
  if (values.check) return (await check()) ? 0 : 1;
  if (values.name === undefined) {
    console.error("usage: npm run db:migrate -- --name <lower_snake_case> | --deploy | --check");
    return 2;
  }
  const name = MigrationName.safeParse(values.name);
  if (!name.success) {
    console.error(`invalid --name: ${name.error.issues[0]?.message}`);
    return 2;
  }
  await create(name.data);
  return 0;
}

process.exitCode = await main();
