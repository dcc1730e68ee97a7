/**
 * Runs every benchmark suite in bench/ (each `bench/<name>.ts` exporting
 * `async function run(): Promise<void>` that prints its figures), in name order.
 * `npm run bench -- engine dsl` runs only the named suites.
 */
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

type Suite = { run: () => Promise<void> };

const here = dirname(fileURLToPath(import.meta.url));
const only = new Set(process.argv.slice(2));
const files = readdirSync(here)
  .filter((file) => file.endsWith(".ts") && file !== "index.ts")
  .filter((file) => only.size === 0 || only.has(basename(file, ".ts")))
  .sort();

if (files.length === 0) {
  console.error(only.size ? `no suite named ${[...only].join(", ")} in bench/` : "no suites in bench/");
  process.exitCode = 1;
}

for (const file of files) {
  const suite = (await import(pathToFileURL(join(here, file)).href)) as Partial<Suite>;
  console.log(`\n=== ${basename(file, ".ts")} ===`);
  if (typeof suite.run !== "function") {
    console.error(`bench/${file} does not export async function run()`);
    process.exitCode = 1;
    continue;
  }
  await suite.run();
}
