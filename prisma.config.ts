// Prisma CLI configuration (used by `prisma generate`, see scripts/db-generate.ts).
// Two schema folders share prisma/models.prisma; PRISMA_PROVIDER picks one.
import { fileURLToPath } from "node:url";
import { defineConfig } from "prisma/config";

const provider = process.env.PRISMA_PROVIDER === "postgresql" ? "postgresql" : "sqlite";

// Prisma 7's CLI downloads its native schema engine before any command, which fails
// offline. `generate` never runs that engine, so pointing it at any existing file is
// enough; migrations go through the wasm engine instead (lib/db/migrations/).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(import.meta.url);

export default defineConfig({
  schema: `prisma/${provider}`,
  migrations: { path: `prisma/${provider}/migrations` },
});
