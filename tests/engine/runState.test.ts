import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  Agent,
  CURRENT_SCHEMA_VERSION,
  ParallelGroup,
  run,
  runStateOf,
  RunState,
  snapshotNode,
  Swarm,
  tool,
  type RunNode,
  type StreamEvent,
  type Usage,
} from "@/lib/engine";
import { byModel, lastInput, ScriptedProvider } from "./stubs";

const ping = tool({
  name: "ping",
  description: "",
  parameters: z.object({ n: z.number() }),
  execute: ({ n }) => `pong ${n}`,
});

function scenario() {
  const provider = new ScriptedProvider(
    byModel({
      a: [
        {
          toolCalls: [
            { name: "ping", arguments: { n: 1 } },
            { name: "ping", arguments: { n: 2 } },
          ],
          usage: { inputTokens: 7, outputTokens: 3, totalTokens: 10 },
        },
        { content: "a done" },
      ],
      b: (r) => ({ content: `b(${lastInput(r)})`, delayMs: 5 }),
      c: (r) => ({ content: `c(${lastInput(r)})`, usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } }),
    }),
  );
  const swarm = new Swarm({
    name: "top",
    agents: [
      new Agent({ name: "a", model: "mock:a", tools: [ping] }),
      new ParallelGroup({
        name: "g",
        agents: [new Agent({ name: "b", model: "mock:b" }), new Agent({ name: "c", model: "mock:c" })],
      }),
    ],
  });
  return { provider, swarm };
}

function childrenOf(nodes: RunNode[], id: string) {
  return nodes.filter((n) => n.parentId === id);
}

describe("RunState tree", () => {
  it("has run → swarm → agent/group → agent → step → tool call, with parents, statuses, timings and usage sums", async () => {
    const { provider, swarm } = scenario();
    const { state, usage } = await run(swarm, "x", { provider });
    const nodes = [...state.nodes.values()];
    const root = state.root!;
    expect(root.kind).toBe("run");
    const [swarmNode] = childrenOf(nodes, root.id);
    expect(swarmNode).toMatchObject({ kind: "swarm", name: "top" });
    expect(childrenOf(nodes, swarmNode!.id).map((n) => `${n.kind}:${n.name}`)).toEqual(["agent:a", "group:g"]);

    const a = nodes.find((n) => n.name === "a" && n.kind === "agent")!;
    const steps = childrenOf(nodes, a.id);
    expect(steps.map((n) => n.kind)).toEqual(["step", "step"]); // one node per model call
    expect(childrenOf(nodes, steps[0]!.id).map((n) => `${n.kind}:${n.name}:${n.output}`)).toEqual([
      "tool_call:ping:pong 1",
      "tool_call:ping:pong 2",
    ]);
    expect(steps[0]!.metadata.signature).toBe('ping:{"n":1}|ping:{"n":2}');

    const g = nodes.find((n) => n.kind === "group")!;
    expect(childrenOf(nodes, g.id).map((n) => n.name)).toEqual(["b", "c"]);

    for (const node of nodes) {
      expect(node.status).toBe("success");
      expect(node.startedAt).not.toBeNull();
      expect(node.endedAt!).toBeGreaterThanOrEqual(node.startedAt!);
      expect(node.durationMs).toBe(node.endedAt! - node.startedAt!);
      if (node.parentId) {
        const parent = state.node(node.parentId)!;
        expect(node.startedAt!).toBeGreaterThanOrEqual(parent.startedAt!);
      }
      // usage = own model call (steps only) + the sum of the children
      const own = node.kind === "step" ? (node.metadata.modelUsage as Usage).totalTokens : 0;
      const sum = childrenOf(nodes, node.id).reduce((t, c) => t + c.usage.totalTokens, 0);
      expect(node.usage.totalTokens).toBe(own + sum);
    }
    expect(usage).toEqual({ inputTokens: 7 + 10 + 10 + 1, outputTokens: 3 + 5 + 5 + 1, totalTokens: 10 + 15 + 15 + 2 });
    expect(state.iterations).toBe(4);
    expect(provider.calls).toHaveLength(4);
  });

  it("records each step's new messages and response so the timeline can show the conversation", async () => {
    const { provider, swarm } = scenario();
    const { state } = await run(swarm, "x", { provider });
    const a = [...state.nodes.values()].find((n) => n.name === "a" && n.kind === "agent")!;
    const [first, second] = state.children(a.id);
    expect(first!.metadata.newMessages).toEqual([{ role: "user", content: "x" }]);
    expect(first!.metadata.historyLength).toBe(1);
    expect((first!.metadata.response as { toolCalls: unknown[] }).toolCalls).toHaveLength(2);
    expect((second!.metadata.newMessages as { role: string }[]).map((m) => m.role)).toEqual(["tool", "tool"]);
    expect(second!.metadata.historyLength).toBe(4);
  });

  it("round-trips through versioned JSON and rejects bad snapshots", async () => {
    const { provider, swarm } = scenario();
    const { state } = await run(swarm, "x", { provider });
    const json = JSON.parse(JSON.stringify(state));
    expect(json.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    const restored = RunState.fromJSON(json);
    expect(restored.toJSON()).toEqual(state.toJSON());
    expect(restored.usage).toEqual(state.usage);
    expect(() => RunState.fromJSON({ ...json, schemaVersion: 999 })).toThrow();
    expect(() => RunState.fromJSON({ ...json, nodes: [{ ...json.nodes[0], status: "weird" }] })).toThrow();
  });

  it("reports every node and event to a recorder, passing the live nodes", async () => {
    const { provider, swarm } = scenario();
    const created: RunNode[] = [];
    const updates: RunNode[] = [];
    const events: StreamEvent[] = [];
    const { state } = await run(swarm, "x", {
      provider,
      recorder: {
        onNodeCreated: (n) => void created.push(n),
        onNodeUpdated: (n) => void updates.push(n),
        onEvent: (e) => void events.push(e),
      },
    });
    expect(created).toEqual([...state.nodes.values()]);
    created.forEach((node) => expect(node).toBe(state.node(node.id))); // live: later changes show through
    // every node's every change is reported: start, end and usage at least
    const updatesPerNode = new Map<string, number>();
    for (const node of updates) updatesPerNode.set(node.id, (updatesPerNode.get(node.id) ?? 0) + 1);
    for (const node of state.nodes.values()) expect(updatesPerNode.get(node.id)).toBeGreaterThanOrEqual(2);
    expect(events.some((e) => e.type === "step")).toBe(true);
    expect(events.at(-1)!.type).toBe("done");
  });

  it("moves every node through init → running → success, as the recorder sees it", async () => {
    const { provider, swarm } = scenario();
    const seen = new Map<string, string[]>();
    const track = (node: RunNode) => {
      const list = seen.get(node.id) ?? [];
      if (list.at(-1) !== node.status) list.push(node.status);
      seen.set(node.id, list);
    };
    const { state } = await run(swarm, "x", { provider, recorder: { onNodeCreated: track, onNodeUpdated: track } });
    expect(seen.size).toBe(state.nodes.size);
    for (const statuses of seen.values()) expect(statuses).toEqual(["init", "running", "success"]);
  });

  it("stays reachable from a failed run's error, without a recorder (issue 16.5)", async () => {
    const provider = new ScriptedProvider(byModel({ a: [{ content: "fine" }], b: [{ error: new Error("model down") }] }));
    const swarm = new Swarm({ agents: [new Agent({ name: "a", model: "mock:a" }), new Agent({ name: "b", model: "mock:b" })] });
    const error = await run(swarm, "x", { provider, maxRetries: 0 }).catch((e: unknown) => e);
    expect((error as { state?: unknown }).state).toBeInstanceOf(RunState);
    const state = runStateOf(error)!;
    const nodes = [...state.nodes.values()];
    expect(nodes.find((n) => n.kind === "run")).toMatchObject({ status: "failed", error: { name: "AgentError" } });
    expect(nodes.find((n) => n.kind === "agent" && n.name === "a")).toMatchObject({ status: "success", output: "fine" });
    expect(nodes.find((n) => n.kind === "step" && n.name === "b")).toMatchObject({ status: "failed" });
    expect(Object.keys(error as object)).not.toContain("state"); // logging the error does not dump the tree
    const stream = run.stream(swarm, "x", { provider: new ScriptedProvider([{ error: new Error("down") }]), maxRetries: 0 });
    const streamed = await (async () => {
      for await (const _ of stream);
    })().catch((e: unknown) => e);
    expect(runStateOf(streamed)?.nodes.size).toBeGreaterThan(0);
    expect(runStateOf(new Error("not a run"))).toBeUndefined();
  });

  it("gives nodes ids from the run's id and their position, not from completion order", async () => {
    const shape = async (delays: Record<string, number>, runId: string) => {
      const lookup = tool({ name: "lookup", description: "", parameters: z.object({ q: z.string() }), execute: async ({ q }) => q });
      const member = (name: string) => new Agent({ name, model: `mock:${name}`, tools: [lookup] });
      const provider = new ScriptedProvider(
        byModel(
          Object.fromEntries(
            Object.entries(delays).map(([name, delayMs]) => [
              name,
              [{ toolCalls: [{ name: "lookup", arguments: { q: "1" } }, { name: "lookup", arguments: { q: "2" } }], delayMs }, { content: name, delayMs }],
            ]),
          ),
        ),
      );
      const group = new ParallelGroup({ name: "g", agents: Object.keys(delays).map(member) });
      const result = await run(new Swarm({ agents: [group, member("last")] }), "x", { provider, runId });
      return [...result.state.nodes.values()].map((n) => `${n.id} ${n.kind}:${n.name}${n.kind === "tool_call" ? `(${n.input})` : ""}`);
    };
    const fastFirst = await shape({ a: 1, b: 15, c: 30, last: 0 }, "run-1");
    const slowFirst = await shape({ a: 30, b: 15, c: 1, last: 0 }, "run-1");
    expect(new Set(slowFirst)).toEqual(new Set(fastFirst));
    expect(fastFirst).toContain("run-1 run:swarm");
    expect(fastFirst).toContain("run-1.0.0.2 agent:c");
    expect(fastFirst).toContain('run-1.0.0.2.0.1 tool_call:lookup({"q":"2"})');
    expect(fastFirst).toContain("run-1.0.1 agent:last");
    // Without a run id, each run gets a random one.
    const a = await run(new Agent({ name: "a", model: "mock:a" }), "x", { provider: new ScriptedProvider([{ content: "ok" }]) });
    expect(a.state.rootId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps the first terminal status of a node", () => {
    const state = new RunState();
    const node = state.createNode("agent", "a", null);
    state.start(node);
    expect(state.fail(node, new Error("timed out"), "timeout")).toBe(true);
    expect(state.succeed(node, "late")).toBe(false);
    expect(state.start(node)).toBe(false);
    expect(node).toMatchObject({ status: "timeout", output: null, error: { name: "Error", message: "timed out" } });
  });

  it("snapshotNode copies a node at one point in time", () => {
    const state = new RunState();
    const node = state.createNode("agent", "a", null);
    const before = snapshotNode(node);
    state.start(node);
    state.addUsage(node, { inputTokens: 1, outputTokens: 1, totalTokens: 2 });
    expect(before.status).toBe("init");
    expect(before.usage.totalTokens).toBe(0);
    expect(node.status).toBe("running");
  });

  it("isolates a recorder that throws", async () => {
    const { provider, swarm } = scenario();
    const errors: unknown[] = [];
    const result = await run(swarm, "x", {
      provider,
      recorder: {
        onNodeCreated: () => {
          throw new Error("db down");
        },
        onError: (error) => errors.push(error),
      },
    });
    expect(result.output).toContain("b(a done)");
    expect(errors.length).toBe(result.state.nodes.size);
  });
});
