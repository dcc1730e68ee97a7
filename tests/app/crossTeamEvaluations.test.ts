// Datasets and evaluations: every new Server Action and route, called by Bob (another team),
// by a viewer of Ada's team, unauthenticated and with malformed input, is refused and
// changes nothing; Ada's own calls work.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { claimLocalWorkspace } from "@/lib/auth";
import { createFlow, getLocalWorkspace } from "@/lib/data";
import { createApiToken } from "@/lib/data/apiTokens";
import { getDatasetVersion } from "@/lib/data/datasets";
import { getDb } from "@/lib/db/client";
import { importDataset } from "@/lib/evaluations/datasets";
import { readEvaluation, startEvaluation } from "@/lib/evaluations/service";
import { actorOf } from "@/lib/runs/commands";
import { testDatabases, useTestDatabase } from "../data/databases";
import { until } from "../runs/waiting";
import { signIn, signUp } from "../auth/session";

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 9).toString("base64");

let caller = new Headers();
vi.mock("next/headers", () => ({ headers: async () => caller, cookies: async () => ({ get: () => undefined, set: () => {} }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const DOCUMENT = 'agents:\n  a: { model: "mock:echo", instructions: "Say hi." }\nswarm: { type: workflow, flow: a }\n';
const ROWS = '{"input": "hi", "expected": "hi"}\n{"input": "yo", "expected": "yo"}\n';
const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe.each(testDatabases())("evaluations across teams and roles on $name", (database) => {
  useTestDatabase(database);
  let ada: Headers;
  let bob: Headers;
  let vera: Headers;
  let adaTeam: string;
  let flowId: string;
  let datasetId: string;
  let evaluationId: string;
  let adaToken: string;
  let bobToken: string;

  beforeAll(async () => {
    const local = await getLocalWorkspace();
    adaTeam = local.teamId;
    await claimLocalWorkspace({ name: "Ada", email: "ada@example.test", password: "ada password" }, new Headers());
    ada = await signIn("ada@example.test", "ada password");
    bob = (await signUp("Bob")).headers;
    const veraUser = await signUp("Vera");
    vera = veraUser.headers;
    const db = await getDb();
    await db.member.create({ data: { id: crypto.randomUUID(), organizationId: adaTeam, userId: veraUser.userId, role: "viewer", createdAt: new Date() } });
    await db.session.updateMany({ where: { userId: veraUser.userId }, data: { activeOrganizationId: adaTeam } });
    const owner = { ...local, role: "owner" as const, mode: "accounts" as const };
    flowId = (await createFlow(adaTeam, local.userId, { name: "Ada's flow", document: DOCUMENT })).id;
    datasetId = (await importDataset(owner, { name: "Ada's rows", text: ROWS, format: "jsonl" })).id;
    evaluationId = (await startEvaluation(actorOf(owner), { flowId, datasetId, scorers: ["contains"], concurrency: 2, trigger: "ui" })).id;
    await until(async () => (await readEvaluation(actorOf(owner), evaluationId)).evaluation.status === "success", "Ada's evaluation ends");
    adaToken = (await createApiToken(adaTeam, local.userId, "ada-ci")).token;
    const bobTeam = (await db.member.findFirstOrThrow({ where: { user: { email: { startsWith: "bob-" } } } })).organizationId;
    bobToken = (await createApiToken(bobTeam, (await db.member.findFirstOrThrow({ where: { organizationId: bobTeam } })).userId, "bob-ci")).token;
  });

  afterEach(() => {
    caller = new Headers();
  });

  async function as<T>(who: Headers, call: () => Promise<T>): Promise<T> {
    caller = who;
    return call();
  }

  async function allActions(datasets: typeof import("@/app/datasets/actions"), evaluations: typeof import("@/app/evaluations/actions")) {
    return Promise.all([
      datasets.changeDatasetAction({ datasetId, baseVersion: 1, change: { kind: "remove", index: 0 } }),
      datasets.changeDatasetAction({ datasetId, baseVersion: 1, change: { kind: "append", text: ROWS, format: "jsonl" } }),
      datasets.changeDatasetAction({ datasetId, baseVersion: 1, change: { kind: "rename", name: "taken" } }),
      evaluations.startEvaluationAction({ flowId, datasetId, scorers: ["contains"], concurrency: 1 }),
      evaluations.evaluateVersusAction({ flowId, candidate: 1, baseline: 1, datasetId, scorers: ["contains"] }),
      evaluations.cancelEvaluationAction({ evaluationId }),
      evaluations.resumeEvaluationAction({ evaluationId }),
      evaluations.startDraftEvaluationAction({ flowId, document: DOCUMENT, baseVersion: 1, datasetId, scorers: ["contains"], concurrency: 1 }),
      datasets.deleteDatasetAction({ datasetId }),
    ]);
  }

  it("refuses every dataset and evaluation action to another team and to a viewer, and malformed input", async () => {
    const datasets = await import("@/app/datasets/actions");
    const evaluations = await import("@/app/evaluations/actions");
    const db = await getDb();
    const before = await db.evaluation.count();
    for (const who of [bob, vera]) {
      for (const result of await as(who, () => allActions(datasets, evaluations))) expect(result).toMatchObject({ ok: false });
    }
    // A viewer is told it is their role; Bob only that the things are not found.
    expect(await as(vera, () => datasets.changeDatasetAction({ datasetId, baseVersion: 1, change: { kind: "remove", index: 0 } }))).toMatchObject({ ok: false, denied: true });
    expect(await as(vera, () => datasets.importDatasetAction({ name: "Vera's", text: ROWS, format: "jsonl" }))).toMatchObject({ ok: false, denied: true });
    expect(await as(bob, () => evaluations.startEvaluationAction({ flowId, datasetId, scorers: ["contains"], concurrency: 1 }))).toMatchObject({ ok: false, error: expect.stringMatching(/not found/) });
    // Malformed input never reaches a service.
    const malformed = await as(ada, () =>
      Promise.all([
        datasets.importDatasetAction({ name: "", text: ROWS, format: "jsonl" }),
        datasets.importDatasetAction({ name: "x", text: ROWS, format: "xml" as "csv" }),
        datasets.changeDatasetAction({ datasetId, baseVersion: 0, change: { kind: "remove", index: 0 } }),
        datasets.changeDatasetAction({ datasetId, baseVersion: 1, change: { kind: "explode" } as never }),
        evaluations.startEvaluationAction({ flowId, datasetId, scorers: [], concurrency: 1 }),
        evaluations.startEvaluationAction({ flowId, datasetId, scorers: ["contains"], concurrency: 500 }),
        evaluations.startEvaluationAction({ flowId, datasetId, scorers: ["nonsense"], concurrency: 1 }),
        evaluations.cancelEvaluationAction({ evaluationId: "" }),
        // A draft larger than a save may be, and one with errors.
        evaluations.startDraftEvaluationAction({ flowId, document: `# ${"x".repeat(1024 * 1024)}\n${DOCUMENT}`, baseVersion: 1, datasetId, scorers: ["contains"], concurrency: 1 }),
        evaluations.startDraftEvaluationAction({ flowId, document: "agents: {}\n", baseVersion: 1, datasetId, scorers: ["contains"], concurrency: 1 }),
        evaluations.startDraftEvaluationAction({ flowId, document: DOCUMENT, baseVersion: 0, datasetId, scorers: ["contains"], concurrency: 1 }),
        datasets.deleteDatasetAction({ datasetId: "" }),
      ]),
    );
    for (const result of malformed) expect(result).toMatchObject({ ok: false });
    // A bad row is named with its line; nothing of Ada's changed.
    expect(await as(ada, () => datasets.importDatasetAction({ name: "Bad", text: '{"input": "ok"}\n{"nope": 1}', format: "jsonl" }))).toMatchObject({
      ok: false,
      problems: ["line 2: input is missing", 'line 2: unknown field "nope" (fields: input, expected, tags)'],
    });
    expect(await db.evaluation.count()).toBe(before);
    expect(await db.flowVersion.count({ where: { flowId, number: { lt: 0 } } })).toBe(0); // no draft kept
    expect(await db.dataset.count({ where: { deletedAt: { not: null } } })).toBe(0);
    const rows = await getDatasetVersion(adaTeam, datasetId);
    expect({ number: rows.number, rows: rows.rowCount, name: rows.datasetName }).toEqual({ number: 1, rows: 2, name: "Ada's rows" });
    // Ada may.
    expect(await as(ada, () => datasets.changeDatasetAction({ datasetId, baseVersion: 1, change: { kind: "rename", name: "Ada's rows" } }))).toMatchObject({ ok: true, data: { version: 2 } });
    const draft = await as(ada, () => evaluations.startDraftEvaluationAction({ flowId, document: DOCUMENT, baseVersion: 1, datasetId, scorers: ["contains"], concurrency: 1 }));
    expect(draft).toMatchObject({ ok: true });
    const owner = { ...(await getLocalWorkspace()), role: "owner" as const, mode: "accounts" as const };
    await until(async () => draft.ok && (await readEvaluation(actorOf(owner), draft.data.id)).evaluation.status === "success", "Ada's draft evaluation ends");
  });

  it("refuses every route to another team's token and session, to no caller, and malformed requests", async () => {
    const start = await import("@/app/api/evaluations/route");
    const read = await import("@/app/api/evaluations/[id]/route");
    const compare = await import("@/app/api/evaluations/compare/route");
    const exportRoute = await import("@/app/datasets/[id]/export/route");
    const post = (headers: Record<string, string>, body: unknown) =>
      start.POST(new Request("http://test/api/evaluations", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }));
    const bobBearer = { authorization: `Bearer ${bobToken}` };
    const body = { flowId, datasetId, scorers: ["contains"] };

    expect((await post(bobBearer, body)).status).toBe(404);
    expect((await post({}, body)).status).toBe(401);
    expect((await post({ authorization: "Bearer sst_nope" }, body)).status).toBe(401);
    expect((await post({ authorization: `Bearer ${adaToken}` }, { ...body, scorers: [] })).status).toBe(400);
    expect((await post({ authorization: `Bearer ${adaToken}` }, { ...body, extra: 1 })).status).toBe(400);
    expect((await post({ authorization: `Bearer ${adaToken}` }, { ...body, scorers: ["code:/etc/passwd"] })).status).toBe(422);
    for (const headers of [new Headers(bobBearer), bob]) {
      expect((await read.GET(new Request(`http://test/api/evaluations/${evaluationId}`, { headers }), params(evaluationId))).status).toBe(404);
      expect((await compare.GET(new Request(`http://test/api/evaluations/compare?ids=${evaluationId},${evaluationId}`, { headers }))).status).toBe(404);
    }
    expect((await read.GET(new Request(`http://test/api/evaluations/${evaluationId}`), params(evaluationId))).status).toBe(401);
    const cancel = await import("@/app/api/evaluations/[id]/cancel/route");
    const resume = await import("@/app/api/evaluations/[id]/resume/route");
    for (const route of [cancel, resume]) {
      const call = (headers: Record<string, string>, id = evaluationId) => route.POST(new Request(`http://test/api/evaluations/${id}/x`, { method: "POST", headers }), params(id));
      expect((await call(bobBearer)).status).toBe(404);
      expect((await call({})).status).toBe(401);
      expect((await call({ authorization: `Bearer ${adaToken}` }, " ")).status).toBe(400);
      expect((await call({ authorization: `Bearer ${adaToken}` })).status).toBe(409); // it has ended
    }
    expect((await compare.GET(new Request(`http://test/api/evaluations/compare?ids=${evaluationId}`, { headers: { authorization: `Bearer ${adaToken}` } }))).status).toBe(400);
    caller = bob;
    expect((await exportRoute.GET(new Request(`http://test/datasets/${datasetId}/export`, { headers: bob }), params(datasetId))).status).toBe(404);
    expect((await exportRoute.GET(new Request(`http://test/datasets/${datasetId}/export`), params(datasetId))).status).toBe(401);
    expect((await exportRoute.GET(new Request(`http://test/datasets/${datasetId}/export?format=xml`, { headers: ada }), params(datasetId))).status).toBe(400);

    // A viewer reads; Ada's token starts, reads and compares with a verdict.
    expect((await read.GET(new Request(`http://test/api/evaluations/${evaluationId}`, { headers: vera }), params(evaluationId))).status).toBe(200);
    const exported = await exportRoute.GET(new Request(`http://test/datasets/${datasetId}/export?format=csv`, { headers: vera }), params(datasetId));
    expect(await exported.text()).toBe("input,expected,tags\r\nhi,hi,\r\nyo,yo,\r\n");
    const created = await post({ authorization: `Bearer ${adaToken}` }, { ...body, minPass: 0.9, baselineVersion: 1 });
    expect(created.status).toBe(201);
    const { id, baselineId } = (await created.json()) as { id: string; baselineId: string };
    const bearer = new Headers({ authorization: `Bearer ${adaToken}` });
    const final = await until(async () => {
      const response = await read.GET(new Request(`http://test/api/evaluations/${id}`, { headers: bearer }), params(id));
      const data = (await response.json()) as { verdict: { pass: boolean | null } };
      return data.verdict.pass !== null && data;
    }, "the verdict");
    expect(final).toMatchObject({ status: "success", verdict: { pass: true }, baseline: { id: baselineId }, comparison: { counts: { worse: 0, better: 0, same: 2 } } });
    const compared = await compare.GET(new Request(`http://test/api/evaluations/compare?ids=${baselineId},${id}`, { headers: bearer }));
    expect(await compared.json()).toMatchObject({ counts: { same: 2 }, rows: [{ index: 0, results: [{ pass: true }, { pass: true }] }, { index: 1 }] });
  });
});
