// A provider error that echoes the request's credentials is stored and served without
// them: in the run's error, its nodes and its events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFlow, getLocalWorkspace } from "@/lib/data";
import { createCredential } from "@/lib/data/credentials";
import { getRun, listRunEvents, listRunNodes } from "@/lib/data/runs";
import { startRun } from "@/lib/runs";
import { openaiError, startFakeOpenAI, type FakeOpenAI } from "../providers/fakes";
import { testDatabases, useTestDatabase } from "../data/databases";

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");

const KEY = "team-key-0123456789abcdef";
const DOCUMENT = 'agents:\n  a: { model: "openai:gpt-4o-mini", instructions: "Say hi." }\nswarm: { type: workflow, flow: a }\n';

async function finished(teamId: string, runId: string) {
  for (let i = 0; i < 200; i++) {
    const run = await getRun(teamId, runId);
    if (!["queued", "running"].includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the run did not finish");
}

describe.each(testDatabases())("secrets in provider errors on $name", (database) => {
  useTestDatabase(database);
  let fake: FakeOpenAI;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake.close();
  });

  it("never stores or serves the key a provider echoed back", async () => {
    const { teamId, userId } = await getLocalWorkspace();
    await createCredential(teamId, userId, { provider: "openai", name: "main", apiKey: KEY, baseUrl: fake.baseURL });
    fake.enqueue(openaiError(401, { message: `Incorrect API key provided. Request headers: {"Authorization": "Bearer ${KEY}"}`, type: "invalid_request_error" }));
    const flow = await createFlow(teamId, userId, { name: "f", document: DOCUMENT });
    const run = await finished(teamId, (await startRun({ teamId, userId, flowId: flow.id, input: "hi", trigger: "api" })).id);

    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`); // the run did use the key
    expect(run.status).toBe("failed");
    expect(run.error).toContain("[redacted]");
    const stored = JSON.stringify([run, await listRunNodes(teamId, run.id), await listRunEvents(teamId, run.id, 0)]);
    expect(stored).not.toContain(KEY);
    expect(stored).toContain("Incorrect API key provided");
  });
});
