/**
 * What bench/scale.ts starts and measures from outside: throwaway PostgreSQL databases,
 * child processes that speak in lines (READY, RESULT {json}), and CPU time read from
 * /proc — per process, for PostgreSQL's backends of one database, for the busiest other
 * processes (the machine is shared) and for the machine.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type Database = { name: string; url: string; drop(): Promise<void> };

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The bench's PostgreSQL server's version, or why it did not answer. */
export async function postgresServer(): Promise<{ version: string } | { problem: string }> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>("show server_version");
    return { version: `PostgreSQL ${rows[0]?.server_version} at ${new URL(ADMIN_URL).host}` };
  } catch (error) {
    return { problem: `${(error as Error).message || String(error)} (BENCH_PG_URL=${ADMIN_URL.replace(/\/\/[^@/]*@/, "//…@")})` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh, empty database on the bench's PostgreSQL server; drop() removes it even with sessions open. */
export async function createDatabase(label: string): Promise<Database> {
  const name = `swarm_bench_scale_${label}_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** Transactions committed in `database` so far, as PostgreSQL's statistics have them. */
export async function committedTransactions(database: Database): Promise<number> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ committed: string }>("select xact_commit as committed from pg_stat_database where datname = $1", [database.name]);
    return Number(rows[0]?.committed ?? 0);
  } finally {
    await client.end();
  }
}

/** A child process whose stdout is read line by line; its output is kept for error messages. */
export type Child = {
  process: ChildProcess;
  /** The first stdout line starting with `prefix` (without it), or a rejection when the child exits first or `timeoutMs` passes. */
  line(prefix: string, timeoutMs: number): Promise<string>;
  send(line: string): void;
  output(): string;
};

export function startChild(args: string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  let output = "";
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let pending = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    pending += chunk.toString();
    const parts = pending.split("\n");
    pending = parts.pop()!;
    lines.push(...parts);
    for (const wake of waiters) wake();
  });
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.on("exit", () => {
    for (const wake of waiters) wake();
  });
  return {
    process: child,
    output: () => output,
    send: (line) => void child.stdin!.write(`${line}\n`),
    line: (prefix, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`no "${prefix}" from ${args.join(" ")} in ${timeoutMs} ms:\n${output.slice(-3000)}`)), timeoutMs);
        const finish = (error?: Error, value?: string) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (error) reject(error);
          else resolve(value!);
        };
        const check = () => {
          const found = lines.find((line) => line.startsWith(prefix));
          if (found !== undefined) return finish(undefined, found.slice(prefix.length).trim());
          if (child.exitCode !== null || child.signalCode !== null) finish(new Error(`${args.join(" ")} exited (${child.exitCode ?? child.signalCode}):\n${output.slice(-3000)}`));
        };
        waiters.add(check);
        check();
      }),
  };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

const TICK_MS = 10; // /proc counts CPU time in clock ticks of 1/100 s (getconf CLK_TCK)

/** User + system CPU time of a process so far, in ms (0 once it is gone). */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime (fields 14, 15)
  } catch {
    return 0;
  }
}

/** Every process's command line and CPU ms so far, by pid. */
export function processesCpu(): Map<number, { command: string; ms: number }> {
  const processes = new Map<number, { command: string; ms: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Kernel threads have no command line: their name, in brackets as ps shows them.
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim() || `[${readFileSync(`/proc/${entry}/comm`, "utf8").trim()}]`;
      processes.set(Number(entry), { command, ms: processCpuMs(Number(entry)) });
    } catch {
      // gone meanwhile
    }
  }
  return processes;
}

/** Of a processesCpu sample: PostgreSQL's processes, and those of them serving `database`. */
export function postgresCpu(sample: Map<number, { command: string; ms: number }>, database: string): { ours: Map<number, number>; all: Map<number, number> } {
  const ours = new Map<number, number>();
  const all = new Map<number, number>();
  for (const [pid, { command, ms }] of sample) {
    if (!command.startsWith("postgres")) continue;
    all.set(pid, ms);
    // A backend's title: "postgres: 15/main: <user> <database> <client> <state>".
    if (command.split(" ").includes(database)) ours.set(pid, ms);
  }
  return { ours, all };
}

/** The processes (other than `excluded` and PostgreSQL's) that used the most CPU between two samples. */
export function busiestOthers(
  before: Map<number, { command: string; ms: number }>,
  after: Map<number, { command: string; ms: number }>,
  excluded: Set<number>,
  count = 3,
): Array<{ command: string; ms: number }> {
  return [...after]
    .filter(([pid, { command }]) => !excluded.has(pid) && !command.startsWith("postgres"))
    .map(([pid, { command, ms }]) => ({ command, ms: ms - (before.get(pid)?.ms ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

/** CPU ms used between two postgresCpu samples (backends that started in between count from zero). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The machine's busy and total CPU time so far, in ms summed over cores, from /proc/stat. */
export function machineCpu(): { busyMs: number; totalMs: number } {
  const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const ticks = values.map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle, iowait
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0); // without guest time (already in user)
  return { busyMs: (total - idle) * TICK_MS, totalMs: total * TICK_MS };
}
