// A run that asks a person: it pauses `waiting` (holding no executor), shows its question,
// takes one answer from an editor, continues from where it paused (the steps before are
// not called again) and ends with the answer in its tree; unanswered, it expires.
import { describe, expect, it } from "vitest";
import { createFlow, getLocalWorkspace } from "@/lib/data";
import { spawn } from "node:child_process";
import path from "node:path";
import { createRun, getRunNode, listOpenQuestions } from "@/lib/data/runs";
import { getFlowTemplate } from "@/lib/demo/flows";
import { getDb } from "@/lib/db/client";
import { answerRunAs, expireUnansweredRuns, NotWaitingError } from "@/lib/runs/answers";
import { cancelRunAs, startRunAs, type RunActor } from "@/lib/runs/commands";
import { testDatabases, useTestDatabase } from "../data/databases";
import { statusOf, until } from "./waiting";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe.each(testDatabases())("ask_human on $name", (database) => {
  useTestDatabase(database);

  async function setup() {
    const workspace = await getLocalWorkspace();
    const actor: RunActor = { teamId: workspace.teamId, userId: workspace.userId, role: "owner", mayRun: true };
    const flow = await createFlow(workspace.teamId, workspace.userId, { name: "ask", document: getFlowTemplate("ask-before-publishing")!.document });
    return { actor, flow, teamId: workspace.teamId };
  }

  it("waits for an answer, takes exactly one, and continues from where it paused", async () => {
    const { actor, flow, teamId } = await setup();
    const run = await startRunAs(actor, { flowId: flow.id, input: "Version 2 is out", trigger: "api" });
    await until(async () => (await statusOf(run.id)) === "waiting", "the run waits");

    const [question, ...more] = await listOpenQuestions(teamId, run.id);
    expect(more).toEqual([]);
    expect(question).toMatchObject({ question: "Publish this draft?", choices: ["yes", "no"] });
    const viewer: RunActor = { ...actor, role: "viewer", mayRun: false };
    await expect(answerRunAs(viewer, run.id, { nodeId: question!.nodeId, answer: "yes" })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(answerRunAs(actor, run.id, { nodeId: question!.nodeId, answer: "maybe" })).rejects.toBeInstanceOf(NotWaitingError);
    await expect(answerRunAs(actor, run.id, { nodeId: `${run.id}.9`, answer: "yes" })).rejects.toMatchObject({ kind: "not_found" });

    // Two people answer at once: one continues the run, the other is told it was answered.
    const answers = await Promise.allSettled([
      answerRunAs(actor, run.id, { nodeId: question!.nodeId, answer: "yes" }),
      answerRunAs(actor, run.id, { nodeId: question!.nodeId, answer: "no" }),
    ]);
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    await until(async () => (await statusOf(run.id)) === "success", "the run ends");

    const { node } = await getRunNode(teamId, run.id, question!.nodeId);
    expect(node).toMatchObject({ kind: "tool_call", name: "ask_human", status: "success" });
    expect(["yes", "no"]).toContain(node.output);
    expect(node.metadata.answer).toMatchObject({ by: actor.userId });
    const db = await getDb();
    // One node per step: the steps before the question were replayed, not duplicated.
    const steps = await db.runNode.findMany({ where: { runId: run.id, kind: "step" }, select: { status: true } });
    expect(steps).toHaveLength(4);
    expect(steps.every((step) => step.status === "success")).toBe(true);
    await expect(answerRunAs(actor, run.id, { nodeId: question!.nodeId, answer: "yes" })).rejects.toBeInstanceOf(NotWaitingError);
  }, 60_000);

  it("the process that asked is gone (a restart): the answer continues the run in another process", async () => {
    const { actor, flow, teamId } = await setup();
    const { run } = await createRun(teamId, actor.userId, { flowId: flow.id, input: "asked elsewhere", trigger: "api" });
    // Executed by a child process, which ends when the run starts waiting.
    const child = spawn(process.execPath, ["--import", "tsx", "tests/runs/fixtures/execute-run.ts", run.id], { cwd: ROOT, env: process.env, stdio: "ignore" });
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
    expect(await statusOf(run.id)).toBe("waiting");

    const [question] = await listOpenQuestions(teamId, run.id);
    await answerRunAs(actor, run.id, { nodeId: question!.nodeId, answer: "no" });
    await until(async () => (await statusOf(run.id)) === "success", "the run ends here");
    const { node } = await getRunNode(teamId, run.id, question!.nodeId);
    expect(node.output).toBe("no");
  }, 60_000);

  it("a waiting run can be cancelled, and one nobody answers expires", async () => {
    const { actor, flow } = await setup();
    const cancelled = await startRunAs(actor, { flowId: flow.id, input: "a", trigger: "api" });
    const forgotten = await startRunAs(actor, { flowId: flow.id, input: "b", trigger: "api" });
    await until(async () => (await statusOf(cancelled.id)) === "waiting" && (await statusOf(forgotten.id)) === "waiting", "both wait");
    await cancelRunAs(actor, cancelled.id);
    expect(await statusOf(cancelled.id)).toBe("cancelled");

    process.env.SWARM_WAIT_EXPIRY_MS = "60000";
    try {
      expect(await expireUnansweredRuns()).toEqual([]);
      expect(await expireUnansweredRuns(Date.now() + 61_000)).toEqual([forgotten.id]);
    } finally {
      delete process.env.SWARM_WAIT_EXPIRY_MS;
    }
    const db = await getDb();
    const row = await db.run.findUniqueOrThrow({ where: { id: forgotten.id }, select: { status: true, error: true } });
    expect(row).toEqual({ status: "failed", error: "No one answered within 1 minute, so the run ended. Re-run it to ask again." });
  }, 60_000);
});

const GATED = `agents:
  counter:
    model: 'mock:tool?name=calculator&args={"expression":"6*7"}'
    instructions: Count.
    tools: [calculator]
    approve: [calculator]
swarm: { type: workflow, flow: counter }
`;

describe.each(testDatabases())("approval gates on $name", (database) => {
  useTestDatabase(database);

  it.each([
    ["yes", "calculator returned: 42"],
    ["no", 'calculator returned: Error: a person declined this call of "calculator"; do not try it again'],
  ])("a gated tool call waits for a yes or no; %s → %s", async (answer, output) => {
    const workspace = await getLocalWorkspace();
    const actor: RunActor = { teamId: workspace.teamId, userId: workspace.userId, role: "owner", mayRun: true };
    const flow = await createFlow(workspace.teamId, workspace.userId, { name: `gated ${answer}`, document: GATED });
    const run = await startRunAs(actor, { flowId: flow.id, input: "count", trigger: "api" });
    await until(async () => (await statusOf(run.id)) === "waiting", "the run waits for approval");
    const [question] = await listOpenQuestions(workspace.teamId, run.id);
    expect(question).toMatchObject({ question: 'Allow counter to call calculator with {"expression":"6*7"}?', choices: ["yes", "no"] });
    await answerRunAs(actor, run.id, { nodeId: question!.nodeId, answer });
    await until(async () => (await statusOf(run.id)) !== "waiting" && (await statusOf(run.id)) !== "queued" && (await statusOf(run.id)) !== "running", "the run ends");
    const db = await getDb();
    expect(await db.run.findUniqueOrThrow({ where: { id: run.id }, select: { status: true, output: true } })).toEqual({ status: "success", output });
    const { node } = await getRunNode(workspace.teamId, run.id, question!.nodeId);
    expect(node).toMatchObject({ kind: "approval", name: "calculator", status: "success", output: answer });
  }, 60_000);
});
