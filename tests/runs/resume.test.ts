// Resuming an interrupted run (its process killed mid-run): it continues from its last
// recorded step — finished model calls are not made again — and ends with the same tree
// as a run that was never interrupted. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFlow, getLocalWorkspace } from "@/lib/data";
import { createRun, markStaleRunsInterrupted } from "@/lib/data/runs";
import { getDb } from "@/lib/db/client";
import { resumeRunAs, RunNotResumableError, startRunAs, type RunActor } from "@/lib/runs/commands";
import { testDatabases, useTestDatabase } from "../data/databases";
import { readCallLog } from "./durable/workers";
import { sleep, statusOf, until } from "./waiting";

const DOCUMENT = `agents:
${["a", "b", "c", "d"].map((name) => `  ${name}: { model: "mock:echo?latency=800", instructions: "${name.toUpperCase()}." }`).join("\n")}
swarm: { type: workflow, flow: "a >> b >> c >> d" }
`;

const ROOT = path.resolve(import.meta.dirname, "../..");

async function shape(runId: string) {
  const db = await getDb();
  const nodes = await db.runNode.findMany({ where: { runId }, select: { id: true, kind: true, name: true, status: true } });
  return nodes.map((node) => `${node.id.slice(runId.length)} ${node.kind} ${node.name} ${node.status}`).sort();
}

/** Executes the run in a child process and kills it (SIGKILL) once the third model call started. */
async function executeAndKill(runId: string, callLog: string): Promise<void> {
  const before = readCallLog(callLog).length;
  const child = spawn(process.execPath, ["--import", "tsx", "tests/runs/fixtures/execute-run.ts", runId], {
    cwd: ROOT,
    env: { ...process.env, SWARM_MOCK_CALL_LOG: callLog },
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await until(() => readCallLog(callLog).slice(before).filter((line) => line.event === "start").length >= 3, "the third call started");
  await sleep(300); // the started node's row is stored
  child.kill("SIGKILL");
  await exited;
}

describe.each(testDatabases())("resuming an interrupted run on $name", (database) => {
  useTestDatabase(database);

  it("continues from the last recorded step and ends like an uninterrupted run", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "swarm-resume-"));
    const callLog = path.join(dir, "calls.jsonl");
    process.env.SWARM_MOCK_CALL_LOG = callLog;
    try {
      const workspace = await getLocalWorkspace();
      const actor: RunActor = { teamId: workspace.teamId, userId: workspace.userId, role: "owner", mayRun: true };
      const flow = await createFlow(workspace.teamId, workspace.userId, { name: "resume", document: DOCUMENT });
      const reference = await startRunAs(actor, { flowId: flow.id, input: "reference", trigger: "api" });
      await until(async () => (await statusOf(reference.id)) === "success", "the reference run succeeded");
      await expect(resumeRunAs(actor, reference.id)).rejects.toBeInstanceOf(RunNotResumableError);

      // A run executed by another process that is killed mid-run, then swept as interrupted.
      const { run } = await createRun(workspace.teamId, workspace.userId, { flowId: flow.id, input: "crash", trigger: "api" });
      const before = readCallLog(callLog).length;
      await executeAndKill(run.id, callLog);
      expect(await markStaleRunsInterrupted({ staleBefore: new Date(Date.now() + 60_000) })).toEqual([run.id]);
      expect(await statusOf(run.id)).toBe("interrupted");

      await resumeRunAs(actor, run.id);
      await until(async () => (await statusOf(run.id)) === "success", "the resumed run succeeded");

      const calls = readCallLog(callLog).slice(before);
      const count = (event: "start" | "end") =>
        calls.filter((line) => line.event === event).reduce((map, line) => map.set(line.key, (map.get(line.key) ?? 0) + 1), new Map<string, number>());
      expect(count("end").size).toBe(4);
      expect([...count("end").values()]).toEqual([1, 1, 1, 1]); // every answered call made once
      expect([...count("start").values()].filter((n) => n > 1)).toHaveLength(1); // the one in flight, twice
      expect(await shape(run.id)).toEqual(await shape(reference.id));
      const db = await getDb();
      expect(await db.runNode.count({ where: { runId: run.id, marks: { contains: "interrupted" } } })).toBe(1);
      await expect(resumeRunAs(actor, run.id)).rejects.toBeInstanceOf(RunNotResumableError);
    } finally {
      delete process.env.SWARM_MOCK_CALL_LOG;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
