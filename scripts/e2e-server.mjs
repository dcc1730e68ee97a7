// The server Playwright tests against: a fresh build and a fresh SQLite database file.
import { spawnSync, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";

const port = process.argv[2] ?? "3100";
const database = "data/e2e.db";
mkdirSync("data", { recursive: true });
for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(database + suffix, { force: true });

// The trace-export spec's collector and the MCP spec's server listen on 127.0.0.1.
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: `file:./${database}`, SWARM_OTLP_ALLOWED_CIDRS: "127.0.0.1", SWARM_MCP_ALLOWED_CIDRS: "127.0.0.1" };
const next = "node_modules/next/dist/bin/next";
const build = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env });
if (build.status !== 0) process.exit(build.status ?? 1);
const server = spawn(process.execPath, ["scripts/server.mjs", "--port", port, "--hostname", "127.0.0.1"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
