// Prisma's schema engine compiled to WebAssembly, driven through our driver adapters
// (Prisma 7's CLI only knows the native engine, which cannot be downloaded here).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaContainer, SchemaEngine } from "@prisma/schema-engine-wasm";
import type { DatabaseConfig } from "./config.ts";
import { createMigrationAdapterFactory } from "./migrationAdapters.ts";

type EngineModule = typeof import("@prisma/schema-engine-wasm");

let engineModule: Promise<EngineModule> | undefined;

// The package's entry imports the .wasm file as an ES module, which Node 20 only
// allows behind a flag; instantiate it by hand with the generated JS glue instead.
function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const require = createRequire(path.join(process.cwd(), "package.json"));
    const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const glue = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as EngineModule & {
      __wbg_set_wasm(exports: WebAssembly.Exports): void;
    };
    const bytes = await readFile(/*turbopackIgnore: true*/ path.join(path.dirname(gluePath), "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return engineModule;
}

/**
 * Runs `work` with a schema engine connected to the database, then frees the engine
 * and closes every connection it opened (in that order, or the SQLite file stays locked).
 */
export async function withSchemaEngine<T>(
  config: DatabaseConfig,
  schemaFiles: SchemaContainer[],
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const factory = createMigrationAdapterFactory(config);
  try {
    const engine = await SchemaEngine.new(
      { datamodels: schemaFiles.map((file) => [file.path, file.content]) },
      () => {},
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    try {
      return await work(engine);
    } finally {
      engine.free();
    }
  } finally {
    await factory.disposeAll();
  }
}
