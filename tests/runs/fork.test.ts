// Forking a finished run at its third model call with edited messages: the first two
// calls are reused (no call, no tokens), the third and the rest run anew with the edit;
// the fork runs its parent's flow version even when the flow changed since.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFlow, getLocalWorkspace, saveFlowVersion } from "@/lib/data";
import { getRun, getRunNode, listRunNodes } from "@/lib/data/runs";
import { getFlowTemplate } from "@/lib/demo/flows";
import { getDb } from "@/lib/db/client";
import { startRunAs, type RunActor } from "@/lib/runs/commands";
import { forkRunAs, NotForkableError } from "@/lib/runs/forks";
import { testDatabases, useTestDatabase } from "../data/databases";
import { readCallLog } from "./durable/workers";
import { until } from "./waiting";

function untilEnded(teamId: string, runId: string) {
  return until(async () => {
    const run = await getRun(teamId, runId);
    return run.status !== "queued" && run.status !== "running" ? run : undefined;
  }, `run ${runId} ended`);
}

describe.each(testDatabases())("forking a run on $name", (database) => {
  useTestDatabase(database);

  it("reuses the steps before the fork point and runs the edited step and the rest", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "swarm-fork-"));
    process.env.SWARM_MOCK_CALL_LOG = path.join(dir, "calls.jsonl");
    try {
      const workspace = await getLocalWorkspace();
      const { teamId } = workspace;
      const actor: RunActor = { teamId, userId: workspace.userId, role: "owner", mayRun: true };
      const template = getFlowTemplate("research-write-review")!;
      const flow = await createFlow(teamId, workspace.userId, { name: "fork", document: template.document.replaceAll("latency=700", "latency=50") });
      const parent = await untilEnded(teamId, (await startRunAs(actor, { flowId: flow.id, input: "tides", trigger: "api" })).id);
      expect(parent.status).toBe("success");
      const steps = (await listRunNodes(teamId, parent.id)).filter((node) => node.kind === "step");
      expect(steps.map((step) => step.name)).toEqual(["researcher", "writer", "reviewer"]);
      const third = steps[2]!;

      // The flow changes after the run: the fork still runs the run's own version.
      await saveFlowVersion(teamId, workspace.userId, flow.id, { document: template.document.replaceAll("latency=700", "latency=50").replace("reviewer:", "critic:").replace(">> reviewer", ">> critic"), baseVersion: 1 });

      await expect(forkRunAs(actor, parent.id, { nodeId: `${parent.id}.0.0` })).rejects.toBeInstanceOf(NotForkableError);
      const callsBefore = readCallLog(process.env.SWARM_MOCK_CALL_LOG).length;
      const edited = [
        { role: "system" as const, content: "Review the article and return an improved version." },
        { role: "user" as const, content: "EDITED DRAFT" },
      ];
      const fork = await forkRunAs(actor, parent.id, { nodeId: third.id, edits: { messages: edited } });
      expect(fork).toMatchObject({ forkOfId: parent.id, forkAt: third.id, flowVersion: 1 });
      const ended = await untilEnded(teamId, fork.id);
      expect(ended.status).toBe("success");
      expect(ended.output).toBe("EDITED DRAFT"); // the reviewer (mock:echo) saw the edit

      // One model call was made: the edited step. The first two were reused.
      const calls = readCallLog(process.env.SWARM_MOCK_CALL_LOG).slice(callsBefore).filter((line) => line.event === "start");
      expect(calls).toHaveLength(1);
      const forkSteps = (await listRunNodes(teamId, fork.id)).filter((node) => node.kind === "step");
      expect(forkSteps.map((step) => [step.name, step.marks?.reused ?? false, step.marks?.edited ?? false])).toEqual([
        ["researcher", true, false],
        ["writer", true, false],
        ["reviewer", false, true],
      ]);
      // Tokens and cost count only what ran.
      const reviewer = await getRunNode(teamId, fork.id, forkSteps[2]!.id);
      expect(ended.totals.usage.totalTokens).toBe(reviewer.node.usage.totalTokens);
      expect(forkSteps[0]!.usage.totalTokens).toBe(0);
      expect(ended.totals.usage.totalTokens).toBeLessThan(parent.totals.usage.totalTokens);
      const db = await getDb();
      expect(await db.runCheckpoint.count({ where: { runId: fork.id } })).toBe(3);
    } finally {
      delete process.env.SWARM_MOCK_CALL_LOG;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
