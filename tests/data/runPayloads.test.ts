// Stored run payloads are versioned and parsed on read: rows of every version the app has
// written read back the same; unreadable ones are named, never turned into defaults.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createFlow } from "@/lib/data";
import { CorruptRecordError, getRun, getRunNode, listRunEvents, listRunNodes } from "@/lib/data/runs";
import { decodePayload, encodePayload } from "@/lib/data/runs/payloads";
import { NodeError } from "@/lib/data/runs/types";
import { getDb } from "@/lib/db/client";
import { testDatabases, useTestDatabase } from "./databases";
import { createUserWithTeam } from "./fixtures";

type FixtureNode = { id: string; parentId: string | null; seq: number; kind: string; name: string; status: string; error: string | null; messages: string | null; metadata: string };
type Fixture = { options: string; nodes: FixtureNode[]; events: { seq: number; type: string; nodeId: string | null; data: string }[] };

const fixture = (version: string): Fixture => JSON.parse(readFileSync(new URL(`./fixtures/run-rows/${version}.json`, import.meta.url), "utf8"));
const DOCUMENT = 'agents:\n  a: { model: "mock:echo", instructions: "x" }\nswarm: { type: workflow, flow: a }\n';

async function insertRun(teamId: string, userId: string, rows: Fixture): Promise<string> {
  const db = await getDb();
  const flow = await createFlow(teamId, userId, { name: "f", document: DOCUMENT });
  const version = await db.flowVersion.findFirstOrThrow({ where: { flowId: flow.id } });
  const run = await db.run.create({ data: { teamId, flowId: flow.id, flowVersionId: version.id, input: "hi", status: "failed", options: rows.options } });
  const now = new Date();
  for (const node of rows.nodes) await db.runNode.create({ data: { runId: run.id, ...node, createdAt: now } });
  for (const event of rows.events) await db.runEvent.create({ data: { runId: run.id, ...event, createdAt: now } });
  return run.id;
}

describe("payload codec", () => {
  it("writes the current version and reads every older one", () => {
    expect(JSON.parse(encodePayload({ name: "E", message: "m" }))).toEqual({ v: 1, data: { name: "E", message: "m" } });
    expect(decodePayload(NodeError, '{"name":"E","message":"m"}')).toEqual({ ok: true, value: { name: "E", message: "m" } });
    expect(decodePayload(NodeError, encodePayload({ name: "E", message: "m" }))).toEqual({ ok: true, value: { name: "E", message: "m" } });
  });

  it("names what is wrong instead of returning defaults", () => {
    expect(decodePayload(NodeError, "{not json")).toEqual({ ok: false, problem: "not JSON" });
    expect(decodePayload(NodeError, '{"v":9,"data":{}}')).toMatchObject({ ok: false, problem: expect.stringMatching(/newer version/) });
    expect(decodePayload(NodeError, '{"v":1,"data":{"name":3}}').ok).toBe(false);
  });
});

describe.each(testDatabases())("stored run rows on $name", (database) => {
  useTestDatabase(database);

  it.each(["v0", "v1"])("reads %s rows back the same", async (version) => {
    const { teamId, userId } = await createUserWithTeam(`reader-${version}`);
    const runId = await insertRun(teamId, userId, fixture(version));
    expect((await getRun(teamId, runId)).options).toEqual({ modelOverride: "mock:echo" });
    const nodes = await listRunNodes(teamId, runId);
    expect(nodes.map((node) => node.error)).toEqual([{ name: "AgentError", message: 'Agent "a": model call failed' }, null]);
    const { node, conversation } = await getRunNode(teamId, runId, "n-step");
    expect(node.metadata).toEqual({ model: "mock:echo", attempts: 1 });
    expect(node.messages?.map((message) => message.content)).toEqual(["hi", "hello"]);
    expect(conversation?.length).toBe(2);
    const events = await listRunEvents(teamId, runId, 0);
    expect(events.map(({ seq, event }) => [seq, event.type])).toEqual([
      [1, "text"],
      [2, "run"],
    ]);
  });

  it("shows a node whose payload is unreadable, saying so, and fails loudly on a run's options", async () => {
    const { teamId, userId } = await createUserWithTeam("corrupt");
    const rows = fixture("v1");
    rows.nodes[1]!.messages = '{"v":1,"data":[{"role":"wizard"}]}';
    rows.nodes[0]!.error = "{truncated";
    rows.events[0]!.data = '{"v":1,"data":{"type":"mystery"}}';
    const runId = await insertRun(teamId, userId, rows);
    const nodes = await listRunNodes(teamId, runId);
    expect(nodes[0]!.error).toMatchObject({ name: "UnreadableRecord", message: expect.stringContaining("error") });
    const { node } = await getRunNode(teamId, runId, "n-step");
    expect(node.messages).toBeNull();
    expect(node.error).toMatchObject({ name: "UnreadableRecord", message: expect.stringContaining("messages") });
    expect((await listRunEvents(teamId, runId, 0)).map(({ seq }) => seq)).toEqual([2]);

    const db = await getDb();
    await db.run.update({ where: { id: runId }, data: { options: '{"v":1,"data":{"modelOverride":7}}' } });
    await expect(getRun(teamId, runId)).rejects.toBeInstanceOf(CorruptRecordError);
  });

  it("reads a node of a deep tree, whose positional id is long", async () => {
    const { teamId, userId } = await createUserWithTeam("deep");
    const rows = fixture("v1");
    const deepId = `${"n.".repeat(150)}0`;
    rows.nodes[1]!.id = deepId;
    const runId = await insertRun(teamId, userId, rows);
    expect((await getRunNode(teamId, runId, deepId)).node.id).toBe(deepId);
  });
});
