// Two users in two teams: every Server Action and route, called by Bob on Ada's things,
// is refused; and no response, export or run record contains Ada's stored provider key.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { claimLocalWorkspace } from "@/lib/auth";
import { createFlow, getFlow, getLocalWorkspace, listFlows } from "@/lib/data";
import { createApiToken, listApiTokens } from "@/lib/data/apiTokens";
import { createCredential, listCredentials, providerConfigForTeam } from "@/lib/data/credentials";
import { createShareLink, listShareLinks } from "@/lib/data/shareLinks";
import { getDb } from "@/lib/db/client";
import { demoFlows } from "@/lib/demo/flows";
import { testDatabases, useTestDatabase } from "../data/databases";
import { signIn, signUp } from "../auth/session";

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 9).toString("base64");

// Server Actions read the request's headers; each call here acts as `caller`.
let caller = new Headers();
vi.mock("next/headers", () => ({ headers: async () => caller, cookies: async () => ({ get: () => undefined, set: () => {} }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const SECRET = "sk-ada-very-secret-key-1234";
const DOCUMENT = 'agents:\n  a: { model: "mock:echo", instructions: "Say hi." }\nswarm: { type: workflow, flow: a }\n';

describe.each(testDatabases())("cross-team access on $name", (database) => {
  useTestDatabase(database);
  let ada: Headers;
  let bob: Headers;
  let adaTeam: string;
  let flowId: string;
  let runId: string;
  let bobToken: string;

  beforeAll(async () => {
    const local = await getLocalWorkspace();
    adaTeam = local.teamId;
    await claimLocalWorkspace({ name: "Ada", email: "ada@example.test", password: "ada password" }, new Headers());
    ada = await signIn("ada@example.test", "ada password");
    bob = (await signUp("Bob")).headers;
    flowId = (await createFlow(adaTeam, local.userId, { name: "Ada's flow", document: DOCUMENT })).id;
    await createCredential(adaTeam, local.userId, { provider: "openai", name: "main", apiKey: SECRET });
    await createShareLink(adaTeam, local.userId, flowId, { includeRuns: true });
    await createApiToken(adaTeam, local.userId, "ada-ci");
    const db = await getDb();
    const version = await db.flowVersion.findFirstOrThrow({ where: { flowId } });
    runId = (await db.run.create({ data: { teamId: adaTeam, flowId, flowVersionId: version.id, input: "hi", status: "success", output: "hi" } })).id;
    const bobTeam = (await db.member.findFirstOrThrow({ where: { user: { email: { startsWith: "bob-" } } } })).organizationId;
    bobToken = (await createApiToken(bobTeam, (await db.member.findFirstOrThrow({ where: { organizationId: bobTeam } })).userId, "bob-ci")).token;
  });

  afterEach(() => {
    caller = new Headers();
  });

  async function asBob<T>(call: () => Promise<T>): Promise<T> {
    caller = bob;
    return call();
  }

  it("refuses every flow, version, settings and run action on another team's things", async () => {
    const flows = await import("@/app/flows/actions");
    const versions = await import("@/app/flows/[id]/versions/actions");
    const shares = await import("@/app/settings/share-links/actions");
    const credentials = await import("@/app/settings/credentials/actions");
    const tokens = await import("@/app/settings/tokens/actions");
    const runs = await import("@/app/runs/actions");
    const [link] = await listShareLinks(adaTeam);
    const [credential] = await listCredentials(adaTeam);
    const [token] = await listApiTokens(adaTeam);
    const results = await asBob(() =>
      Promise.all([
        flows.renameFlowAction({ flowId, name: "taken" }),
        flows.deleteFlowAction({ flowId }),
        flows.saveFlowAction({ flowId, document: DOCUMENT, baseVersion: 1 }),
        versions.restoreVersionAction({ flowId, number: 1 }),
        versions.forkVersionAction({ flowId, number: 1, targetTeamId: adaTeam }),
        shares.createShareLinkAction({ flowId, includeRuns: true }),
        shares.revokeShareLinkAction({ linkId: link!.id }),
        credentials.deleteCredentialAction({ credentialId: credential!.id }),
        tokens.revokeApiTokenAction({ tokenId: token!.id }),
        runs.startRunAction({ flowId, input: "hi" }),
        runs.cancelRunAction({ runId }),
        runs.rerunAction({ runId }),
        runs.resumeRunAction({ runId }),
        runs.answerRunAction({ runId, nodeId: `${runId}.0.0.0.0`, answer: "yes" }),
        runs.forkRunAction({ runId, nodeId: `${runId}.0.0.0` }),
      ]),
    );
    for (const result of results) expect(result).toMatchObject({ ok: false });
    // Nothing of Ada's changed.
    expect((await getFlow(adaTeam, flowId)).name).toBe("Ada's flow");
    expect((await getFlow(adaTeam, flowId)).latestVersion.number).toBe(1);
    expect((await listShareLinks(adaTeam))[0]!.revokedAt).toBeNull();
    expect(await listCredentials(adaTeam)).toHaveLength(1);
    expect((await listApiTokens(adaTeam))[0]!.revokedAt).toBeNull();
    expect((await listFlows(adaTeam)).map((flow) => flow.name).sort()).toEqual([...demoFlows.map((flow) => flow.name), "Ada's flow"].sort());
  });

  it("refuses every route on another team's things, by session and by API token", async () => {
    const exportRoute = await import("@/app/flows/[id]/export/route");
    const runRoute = await import("@/app/api/runs/[id]/route");
    const nodesRoute = await import("@/app/api/runs/[id]/nodes/route");
    const timelineRoute = await import("@/app/api/runs/[id]/timeline/route");
    const startRoute = await import("@/app/api/flows/[id]/runs/route");
    const resumeRoute = await import("@/app/api/runs/[id]/resume/route");
    const bearer = { authorization: `Bearer ${bobToken}` };
    const params = (id: string) => ({ params: Promise.resolve({ id }) });

    const exported = await asBob(() => exportRoute.GET(new Request(`http://test/flows/${flowId}/export`), params(flowId)));
    expect(exported.status).toBe(404);
    for (const headers of [bob, new Headers(bearer)]) {
      expect((await runRoute.GET(new Request(`http://test/api/runs/${runId}`, { headers }), params(runId))).status).toBe(404);
      expect((await nodesRoute.GET(new Request(`http://test/api/runs/${runId}/nodes`, { headers }), params(runId))).status).toBe(404);
      // The streamed timeline refuses before its head line: nothing of the run is sent.
      const timeline = await timelineRoute.GET(new Request(`http://test/api/runs/${runId}/timeline`, { headers }), params(runId));
      expect(timeline.status).toBe(404);
      expect(await timeline.text()).not.toContain(runId);
    }
    const started = await startRoute.POST(
      new Request(`http://test/api/flows/${flowId}/runs`, { method: "POST", headers: { ...bearer, "content-type": "application/json" }, body: JSON.stringify({ input: "hi" }) }),
      params(flowId),
    );
    expect(started.status).toBe(404);
    const resumed = await resumeRoute.POST(new Request(`http://test/api/runs/${runId}/resume`, { method: "POST", headers: bearer }), params(runId));
    expect(resumed.status).toBe(404);
    const anonymous = await resumeRoute.POST(new Request(`http://test/api/runs/${runId}/resume`, { method: "POST" }), params(runId));
    expect(anonymous.status).toBe(401);
    const answerRoute = await import("@/app/api/runs/[id]/answer/route");
    const forkRoute = await import("@/app/api/runs/[id]/fork/route");
    const json = { ...bearer, "content-type": "application/json" };
    const answered = await answerRoute.POST(
      new Request(`http://test/api/runs/${runId}/answer`, { method: "POST", headers: json, body: JSON.stringify({ nodeId: `${runId}.0`, answer: "yes" }) }),
      params(runId),
    );
    expect(answered.status).toBe(404);
    expect((await answerRoute.GET(new Request(`http://test/api/runs/${runId}/answer`, { headers: bearer }), params(runId))).status).toBe(404);
    const forked = await forkRoute.POST(
      new Request(`http://test/api/runs/${runId}/fork`, { method: "POST", headers: json, body: JSON.stringify({ nodeId: `${runId}.0` }) }),
      params(runId),
    );
    expect(forked.status).toBe(404);
    const malformed = await forkRoute.POST(
      new Request(`http://test/api/runs/${runId}/fork`, { method: "POST", headers: json, body: JSON.stringify({ nodeId: 7, extra: true }) }),
      params(runId),
    );
    expect([400, 422]).toContain(malformed.status);
  });

  it("keeps the stored key out of responses, exports and run records, but gives it to runs", async () => {
    const exportRoute = await import("@/app/flows/[id]/export/route");
    const runRoute = await import("@/app/api/runs/[id]/route");
    caller = ada;
    const exported = await (await exportRoute.GET(new Request(`http://test/flows/${flowId}/export`), { params: Promise.resolve({ id: flowId }) })).text();
    const run = await (await runRoute.GET(new Request(`http://test/api/runs/${runId}`, { headers: ada }), { params: Promise.resolve({ id: runId }) })).text();
    const credentials = await import("@/app/settings/credentials/actions");
    const created = await credentials.createCredentialAction({ provider: "anthropic", name: "second", apiKey: `${SECRET}-2` });
    const db = await getDb();
    const stored = JSON.stringify([await db.providerCredential.findMany(), await db.run.findMany(), await db.runNode.findMany(), await db.flowVersion.findMany()]);
    for (const text of [exported, run, JSON.stringify(created), JSON.stringify(await listCredentials(adaTeam)), stored]) {
      expect(text).not.toContain(SECRET);
    }
    expect(await providerConfigForTeam(adaTeam)).toMatchObject({ openai: { apiKey: SECRET }, anthropic: { apiKey: `${SECRET}-2` } });
  });
});
