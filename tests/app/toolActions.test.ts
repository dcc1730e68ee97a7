// The code-tool Server Actions: "Test" runs a tool once in the sandbox for editors of the
// flow's team (a viewer is refused, another team's flow is not found, malformed or
// oversized input is named); Settings → Tools saves and deletes the team's tools.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createFlow } from "@/lib/data";
import { listTeamTools } from "@/lib/data/teamTools";
import { firstTeamOf } from "@/lib/data/teams";
import { getDb } from "@/lib/db/client";
import { closeSandbox } from "@/lib/tools/sandbox";
import { testDatabases, useTestDatabase } from "../data/databases";
import { signUp, type TestUser } from "../auth/session";

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 5).toString("base64");
process.env.SWARM_REQUIRE_ACCOUNTS = "1";

let caller = new Headers();
vi.mock("next/headers", () => ({ headers: async () => caller, cookies: async () => ({ get: () => undefined, set: () => {} }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { testCodeToolAction } = await import("@/app/tools/actions");
const { saveTeamToolAction, deleteTeamToolAction } = await import("@/app/settings/tools/actions");

const DOCUMENT = 'agents:\n  a: { model: "mock:echo", instructions: "Hi." }\nswarm: { type: workflow, flow: a }\n';
const PARAMETERS = { type: "object", properties: { n: { type: "number" } }, required: ["n"] };
const tool = (code: string) => ({ parameters: PARAMETERS, code });

afterAll(() => closeSandbox());

describe.each(testDatabases())("code-tool actions on $name", (database) => {
  useTestDatabase(database);
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let flowId: string;

  beforeAll(async () => {
    owner = await signUp("Owner");
    const teamId = (await firstTeamOf(owner.userId))!;
    viewer = await signUp("Viewer");
    stranger = await signUp("Stranger");
    const db = await getDb();
    await db.member.create({ data: { id: crypto.randomUUID(), organizationId: teamId, userId: viewer.userId, role: "viewer", createdAt: new Date() } });
    await db.session.updateMany({ where: { userId: viewer.userId }, data: { activeOrganizationId: teamId } });
    flowId = (await createFlow(teamId, owner.userId, { name: "Flow", document: DOCUMENT })).id;
  });

  it("runs the tool for an editor of the flow's team: result, logs, duration", async () => {
    caller = owner.headers;
    const result = await testCodeToolAction({ flowId, tool: tool("console.log('squaring', args.n);\nreturn args.n * args.n;"), args: { n: 7 } });
    expect(result).toMatchObject({ ok: true, data: { ok: true, result: 49, logs: [{ level: "log", text: "squaring 7" }], droppedLogs: 0 } });
    expect(result.ok && result.data.durationMs).toBeGreaterThan(0);
  });

  it("answers a tool's failure with its kind and line, and arguments that do not fit the parameters", async () => {
    caller = owner.headers;
    const thrown = await testCodeToolAction({ flowId, tool: tool("const x = 1;\nthrow new Error('no ' + args.n);"), args: { n: 1 } });
    expect(thrown).toMatchObject({ ok: true, data: { ok: false, error: { kind: "thrown", message: "Error: no 1", line: 2 } } });
    const slow = await testCodeToolAction({ flowId, tool: { ...tool("while (true) {}"), timeout_ms: 200 }, args: { n: 1 } });
    expect(slow).toMatchObject({ ok: true, data: { ok: false, error: { kind: "timeout" } } });
    const misfit = await testCodeToolAction({ flowId, tool: tool("return 1;"), args: { n: "seven" } });
    expect(misfit).toMatchObject({ ok: true, data: { ok: false, error: { kind: "arguments", message: expect.stringMatching(/^The sample arguments do not fit/) } } });
  });

  it("refuses a viewer, and another team's flow is not found", async () => {
    caller = viewer.headers;
    expect(await testCodeToolAction({ flowId, tool: tool("return 1;"), args: { n: 1 } })).toMatchObject({ ok: false, denied: true });
    expect(await testCodeToolAction({ tool: tool("return 1;"), args: { n: 1 } })).toMatchObject({ ok: false, denied: true });
    caller = stranger.headers;
    expect(await testCodeToolAction({ flowId, tool: tool("return 1;"), args: { n: 1 } })).toMatchObject({ ok: false, error: expect.stringMatching(/not found/) });
  });

  it("names malformed or oversized input", async () => {
    caller = owner.headers;
    const bad = [
      { flowId, tool: tool(""), args: {} },
      { flowId, tool: { parameters: { type: "array" }, code: "return 1;" }, args: {} },
      { flowId, tool: tool("x".repeat(100_001)), args: {} },
      { flowId, tool: { ...tool("return 1;"), timeout_ms: 120_000 }, args: {} },
      { flowId, tool: tool("return 1;"), args: { big: "x".repeat(70_000) } },
      { flowId, tool: tool("return 1;"), args: [1, 2] },
      { flowId: "", tool: tool("return 1;"), args: {} },
    ];
    for (const input of bad) {
      const result = await testCodeToolAction(input as never);
      expect(result, JSON.stringify(input).slice(0, 120)).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid input/) });
    }
  });

  it("saves and deletes team tools for editors; a viewer can do neither", async () => {
    caller = owner.headers;
    const saved = await saveTeamToolAction({ tool: { name: "square", description: "Squares n", parameters: PARAMETERS, code: "return args.n * args.n;" } });
    expect(saved).toMatchObject({ ok: true, data: { name: "square" } });
    const toolId = saved.ok ? saved.data.id : "";
    caller = viewer.headers;
    expect(await saveTeamToolAction({ toolId, tool: { name: "square", description: "Changed", code: "return 0;" } })).toMatchObject({ ok: false, denied: true });
    expect(await deleteTeamToolAction({ toolId })).toMatchObject({ ok: false, denied: true });
    caller = owner.headers;
    expect(await saveTeamToolAction({ tool: { name: "calculator", description: "Mine", code: "return 0;" } })).toMatchObject({ ok: false, error: expect.stringMatching(/built-in/) });
    expect(await saveTeamToolAction({ tool: { name: "bad name!", description: "x", code: "return 0;" } })).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid input/) });
    expect(await deleteTeamToolAction({ toolId })).toMatchObject({ ok: true });
    expect(await listTeamTools((await firstTeamOf(owner.userId))!)).toEqual([]);
  });
});
