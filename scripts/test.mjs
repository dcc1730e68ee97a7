// `npm test`: every test, in order of cost — typecheck, unit and integration (vitest, on
// SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set), then Playwright e2e in
// the system Chromium. Stops at the first failing step with its exit code.
import { spawnSync } from "node:child_process";

process.env.NEXT_TELEMETRY_DISABLED = "1";

const steps = [
  ["typecheck", "node_modules/typescript/bin/tsc", ["--noEmit", "-p", "."]],
  ["unit and integration", "node_modules/vitest/vitest.mjs", ["run"]],
  ["end-to-end", "node_modules/@playwright/test/cli.js", ["test"]],
];

for (const [name, script, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [script, ...args], { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
