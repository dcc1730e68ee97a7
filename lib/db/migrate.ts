// Migrations through the wasm schema engine: apply the committed ones (app start),
// create a new one from the schema (scripts/db-migrate.ts), and detect drift.
import type { SchemaFilter } from "@prisma/schema-engine-wasm";
import { type DatabaseConfig, resolveDatabaseConfig } from "./config.ts";
import { withMigrationLock } from "./migrationLock.ts";
import { loadMigrationList, loadSchemaFiles, projectRoot, writeMigration } from "./migrationFiles.ts";
import { withSchemaEngine } from "./schemaEngine.ts";

const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };

/** Applies the committed migrations not yet in the database; returns their names. */
export async function applyMigrations(
  config: DatabaseConfig = resolveDatabaseConfig(),
  root = projectRoot(),
): Promise<string[]> {
  const migrationsList = loadMigrationList(config.provider, root);
  return withMigrationLock(config, () =>
    withSchemaEngine(config, loadSchemaFiles(config.provider, root), async (engine) => {
      const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTER });
      return appliedMigrationNames;
    }),
  );
}

/**
 * Writes prisma/<provider>/migrations/<timestamp>_<name>/ with the SQL that brings the
 * committed migrations up to the schema, and applies it to `config`'s database (a
 * scratch database: it must hold exactly the committed migrations). Returns the new
 * folder, or null when the schema has no changes.
 */
export async function createMigration(
  config: DatabaseConfig,
  name: string,
  root = projectRoot(),
): Promise<string | null> {
  const schemaFiles = loadSchemaFiles(config.provider, root);
  return withSchemaEngine(config, schemaFiles, async (engine) => {
    // The engine sets up its shadow database in devDiagnostic, which needs the
    // migrations table that applyMigrations creates: this order is required.
    await engine.applyMigrations({ migrationsList: loadMigrationList(config.provider, root), filters: NO_FILTER });
    const { action } = await engine.devDiagnostic({
      migrationsList: loadMigrationList(config.provider, root),
      filters: NO_FILTER,
    });
    if (action.tag === "reset") throw new Error(`The scratch database needs a reset: ${action.reason}`);
    const created = await engine.createMigration({
      draft: false,
      migrationName: name,
      migrationsList: loadMigrationList(config.provider, root),
      schema: { files: schemaFiles },
      filters: NO_FILTER,
    });
    if (created.migrationScript === null) return null;
    const dir = writeMigration(config.provider, created.generatedMigrationName, created.migrationScript, root);
    await engine.applyMigrations({ migrationsList: loadMigrationList(config.provider, root), filters: NO_FILTER });
    return dir;
  });
}

/**
 * The SQL that would bring the committed migrations up to the schema: empty when they
 * match. The migrations are replayed on a shadow database of `config`'s server.
 */
export async function diffMigrationsToSchema(config: DatabaseConfig, root = projectRoot()): Promise<string> {
  const schemaFiles = loadSchemaFiles(config.provider, root);
  return withSchemaEngine(config, schemaFiles, async (engine) => {
    const result = await engine.diff({
      from: { tag: "migrations", ...loadMigrationList(config.provider, root) },
      to: { tag: "schemaDatamodel", files: schemaFiles },
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    });
    return result.exitCode === 0 ? "" : (result.stdout ?? "").trim();
  });
}
