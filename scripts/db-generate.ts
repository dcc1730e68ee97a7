// Generates both Prisma clients (lib/db/generated/{sqlite,postgresql}) offline.
// prisma.config.ts points the CLI's schema-engine check at a local file; `generate`
// itself needs no engine.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const prismaCli = path.join(path.dirname(require.resolve("prisma/package.json")), "build", "index.js");

for (const provider of ["sqlite", "postgresql"]) {
  const result = spawnSync(process.execPath, [prismaCli, "generate"], {
    stdio: "inherit",
    env: { ...process.env, PRISMA_PROVIDER: provider, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  });
  if (result.status !== 0) {
    console.error(`prisma generate failed for ${provider}`);
    process.exit(result.status ?? 1);
  }
}
