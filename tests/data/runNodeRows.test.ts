// The run page's path through the database on SQLite and PostgreSQL: nodes written by the
// batch writer (a prepared statement a row on SQLite, rows as one JSON parameter on
// PostgreSQL) read back exactly, all of a batch or nothing, through the driver, as
// summaries and packed for the page; a node written again is replaced, not duplicated.
import { describe, expect, it } from "vitest";
import { createFlow } from "@/lib/data";
import { createRun, getRunNode, listRunEvents, listRunNodes, openRunTimeline, writeRunBatch } from "@/lib/data/runs";
import { nodeUnpacker, type PackedNodes } from "@/lib/data/runs/packedNodes";
import type { RunNodeDetail, RunNodeSummary } from "@/lib/data/runs/types";
import { getDb } from "@/lib/db/client";
import { testDatabases, useTestDatabase } from "./databases";
import { createUserWithTeam } from "./fixtures";

const T0 = Date.UTC(2026, 10, 22, 15, 34, 20, 601);

function node(id: string, seq: number, parentId: string | null, fields: Partial<RunNodeDetail> = {}): RunNodeDetail {
  return {
    id,
    parentId,
    seq,
    kind: "agent",
    name: "writer",
    status: "success",
    model: null,
    createdAt: T0 + seq,
    startedAt: T0 + seq + 1,
    endedAt: T0 + seq + 999,
    durationMs: 998,
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    costUsd: 0,
    error: null,
    marks: null,
    input: null,
    output: null,
    messages: null,
    metadata: {},
    ...fields,
  };
}

/** The run page's stream of a run's nodes: its chunks as sent (through JSON), and the nodes unpacked from them. */
async function streamed(teamId: string, runId: string): Promise<{ chunks: PackedNodes[]; nodes: RunNodeSummary[] }> {
  const unpacker = nodeUnpacker();
  const chunks: PackedNodes[] = [];
  const nodes: RunNodeSummary[] = [];
  for await (const chunk of (await openRunTimeline(teamId, runId)).chunks) {
    const sent = JSON.parse(JSON.stringify(chunk)) as PackedNodes;
    chunks.push(sent);
    nodes.push(...unpacker.add(sent));
  }
  return { chunks, nodes };
}

describe.each(testDatabases())("run node rows on $name", (database) => {
  useTestDatabase(database);

  async function newRun(): Promise<{ teamId: string; runId: string }> {
    const { userId, teamId } = await createUserWithTeam("rows");
    const flow = await createFlow(teamId, userId, { name: "Rows", document: "agents:\n  a: { model: 'mock:echo' }\nswarm: { flow: a }\n" });
    const { run } = await createRun(teamId, userId, { flowId: flow.id, input: "go" });
    return { teamId, runId: run.id };
  }

  it("reads back what was written, exactly, as summaries and streamed packed", async () => {
    const { teamId, runId } = await newRun();
    const nodes = [
      node("root", 0, null, { kind: "run", name: "flow 'quoted' \"twice\"" }),
      node("step", 1, "root", {
        kind: "step",
        model: "openai:gpt-4o-mini",
        status: "failed",
        usage: { inputTokens: 1234, outputTokens: 56, totalTokens: 1290 },
        costUsd: 0.000218700000001,
        error: { name: "ModelError", message: "rate limited — ünïcode, 🐝, newline\nhere" },
        marks: { attempts: [{ startedAt: T0, endedAt: T0 + 5, error: "429" }, { startedAt: T0 + 6, endedAt: T0 + 9 }] },
        messages: [{ role: "user", content: "hi\u0000there" }],
        metadata: { nested: { a: [1, 2.5, null] } },
      }),
      node("tool", 2, "step", { kind: "tool_call", status: "running", endedAt: null, durationMs: null, input: '{"x":"\\u00e9"}', output: null }),
      node("orphan", 3, "gone", { startedAt: null, endedAt: null, durationMs: null }),
    ];
    await writeRunBatch(runId, { nodes, events: [{ seq: 1, event: { type: "text", nodeId: "step", text: "partial ✓" } }] });

    const summaries = await listRunNodes(teamId, runId);
    const expected = nodes.map(({ input: _i, output: _o, messages: _m, metadata: _d, ...summary }) => summary);
    expect(summaries).toEqual(expected);
    expect((await streamed(teamId, runId)).nodes).toEqual(expected);
    const { node: step } = await getRunNode(teamId, runId, "step");
    expect(step.messages).toEqual([{ role: "user", content: "hi\u0000there" }]);
    expect(step.metadata).toEqual({ nested: { a: [1, 2.5, null] } });
    expect((await getRunNode(teamId, runId, "tool")).node.input).toBe('{"x":"\\u00e9"}');
    expect(await listRunEvents(teamId, runId, 0)).toEqual([{ seq: 1, event: { type: "text", nodeId: "step", text: "partial ✓" } }]);
  });

  it("replaces a node written again, and stores times as Prisma does", async () => {
    const { teamId, runId } = await newRun();
    await writeRunBatch(runId, { nodes: [node("a", 0, null, { status: "running", endedAt: null, durationMs: null })], events: [] });
    await writeRunBatch(runId, { nodes: [node("a", 0, null, { status: "success", output: "done" })], events: [] });
    const nodes = await listRunNodes(teamId, runId);
    expect(nodes.map((n) => [n.id, n.status, n.endedAt])).toEqual([["a", "success", T0 + 999]]);
    // Prisma reads the same instants back from what the writer stored.
    const db = await getDb();
    const row = await db.runNode.findUniqueOrThrow({ where: { runId_id: { runId, id: "a" } } });
    expect([row.createdAt.getTime(), row.startedAt?.getTime(), row.endedAt?.getTime(), row.output]).toEqual([T0, T0 + 1, T0 + 999, "done"]);
    expect(Math.abs(row.updatedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("writes a batch larger than one statement", async () => {
    const { teamId, runId } = await newRun();
    const many = Array.from({ length: 2500 }, (_, i) => node(`n${i}`, i, i === 0 ? null : "n0"));
    const events = many.map((n, i) => ({ seq: i + 1, event: { type: "text" as const, nodeId: n.id, text: `t${i}` } }));
    await writeRunBatch(runId, { nodes: many, events });
    const read = await listRunNodes(teamId, runId);
    expect(read.length).toBe(2500);
    expect(read.at(-1)).toMatchObject({ id: "n2499", seq: 2499, parentId: "n0" });
    // Streamed in two chunks (2,000 rows, then the rest); parents by row across chunks.
    const { chunks, nodes } = await streamed(teamId, runId);
    expect(chunks.map((chunk) => chunk.rows.length)).toEqual([2000, 500]);
    expect(chunks[1]!.rows[499]![1]).toBe(0);
    expect(nodes).toEqual(read);
    expect((await openRunTimeline(teamId, runId)).count).toBe(2500);
    expect((await listRunEvents(teamId, runId, 0)).length).toBe(2500);
  });

  it("stores all of a batch or nothing of it", async () => {
    const { teamId, runId } = await newRun();
    const text = (seq: number) => ({ seq, event: { type: "text" as const, nodeId: "a", text: `t${seq}` } });
    await writeRunBatch(runId, { nodes: [], events: [text(1)] });
    // Its last event takes a seq already stored: the batch's node and first event are undone too.
    await expect(writeRunBatch(runId, { nodes: [node("a", 0, null)], events: [text(2), text(1)] })).rejects.toThrow();
    expect(await listRunNodes(teamId, runId)).toEqual([]);
    expect((await listRunEvents(teamId, runId, 0)).map((event) => event.seq)).toEqual([1]);
    // The connection goes on writing.
    await writeRunBatch(runId, { nodes: [node("a", 0, null)], events: [text(2)] });
    expect((await listRunEvents(teamId, runId, 0)).map((event) => event.seq)).toEqual([1, 2]);
  });
});
