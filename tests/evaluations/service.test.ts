// Stored datasets and evaluations through their services: per-row import errors, versions,
// roles, evaluations as real runs (one per row, scored), resume after the driver stopped,
// cancel, verdicts and comparisons. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { describe, expect, it } from "vitest";
import type { Workspace } from "@/lib/auth";
import { createFlow, getLocalWorkspace, listVersions, saveFlowVersion } from "@/lib/data";
import { getDatasetVersion, getDatasetVersionById } from "@/lib/data/datasets";
import { createEvaluation, createItemRun } from "@/lib/data/evaluations";
import { prepareRun } from "@/lib/data/runs";
import { getDb } from "@/lib/db/client";
import { actorOf } from "@/lib/runs/commands";
import { changeDataset, importDataset, listTeamDatasets, readDataset, removeDataset } from "@/lib/evaluations/datasets";
import { getFlowTemplate } from "@/lib/demo/flows";
import { toCsv, toJsonl } from "@/lib/evaluations/export";
import { compareStored, evaluationResult, verdictOf } from "@/lib/evaluations/results";
import { cancelEvaluation, readEvaluation, readEvaluationDocument, resumeEvaluation, startDraftEvaluation, startEvaluation } from "@/lib/evaluations/service";
import { drive, isDriving, stopDriving } from "@/lib/evaluations/driver";
import { testDatabases, useTestDatabase } from "../data/databases";
import { until } from "../runs/waiting";

const flowOf = (model: string) => `agents:\n  a: { model: "${model}", instructions: "Answer." }\nswarm: { type: workflow, flow: a }\n`;
const ROWS = Array.from({ length: 6 }, (_, i) => JSON.stringify({ input: `question ${i}`, expected: `question ${i}`, tags: ["t"] })).join("\n");

describe.each(testDatabases())("datasets and evaluations on $name", (database) => {
  useTestDatabase(database);
  let owner: Workspace;
  let viewer: Workspace;

  async function setup() {
    const local = await getLocalWorkspace();
    owner = { ...local, role: "owner", mode: "single-user" } as Workspace;
    viewer = { ...owner, role: "viewer" };
  }

  it("imports with every bad row named, keeps versions, and lets viewers read only", async () => {
    await setup();
    const bad = `{"input": "ok"}\nnot json\n{"input": ""}\n{"input": "x", "extra": 1}`;
    await expect(importDataset(owner, { name: "Broken", text: bad, format: "jsonl" })).rejects.toMatchObject({
      name: "DatasetError",
      problems: [expect.stringMatching(/^line 2: not valid JSON/), "line 3: input is empty", expect.stringMatching(/^line 4: unknown field "extra"/)],
    });
    expect(await (await getDb()).dataset.count()).toBe(0);
    const { id } = await importDataset(owner, { name: "Questions", text: ROWS, format: "jsonl" });
    const appended = await changeDataset(owner, id, 1, { kind: "append", text: "input,expected,tags\nhello,hello,a;b\n", format: "csv" });
    expect(appended.version).toBe(2);
    await expect(changeDataset(owner, id, 1, { kind: "remove", index: 0 })).rejects.toMatchObject({ kind: "conflict" });
    const { version, versions } = await readDataset(viewer, id);
    expect(version.rows).toHaveLength(7);
    expect(version.rows[6]).toEqual({ input: "hello", expected: "hello", tags: ["a", "b"] });
    expect(versions.map((each) => each.number)).toEqual([2, 1]);
    expect((await readDataset(viewer, id, 1)).version.rows).toHaveLength(6);
    await expect(changeDataset(viewer, id, 2, { kind: "remove", index: 0 })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(importDataset(viewer, { name: "Mine", text: ROWS, format: "jsonl" })).rejects.toMatchObject({ kind: "forbidden" });
    expect(toJsonl(version.rows).trim().split("\n")).toHaveLength(7);
    expect(toCsv(version.rows)).toContain("hello,hello,a;b");
    expect(toCsv([{ input: { a: 1 } }])).toBeUndefined();
  });

  it("runs one stored, scored run per row; compares versions worse rows first; gives CI a verdict", async () => {
    await setup();
    const flow = await createFlow(owner.teamId, owner.userId, { name: "Echo", document: flowOf("mock:echo?latency=20") });
    await saveFlowVersion(owner.teamId, owner.userId, flow.id, { document: flowOf("mock:reply?text=question 1"), baseVersion: 1 });
    const { id: datasetId } = await importDataset(owner, { name: "Six", text: ROWS, format: "jsonl" });
    const actor = actorOf(owner);
    await expect(startEvaluation(actorOf(viewer), { flowId: flow.id, version: 1, datasetId, scorers: ["contains"], concurrency: 2, trigger: "ui" })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(startEvaluation(actor, { flowId: flow.id, datasetId, scorers: ["code:/etc/passwd"], concurrency: 2, trigger: "ui" })).rejects.toMatchObject({ kind: "invalid" });
    const v1 = await startEvaluation(actor, { flowId: flow.id, version: 1, datasetId, scorers: ["contains", "exact"], concurrency: 2, trigger: "ui" });
    await until(async () => (await readEvaluation(actor, v1.id)).evaluation.status === "success", "v1 ends");
    const v2 = await startEvaluation(actor, { flowId: flow.id, version: 2, datasetId, scorers: ["contains", "exact"], concurrency: 3, minPass: 0.9, baselineId: v1.id, trigger: "api" });
    await until(async () => (await readEvaluation(actor, v2.id)).evaluation.status === "success", "v2 ends");

    const first = await evaluationResult(actor, v1.id);
    expect(first.aggregate).toMatchObject({ rows: 6, passed: 6, passRate: 1 });
    const db = await getDb();
    for (const item of first.items) {
      const run = await db.run.findUniqueOrThrow({ where: { id: item.runId! } });
      expect(run).toMatchObject({ status: "success", input: `question ${item.index}`, output: `question ${item.index}` });
      expect(item.result).toMatchObject({ pass: true, steps: 1 });
    }
    const second = await evaluationResult(actor, v2.id);
    expect(second.aggregate.passed).toBe(1);
    expect(verdictOf(first)).toEqual({ pass: true, reasons: [] });
    const verdict = verdictOf(second, first);
    expect(verdict.pass).toBe(false);
    expect(verdict.reasons).toEqual([expect.stringContaining("below the minimum 90.0%"), expect.stringContaining("worse than the baseline's 100.0%")]);

    const { comparison, results } = await compareStored(actor, [v1.id, v2.id]);
    expect(results.map((result) => result.evaluation.flowVersion)).toEqual([1, 2]);
    expect(comparison.counts).toEqual({ worse: 5, better: 0, same: 1 });
    expect(comparison.rows.map((row) => row.change)).toEqual(["worse", "worse", "worse", "worse", "worse", "same"]);
    expect(comparison.rows.at(-1)!.index).toBe(1);
  });

  it("evaluates an unsaved draft from a kept copy of its document, beside the versions", async () => {
    await setup();
    const flow = await createFlow(owner.teamId, owner.userId, { name: "Drafted", document: flowOf("mock:echo") });
    const { id: datasetId } = await importDataset(owner, { name: "Draft rows", text: ROWS, format: "jsonl" });
    const actor = actorOf(owner);
    const draft = { flowId: flow.id, baseVersion: 1, datasetId, scorers: ["contains"], concurrency: 3 };
    const db = await getDb();
    // Invalid, too large, a viewer, another team's flow: refused, nothing stored.
    await expect(startDraftEvaluation(actor, { ...draft, document: "agents: {}\nswarm: { type: workflow, flow: nobody }\n" })).rejects.toMatchObject({ name: "InvalidDocumentError" });
    await expect(startDraftEvaluation(actor, { ...draft, document: `# ${"x".repeat(1024 * 1024)}\n${flowOf("mock:echo")}` })).rejects.toMatchObject({ kind: "invalid" });
    await expect(startDraftEvaluation(actorOf(viewer), { ...draft, document: flowOf("mock:echo") })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(startDraftEvaluation({ ...actor, teamId: "someoneelsesteam" }, { ...draft, document: flowOf("mock:echo") })).rejects.toMatchObject({ kind: "not_found" });
    expect(await db.evaluation.count({ where: { flowId: flow.id } })).toBe(0);
    expect(await db.flowVersion.count({ where: { flowId: flow.id } })).toBe(1);

    const first = await startDraftEvaluation(actor, { ...draft, document: flowOf("mock:reply?text=question 2") });
    const second = await startDraftEvaluation(actor, { ...draft, document: flowOf("mock:echo") });
    expect([first.flowVersion, second.flowVersion]).toEqual([-1, -2]);
    // The same draft evaluated again is the same snapshot, not a new one.
    const again = await startDraftEvaluation(actor, { ...draft, document: flowOf("mock:echo") });
    expect(again.flowVersion).toBe(-2);
    expect(await db.flowVersion.count({ where: { flowId: flow.id } })).toBe(3);
    for (const id of [first.id, second.id, again.id]) await until(async () => (await readEvaluation(actor, id)).evaluation.status === "success", "the draft's evaluation ends");
    expect((await evaluationResult(actor, first.id)).aggregate.passed).toBe(1);
    expect((await evaluationResult(actor, second.id)).aggregate.passed).toBe(6);
    expect(await readEvaluationDocument(actor, first.id)).toEqual({ document: flowOf("mock:reply?text=question 2"), message: "Draft evaluated from the editor (edited from v1)" });
    // Draft snapshots are not versions: the history and the newest version are unchanged.
    expect((await listVersions(owner.teamId, flow.id)).map((version) => version.number)).toEqual([1]);
    expect((await db.flow.findUniqueOrThrow({ where: { id: flow.id } })).latestVersion).toBe(1);
    const { comparison } = await compareStored(actor, [second.id, first.id]);
    expect(comparison.counts).toEqual({ worse: 5, better: 0, same: 1 });
  });

  it("scores a row whose run asks a human as waiting, and ends; a deleted dataset leaves its evaluations readable", async () => {
    await setup();
    const flow = await createFlow(owner.teamId, owner.userId, { name: "Asks", document: getFlowTemplate("ask-before-publishing")!.document });
    const { id: datasetId } = await importDataset(owner, { name: "Asked", text: ROWS.split("\n").slice(0, 2).join("\n"), format: "jsonl" });
    const actor = actorOf(owner);
    const asked = await startEvaluation(actor, { flowId: flow.id, datasetId, scorers: ["contains"], concurrency: 2, trigger: "ui" });
    await until(async () => (await readEvaluation(actor, asked.id)).evaluation.status === "success", "the evaluation ends without answers", 60_000);
    const result = await evaluationResult(actor, asked.id);
    expect(result.items.map((item) => [item.result?.pass, item.result?.error?.name])).toEqual([
      [false, "waiting"],
      [false, "waiting"],
    ]);
    expect(result.items[0]!.result?.scores[0]?.reason).toContain("waiting for a human");
    const db = await getDb();
    expect(await db.run.count({ where: { flowId: flow.id, status: "waiting" } })).toBe(0); // the questions were withdrawn

    await expect(removeDataset(viewer, datasetId)).rejects.toMatchObject({ kind: "forbidden" });
    await expect(removeDataset({ ...owner, teamId: "someoneelsesteam" }, datasetId)).rejects.toMatchObject({ kind: "not_found" });
    await removeDataset({ ...owner, role: "editor" }, datasetId);
    expect((await listTeamDatasets(owner)).map((dataset) => dataset.id)).not.toContain(datasetId);
    await expect(readDataset(owner, datasetId)).rejects.toMatchObject({ kind: "not_found" });
    await expect(startEvaluation(actor, { flowId: flow.id, datasetId, scorers: ["contains"], concurrency: 2, trigger: "ui" })).rejects.toMatchObject({ kind: "not_found" });
    await expect(removeDataset(owner, datasetId)).rejects.toMatchObject({ kind: "not_found" });
    const kept = await evaluationResult(actor, asked.id);
    expect(kept.evaluation.datasetName).toBe("Asked");
    expect(kept.items).toHaveLength(2);
  });

  it("resumes an evaluation whose driver stopped with the rows not done, and cancels one", async () => {
    await setup();
    const flow = await createFlow(owner.teamId, owner.userId, { name: "Slow", document: flowOf("mock:echo?latency=150") });
    const { id: datasetId } = await importDataset(owner, { name: "Six more", text: ROWS, format: "jsonl" });
    const actor = actorOf(owner);
    const started = await startEvaluation(actor, { flowId: flow.id, datasetId, scorers: ["contains"], concurrency: 1, trigger: "ui" });
    await until(async () => (await readEvaluation(actor, started.id)).items.filter((item) => item.status === "done").length >= 2, "two rows done");
    stopDriving(started.id); // as if its process died: nothing starts the other rows
    await until(() => !isDriving(started.id), "the driver stopped");
    await expect(resumeEvaluation(actor, started.id)).rejects.toMatchObject({ kind: "conflict" }); // not silent long enough yet
    const db = await getDb();
    await db.evaluation.update({ where: { id: started.id }, data: { heartbeatAt: new Date(Date.now() - 60_000) } });
    expect((await readEvaluation(actor, started.id)).evaluation.status).toBe("interrupted");
    // Two resumes at once (two web processes, or a resume and the sweep): one drives it, the other is told.
    const resumes = await Promise.allSettled([resumeEvaluation(actor, started.id), resumeEvaluation(actor, started.id)]);
    expect(resumes.map((each) => each.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(resumes.find((each) => each.status === "rejected")).toMatchObject({ reason: { kind: "conflict" } });
    await until(async () => (await readEvaluation(actor, started.id)).evaluation.status === "success", "the resumed evaluation ends");
    const { items } = await readEvaluation(actor, started.id);
    expect(items.every((item) => item.result?.pass)).toBe(true);
    expect(await db.run.count({ where: { flowId: flow.id } })).toBe(6); // no row ran twice

    const cancelled = await startEvaluation(actor, { flowId: flow.id, datasetId, scorers: ["contains"], concurrency: 2, trigger: "ui" });
    await until(async () => (await readEvaluation(actor, cancelled.id)).items.some((item) => item.runId), "a row started");
    await cancelEvaluation(actor, cancelled.id);
    await drive(owner.teamId, cancelled.id, { userId: owner.userId, trigger: "ui" }); // waits for the stopping driver
    const after = await readEvaluation(actor, cancelled.id);
    expect(after.evaluation.status).toBe("cancelled");
    expect(after.items.filter((item) => item.runId).length).toBeLessThan(6);
    await expect(cancelEvaluation(actor, cancelled.id)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("shares a dataset version's decoded rows within the team; takes a row and creates its run in one commit: once only, and nothing of either when the run cannot be created", async () => {
    await setup();
    const flow = await createFlow(owner.teamId, owner.userId, { name: "Rows", document: flowOf("mock:echo") });
    const { id: datasetId } = await importDataset(owner, { name: "Six rows", text: ROWS, format: "jsonl" });
    const dataset = await getDatasetVersion(owner.teamId, datasetId);
    const evaluation = await createEvaluation(owner.teamId, { userId: owner.userId }, { flowId: flow.id, datasetVersionId: dataset.id, scorers: ["contains"], concurrency: 1 });
    const run = await prepareRun(owner.teamId, owner.userId, { flowId: flow.id, input: "question 0" });
    const db = await getDb();

    // The version's rows are decoded once and shared; another team still cannot read them by id.
    const read = await getDatasetVersionById(owner.teamId, dataset.id);
    expect(read.rows).toEqual(dataset.rows);
    expect((await getDatasetVersionById(owner.teamId, dataset.id)).rows).toBe(read.rows);
    expect(Object.isFrozen(read.rows)).toBe(true);
    await expect(getDatasetVersionById("another-team", dataset.id)).rejects.toMatchObject({ name: "NotFoundError" });

    await expect(prepareRun(owner.teamId, owner.userId, { flowId: "no-such-flow", input: "question 0" })).rejects.toMatchObject({ name: "NotFoundError" });
    // The run's insert fails inside the row's transaction (no such flow version): the row is not taken either.
    const unstorable = { ...run, data: { ...run.data, flowVersionId: "no-such-version" } };
    await expect(createItemRun(evaluation.id, 0, unstorable)).rejects.toThrow();
    expect(await db.evaluationItem.findFirst({ where: { evaluationId: evaluation.id, index: 0 } })).toMatchObject({ status: "pending", runId: null });
    expect(await db.run.count({ where: { flowId: flow.id } })).toBe(0);

    const [first, second] = await Promise.all([createItemRun(evaluation.id, 0, run), createItemRun(evaluation.id, 0, run)]);
    const created = [first, second].filter((run) => run !== null);
    expect(created).toHaveLength(1);
    expect(await db.run.count({ where: { flowId: flow.id } })).toBe(1);
    expect(await db.evaluationItem.findFirst({ where: { evaluationId: evaluation.id, index: 0 } })).toMatchObject({ status: "running", runId: created[0]!.id });
  });
});
