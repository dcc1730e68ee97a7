// An evaluation whose process is killed mid-way is driven again by another process's sweep
// (lib/evaluations/recovery.ts): the killed process's open runs resume from their
// checkpoints, the rows never started start, and no row runs twice. On SQLite, and on
// PostgreSQL with TEST_DATABASE_URL.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFlow, getLocalWorkspace } from "@/lib/data";
import { getDatasetVersion } from "@/lib/data/datasets";
import { createEvaluation } from "@/lib/data/evaluations";
import { markStaleRunsInterrupted } from "@/lib/data/runs";
import { getDb } from "@/lib/db/client";
import { importDataset } from "@/lib/evaluations/datasets";
import { resumeStaleEvaluations } from "@/lib/evaluations/recovery";
import { readEvaluation } from "@/lib/evaluations/service";
import { actorOf } from "@/lib/runs/commands";
import type { Workspace } from "@/lib/auth";
import { testDatabases, useTestDatabase } from "../data/databases";
import { until } from "../runs/waiting";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FLOW = `agents:\n  a: { model: "mock:echo?latency=400", instructions: "A." }\n  b: { model: "mock:echo?latency=400", instructions: "B." }\nswarm: { type: workflow, flow: "a >> b" }\n`;
const ROWS = Array.from({ length: 8 }, (_, i) => JSON.stringify({ input: `row ${i}`, expected: `row ${i}` })).join("\n");

describe.each(testDatabases())("an evaluation whose process died, on $name", (database) => {
  useTestDatabase(database);

  it("is claimed by one sweep and finished without running any row twice", { timeout: 120_000 }, async () => {
    const local = await getLocalWorkspace();
    const owner = { ...local, role: "owner", mode: "single-user" } as Workspace;
    const flow = await createFlow(owner.teamId, owner.userId, { name: "Crash", document: FLOW });
    const { id: datasetId } = await importDataset(owner, { name: "Eight", text: ROWS, format: "jsonl" });
    const dataset = await getDatasetVersion(owner.teamId, datasetId);
    const evaluation = await createEvaluation(owner.teamId, { userId: owner.userId }, { flowId: flow.id, datasetVersionId: dataset.id, scorers: ["contains"], concurrency: 3 });
    const actor = actorOf(owner);
    // Rows done, and a row whose run is well before its end (a run takes 800 ms): the lanes
    // start and end their rows together, so a row about to end could be done by the kill.
    const midway = async () => {
      const { items } = await readEvaluation(actor, evaluation.id);
      if (items.filter((item) => item.status === "done").length < 2) return false;
      const open = items.flatMap((item) => (item.status === "running" && item.runId ? [item.runId] : []));
      const db = await getDb();
      const runs = await db.run.findMany({ where: { id: { in: open } }, select: { startedAt: true } });
      return runs.some((run) => run.startedAt !== null && Date.now() - run.startedAt.getTime() < 500);
    };

    // Another process drives it and is killed with rows done, rows open and rows not started.
    const child = spawn(process.execPath, ["--import", "tsx", "tests/evaluations/fixtures/drive-evaluation.ts", owner.teamId, evaluation.id, owner.userId], {
      cwd: ROOT,
      env: process.env,
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    await until(midway, "rows done and rows open in the child", 60_000);
    child.kill("SIGKILL");
    await exited;
    const before = await readEvaluation(actor, evaluation.id);
    expect(before.items.some((item) => item.status === "running")).toBe(true);
    expect(before.items.some((item) => item.status === "pending")).toBe(true);

    // What this process's sweeps do once the other's heartbeats are old.
    await markStaleRunsInterrupted({ staleBefore: new Date(Date.now() + 60_000) });
    const later = Date.now() + 60_000;
    const claims = await Promise.all([resumeStaleEvaluations(later), resumeStaleEvaluations(later)]);
    expect(claims.flat()).toEqual([evaluation.id]); // one claim, one driver
    await until(async () => (await readEvaluation(actor, evaluation.id)).evaluation.status === "success", "the evaluation ends", 60_000);

    const { items } = await readEvaluation(actor, evaluation.id);
    expect(items.every((item) => item.status === "done" && item.result?.pass)).toBe(true);
    const db = await getDb();
    expect(await db.run.count({ where: { flowId: flow.id } })).toBe(8); // no row ran twice
    expect(new Set(items.map((item) => item.runId)).size).toBe(8);
    expect(await resumeStaleEvaluations(Date.now() + 60_000)).toEqual([]); // nothing left running
  });
});
