// A team's MCP servers end to end: an owner registers one (URL and header sealed, only the
// origin and header names come back), its tools are listed, a flow binds one and a real run
// calls it; editors may list again but not change; viewers and other teams get nothing;
// bad input is named; a document naming a server the team lacks is refused with where.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Workspace } from "@/lib/auth";
import { getRun, listRunNodeDetails } from "@/lib/data/runs";
import { firstTeamOf } from "@/lib/data/teams";
import { getDb } from "@/lib/db/client";
import { InvalidDocumentError } from "@/lib/flows";
import { createFromDocument } from "@/lib/flows/service";
import { listServers } from "@/lib/mcp/service";
import { startRun } from "@/lib/runs";
import { closeMcpConnections } from "@/lib/tools/mcp";
import { testDatabases, useTestDatabase } from "../data/databases";
import { signUp, type TestUser } from "../auth/session";
import { until } from "../runs/waiting";
import { startFakeMcpServer, type FakeMcpServer } from "../tools/fakes/mcpServer";

process.env.SWARM_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");
process.env.SWARM_REQUIRE_ACCOUNTS = "1";
process.env.SWARM_MCP_ALLOWED_CIDRS = "127.0.0.1";
// The operator's stdio server: every team may bind it, none may configure it.
process.env.SWARM_MCP_STDIO_SERVERS = JSON.stringify({ local: { command: process.execPath, args: [path.resolve("tests/tools/fakes/stdioMcpServer.mjs")] } });

let caller = new Headers();
vi.mock("next/headers", () => ({ headers: async () => caller, cookies: async () => ({ get: () => undefined, set: () => {} }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const actions = await import("@/app/settings/mcp/actions");

const TOKEN = "Bearer mcp-header-secret-5c4b3a2918";
const URL_SECRET = "url-secret-0f1e2d3c";

const flowUsing = (server: string, tool: string) => `name: triage
tools:
  find:
    mcp: { server: ${server}, tool: ${tool} }
agents:
  triager:
    model: 'mock:tool?name=find&args={"text":"hello"}'
    tools: [find]
swarm: { type: workflow, flow: triager }
`;

async function join(teamId: string, user: TestUser, role: "editor" | "viewer") {
  const db = await getDb();
  await db.member.create({ data: { id: crypto.randomUUID(), organizationId: teamId, userId: user.userId, role, createdAt: new Date() } });
  await db.session.updateMany({ where: { userId: user.userId }, data: { activeOrganizationId: teamId } });
}

describe.each(testDatabases())("MCP servers on $name", (database) => {
  useTestDatabase(database);
  let fake: FakeMcpServer;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let teamId: string;
  let serverId: string;
  let workspace: Workspace;

  beforeAll(async () => {
    fake = await startFakeMcpServer({ requireAuthorization: TOKEN });
    owner = await signUp("Owner");
    teamId = (await firstTeamOf(owner.userId))!;
    workspace = { userId: owner.userId, teamId, role: "owner", mode: "accounts" };
    editor = await signUp("Editor");
    await join(teamId, editor, "editor");
    viewer = await signUp("Viewer");
    await join(teamId, viewer, "viewer");
    stranger = await signUp("Stranger");
  });
  afterAll(async () => {
    await closeMcpConnections();
    await fake.close();
  });

  it("lets an owner register a server: its tools are listed; no URL path or header value comes back or is stored in the clear", async () => {
    caller = owner.headers;
    const result = await actions.createMcpServerAction({ name: "tracker", url: `${fake.url}?key=${URL_SECRET}`, headers: `Authorization: ${TOKEN}` });
    expect(result).toMatchObject({ ok: true, data: { name: "tracker", origin: new URL(fake.url).origin, headerNames: ["authorization"], lastError: null } });
    if (!result.ok) return;
    serverId = result.data.id;
    expect(result.data.tools?.map((tool) => tool.name).sort()).toEqual(["big", "echo", "fail", "sleep", "whoami"]);
    const everything = JSON.stringify([result, await listServers(workspace), await (await getDb()).mcpServer.findMany()]);
    expect(everything).not.toContain(URL_SECRET);
    expect(everything).not.toContain("mcp-header-secret");
  });

  it("names what is wrong with the input, and a name taken", async () => {
    caller = owner.headers;
    const bad = [
      { name: "has space", url: fake.url },
      { name: "ok", url: "ftp://example.com/mcp" },
      { name: "ok", url: "https://user:pass@example.com/mcp" },
      { name: "ok", url: "not a url" },
      { name: "ok", url: fake.url, headers: "Authorization Bearer x" },
      { name: "ok", url: fake.url, headers: "Content-Type: text/plain" },
      { name: "ok", url: fake.url, headers: `X-Big: ${"a".repeat(9000)}` },
    ];
    for (const input of bad) expect((await actions.createMcpServerAction(input)).ok, JSON.stringify(input).slice(0, 80)).toBe(false);
    const taken = await actions.createMcpServerAction({ name: "tracker", url: fake.url });
    expect(taken).toMatchObject({ ok: false });
    expect(JSON.stringify(taken)).toMatch(/already has an MCP server named/);
  });

  it("lets an editor list tools again but not change or remove; refuses a viewer both", async () => {
    caller = editor.headers;
    expect(await actions.refreshMcpServerAction({ serverId })).toMatchObject({ ok: true, data: { name: "tracker" } });
    expect((await actions.updateMcpServerAction({ serverId, url: "https://elsewhere.example.com/mcp" })).ok).toBe(false);
    expect((await actions.deleteMcpServerAction({ serverId })).ok).toBe(false);
    expect((await actions.createMcpServerAction({ name: "mine", url: fake.url })).ok).toBe(false);
    caller = viewer.headers;
    expect((await actions.refreshMcpServerAction({ serverId })).ok).toBe(false);
    expect((await actions.deleteMcpServerAction({ serverId })).ok).toBe(false);
  });

  it("gives another team nothing: not found, for every action", async () => {
    caller = stranger.headers;
    for (const result of [
      await actions.refreshMcpServerAction({ serverId }),
      await actions.updateMcpServerAction({ serverId, headers: "" }),
      await actions.deleteMcpServerAction({ serverId }),
    ]) {
      expect(result).toMatchObject({ ok: false });
      expect(JSON.stringify(result)).toMatch(/not found/i);
    }
    const strangerTeam = (await firstTeamOf(stranger.userId))!;
    expect((await listServers({ userId: stranger.userId, teamId: strangerTeam, role: "owner", mode: "accounts" })).team).toEqual([]);
  });

  it("refuses a document that names a server or tool the team lacks, saying where", async () => {
    for (const [text, message] of [
      [flowUsing("github", "search"), "this team has no MCP server named 'github' (this team has: tracker, local)"],
      [flowUsing("tracker", "delete_everything"), "MCP server 'tracker' has no tool 'delete_everything'"],
    ] as const) {
      const error = await createFromDocument(workspace, { document: text, fallbackName: "x" }).then(() => undefined, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvalidDocumentError);
      expect((error as InvalidDocumentError).issues).toEqual(expect.arrayContaining([expect.objectContaining({ message: expect.stringContaining(message), line: 4 })]));
    }
  });

  it("runs a flow whose agent calls the server's tool; the run records hold no secret", async () => {
    const { id: flowId } = await createFromDocument(workspace, { document: flowUsing("tracker", "echo"), fallbackName: "triage" });
    const before = fake.calls.get("echo") ?? 0;
    const { id: runId } = await startRun({ teamId, userId: owner.userId, flowId, input: "go", trigger: "api" });
    const run = await until(async () => {
      const current = await getRun(teamId, runId);
      return ["queued", "running"].includes(current.status) ? undefined : current;
    }, "the run to end");
    expect(run).toMatchObject({ status: "success", output: "find returned: echo: hello" });
    expect(fake.calls.get("echo")).toBe(before + 1);
    const stored = JSON.stringify(await listRunNodeDetails(teamId, runId));
    expect(stored).toContain("echo: hello");
    expect(stored).not.toContain("mcp-header-secret");
    expect(stored).not.toContain(URL_SECRET);
  });

  it("a tool that fails on the server is a tool error in the run, which goes on", async () => {
    caller = owner.headers;
    const created = await actions.createMcpServerAction({ name: "flaky", url: fake.url, headers: `Authorization: ${TOKEN}` });
    expect(created.ok).toBe(true);
    const { id: flowId } = await createFromDocument(workspace, { document: flowUsing("flaky", "fail"), fallbackName: "flaky" });
    const { id: runId } = await startRun({ teamId, userId: owner.userId, flowId, input: "go", trigger: "api" });
    const run = await until(async () => {
      const current = await getRun(teamId, runId);
      return ["queued", "running"].includes(current.status) ? undefined : current;
    }, "the run to end");
    // The model is told the tool's error (the mock repeats it); the tool node holds it.
    expect(run).toMatchObject({ status: "success", output: expect.stringContaining("the tracker is read-only today") });
    const tool = (await listRunNodeDetails(teamId, runId)).find((node) => node.kind === "tool_call");
    expect(tool?.error?.message).toMatch(/fail on MCP server 'flaky' failed: the tracker is read-only today/);
  });

  it("offers the operator's stdio server to the team without its command; a team server cannot take its name; a flow calls it", async () => {
    caller = owner.headers;
    const { operator } = await listServers(workspace);
    // Listings of operator servers are per process: the first database's pass may have listed it.
    expect(operator).toEqual([expect.objectContaining({ name: "local", lastError: null })]);
    expect(Object.keys(operator[0]!)).toEqual(["name", "tools", "lastError"]);
    const listed = await actions.refreshOperatorMcpServerAction({ name: "local" });
    expect(listed).toMatchObject({ ok: true, data: { name: "local", tools: [expect.objectContaining({ name: "shout" })] } });
    expect(JSON.stringify(listed)).not.toContain("stdioMcpServer");
    const clash = await actions.createMcpServerAction({ name: "local", url: fake.url });
    expect(JSON.stringify(clash)).toMatch(/a server this installation provides/);

    const { id: flowId } = await createFromDocument(workspace, { document: flowUsing("local", "shout"), fallbackName: "local" });
    const { id: runId } = await startRun({ teamId, userId: owner.userId, flowId, input: "go", trigger: "api" });
    const run = await until(async () => {
      const current = await getRun(teamId, runId);
      return ["queued", "running"].includes(current.status) ? undefined : current;
    }, "the run to end");
    expect(run).toMatchObject({ status: "success", output: "find returned: HELLO!" });
  });
});
