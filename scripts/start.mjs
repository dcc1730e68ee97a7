// `npm start`: builds the app when the build is missing or older than the sources, then
// serves it on http://localhost:3000 (PORT overrides). SQLite and migrations need nothing
// else: the database file is created and migrated on first use.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const next = join("node_modules", "next", "dist", "bin", "next");
const buildId = join(".next", "BUILD_ID");

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function needsBuild() {
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const sources = ["app", "lib", "package.json", "next.config.js"].filter(existsSync);
  return sources.some((source) => newestMtime(source) > built);
}

function run(args) {
  const result = spawnSync(process.execPath, [next, ...args], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (needsBuild()) run(["build"]);
// Next.js behind our own Node server, which resolves client addresses (see scripts/server.mjs).
const server = spawnSync(process.execPath, [join("scripts", "server.mjs"), "--port", process.env.PORT ?? "3000"], { stdio: "inherit" });
process.exit(server.status ?? 1);
