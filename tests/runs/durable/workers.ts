// Worker processes for durable-run tests: `tsx scripts/worker.ts` pointed at the test's
// PostgreSQL database, each with its own mock call log, killed with SIGKILL on demand.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { MockCallLogLine } from "@/lib/providers/mockCallLog";

export type WorkerProcess = { child: ChildProcess; id: Promise<string>; output: () => string };

const ROOT = path.resolve(import.meta.dirname, "../../..");

export function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: ROOT,
    env: { ...process.env, SWARM_EXECUTOR: "durable", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const id = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Worker (\S+) is executing runs/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`worker exited (${code}) before it started:\n${output}`)));
  });
  return { child, id, output: () => output };
}

export async function stopWorkerProcess(worker: WorkerProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.child.once("exit", resolve));
  worker.child.kill(signal);
  await exited;
}

export function readCallLog(file: string): MockCallLogLine[] {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MockCallLogLine);
}
