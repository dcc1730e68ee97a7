// GET /api/runs/:id/otlp: the run's trace as a file for its own team; 404 for another
// team's token (ids leak nothing), 401 for an unknown token.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createFlow, getLocalWorkspace } from "@/lib/data";
import { createApiToken } from "@/lib/data/apiTokens";
import { getRun, listRunNodes } from "@/lib/data/runs";
import { createTeam } from "@/lib/data/teams";
import { spanIdOf } from "@/lib/otel";
import { startRun } from "@/lib/runs";
import { testDatabases, useTestDatabase } from "../data/databases";
import { decodeJson } from "./collector";
import { DOCUMENT } from "./fixtures";

vi.mock("next/headers", () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));
process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");

const route = await import("@/app/api/runs/[id]/otlp/route");

describe.each(testDatabases())("the OTLP JSON download on $name", (database) => {
  useTestDatabase(database);
  let teamId: string;
  let runId: string;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    const local = await getLocalWorkspace();
    teamId = local.teamId;
    token = (await createApiToken(teamId, local.userId, "ci")).token;
    const other = await createTeam(local.userId, "Other");
    otherToken = (await createApiToken(other.id, local.userId, "ci")).token;
    const flow = await createFlow(teamId, local.userId, { name: "otel-flow", document: DOCUMENT });
    runId = (await startRun({ teamId, userId: local.userId, flowId: flow.id, input: "6*7", trigger: "api" })).id;
    for (let i = 0; i < 300 && ["queued", "running"].includes((await getRun(teamId, runId)).status); i++) await new Promise((r) => setTimeout(r, 25));
  });

  const get = (authorization: string) =>
    route.GET(new Request(`http://localhost/api/runs/${runId}/otlp`, { headers: { authorization } }), { params: Promise.resolve({ id: runId }) });

  it("gives the team's run as an attachment, one span per node", async () => {
    const response = await get(`Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="run-${runId}.otlp.json"`);
    const spans = decodeJson(await response.json());
    const nodes = await listRunNodes(teamId, runId);
    expect(spans.map((s) => s.spanId).sort()).toEqual(nodes.map((n) => spanIdOf(n.id)).sort());
  });

  it("answers 404 to another team's token, 401 to an unknown one", async () => {
    expect((await get(`Bearer ${otherToken}`)).status).toBe(404);
    expect((await get("Bearer sst_unknown")).status).toBe(401);
  });
});
