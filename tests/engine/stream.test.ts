import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, ParallelGroup, run, RunAbortedError, Swarm, SwarmNode, tool, type StreamEvent } from "@/lib/engine";
import { byModel, lastInput, ScriptedProvider, type ScriptHandler } from "./stubs";

const agent = (name: string, tools = [] as ReturnType<typeof tool>[]) =>
  new Agent({ name, model: `mock:${name}`, tools });
const wrap =
  (name: string, delayMs = 0): ScriptHandler =>
  (request) => ({ content: `${name} says ${lastInput(request)}`, delayMs });

async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe("run.stream", () => {
  it("streams text, tool calls, tool results, steps, usage, statuses and done for one agent", async () => {
    const ping = tool({ name: "ping", description: "", parameters: z.object({}), execute: () => "pong" });
    const provider = new ScriptedProvider([{ toolCalls: [{ name: "ping" }] }, { content: "all good now" }]);
    const stream = run.stream(agent("a", [ping]), "go", { provider });
    const events = await collect(stream);
    const types = new Set(events.map((e) => e.type));
    for (const type of ["text", "tool_call", "tool_result", "step", "status", "usage", "done"])
      expect(types).toContain(type);
    expect(events.every((e) => e.agentName === "a" || e.type === "status" || e.type === "done")).toBe(true);
    const text = events
      .filter((e) => e.type === "text")
      .map((e) => (e as { text: string }).text)
      .join("");
    expect(text).toBe("all good now");
    const result = await stream.result;
    // text is attached to the step node of the model call that produced it
    const textNode = result.state.node(events.find((e) => e.type === "text")!.nodeId)!;
    expect(textNode.kind).toBe("step");
    expect(textNode.output).toBe("all good now");
    expect(events.at(-1)).toMatchObject({ type: "done", output: "all good now", steps: 2 });
  });

  it("streams events from parallel groups and nested swarms, tagged with each agent", async () => {
    const provider = new ScriptedProvider(byModel({ a: wrap("a", 20), b: wrap("b", 20), c: wrap("c") }));
    const inner = new Swarm({ name: "inner", agents: [agent("c")] });
    const swarm = new Swarm({
      agents: [new ParallelGroup({ name: "g", agents: [agent("a"), agent("b")] }), new SwarmNode({ swarm: inner })],
    });
    const events = await collect(run.stream(swarm, "x", { provider }));
    const textBy = (name: string) =>
      events
        .filter((e) => e.type === "text" && e.agentName === name)
        .map((e) => (e as { text: string }).text)
        .join("");
    expect(textBy("a")).toBe("a says x");
    expect(textBy("b")).toBe("b says x");
    expect(textBy("c")).toBe("c says a says x\n\nb says x");
    const statuses = events
      .filter((e) => e.type === "status")
      .map((e) => `${(e as { kind: string }).kind}:${e.agentName}:${(e as { status: string }).status}`);
    for (const s of [
      "group:g:running",
      "group:g:success",
      "swarm:inner:running",
      "swarm:inner:success",
      "agent:c:success",
      "run:swarm:success",
    ]) {
      expect(statuses).toContain(s);
    }
  });

  it("streams a team's delegated workers under their own names, inside the delegation node", async () => {
    const provider = new ScriptedProvider(
      byModel({
        lead: [{ toolCalls: [{ name: "delegate_to_helper", arguments: { task: "t" } }] }, { content: "thanks" }],
        helper: wrap("helper"),
      }),
    );
    const team = new Swarm({ mode: "team", agents: [agent("lead"), agent("helper")] });
    const stream = run.stream(team, "x", { provider });
    const events = await collect(stream);
    const { state } = await stream.result;
    const helperText = events.filter((e) => e.type === "text" && e.agentName === "helper");
    expect(helperText.map((e) => (e as { text: string }).text).join("")).toBe("helper says t");
    const helperStep = state.node(helperText[0]!.nodeId)!;
    const helperAgent = state.node(helperStep.parentId!)!;
    expect(state.node(helperAgent.parentId!)!.kind).toBe("delegation");
  });

  it("yields an error event, then throws, when the run fails", async () => {
    const provider = new ScriptedProvider([{ error: new Error("model down") }]);
    const events: StreamEvent[] = [];
    const stream = run.stream(agent("a"), "x", { provider });
    await expect(
      (async () => {
        for await (const event of stream) events.push(event);
      })(),
    ).rejects.toThrow("model down");
    expect(events.filter((e) => e.type === "error").length).toBeGreaterThan(0);
    await expect(stream.result).rejects.toThrow("model down");
  });

  describe("one error event per failure, naming the node it started at (issue 16.3)", () => {
    type ErrorEvent = Extract<StreamEvent, { type: "error" }>;
    /** The events of a run that fails, and what its iteration threw. */
    async function failing(stream: AsyncIterable<StreamEvent>): Promise<{ events: StreamEvent[]; errors: ErrorEvent[]; thrown: unknown }> {
      const events: StreamEvent[] = [];
      let thrown: unknown;
      try {
        for await (const event of stream) events.push(event);
      } catch (error) {
        thrown = error;
      }
      return { events, errors: events.filter((e): e is ErrorEvent => e.type === "error"), thrown };
    }
    const nodeOf = (events: StreamEvent[], nodeId: string) =>
      events.find((e): e is Extract<StreamEvent, { type: "status" }> => e.type === "status" && e.nodeId === nodeId && e.status !== "running");

    it("a failing agent of a swarm: one event, at the model call that failed", async () => {
      const provider = new ScriptedProvider(byModel({ a: wrap("a"), b: [{ error: new Error("model down") }] }));
      const { events, errors, thrown } = await failing(run.stream(new Swarm({ agents: [agent("a"), agent("b")] }), "x", { provider, maxRetries: 0 }));
      expect(thrown).toBeInstanceOf(Error);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ agentName: "b", error: { name: "AgentError", message: 'Agent "b": model call failed: model down' } });
      expect(nodeOf(events, errors[0]!.nodeId)).toMatchObject({ kind: "step", status: "failed" });
    });

    it("a failing member of a parallel group, its sibling cancelled: one event, the member's", async () => {
      const provider = new ScriptedProvider(byModel({ a: [{ error: new Error("a broke") }], b: wrap("b", 200) }));
      const group = new ParallelGroup({ name: "g", agents: [agent("a"), agent("b")] });
      const { errors, thrown } = await failing(run.stream(new Swarm({ agents: [group] }), "x", { provider, maxRetries: 0 }));
      expect((thrown as Error).name).toBe("GroupError");
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ agentName: "a", error: { name: "AgentError" } });
    });

    it("a timeout: one event, at the run", async () => {
      const provider = new ScriptedProvider([{ content: "late", delayMs: 500 }]);
      const { events, errors } = await failing(run.stream(agent("a"), "x", { provider, timeoutMs: 20 }));
      expect(errors).toHaveLength(1);
      expect(errors[0]!.error.name).toBe("RunAbortedError");
      expect(nodeOf(events, errors[0]!.nodeId)).toMatchObject({ kind: "run", status: "timeout" });
    });

    it("a failing sub-agent while its orchestrator goes on: one event, the sub-agent's", async () => {
      let calls = 0;
      const provider = new ScriptedProvider((request) => {
        if (String(request.messages[0]?.content).includes("sub-agent")) return { error: new Error("sub-agent broke") };
        calls++;
        if (calls === 1) return { toolCalls: [{ name: "spawn_agent", arguments: { purpose: "p", context: "c" } }] };
        if (calls === 2) return { toolCalls: [{ name: "wait_agents", arguments: {} }] };
        return { content: "done anyway" };
      });
      const orchestrator = new Agent({ name: "boss", model: "mock:boss", spawn: true });
      const events = await collect(run.stream(orchestrator, "x", { provider, maxRetries: 0 }));
      const errors = events.filter((e) => e.type === "error");
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ agentName: "boss.sub-1", error: { name: "AgentError" } });
      expect(events.at(-1)).toMatchObject({ type: "done", output: "done anyway" });
    });
  });

  it("cancels the run when the consumer stops early", async () => {
    const provider = new ScriptedProvider(byModel({ a: wrap("a", 20), b: wrap("b", 200) }));
    const stream = run.stream(new Swarm({ agents: [agent("a"), agent("b")] }), "x", { provider });
    for await (const event of stream) {
      if (event.type === "step" && event.agentName === "a") break;
    }
    const error = await stream.result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunAbortedError);
    expect((error as RunAbortedError).status).toBe("cancelled");
  });
});

describe("run with streamText", () => {
  it("hands the recorder the same events as run.stream, model text piece by piece, without a stream to drain", async () => {
    const ping = tool({ name: "ping", description: "", parameters: z.object({}), execute: () => "pong" });
    const script = () => new ScriptedProvider([{ toolCalls: [{ name: "ping" }] }, { content: "all good now" }]);
    const heard = async (go: (recorder: { onEvent(event: StreamEvent): void }) => Promise<unknown>) => {
      const events: StreamEvent[] = [];
      await go({ onEvent: (event) => events.push(event) });
      return events.map((event) => (event.type === "text" ? `text:${event.text}` : event.type));
    };
    const streamed = await heard((recorder) => collect(run.stream(agent("a", [ping]), "go", { provider: script(), recorder })));
    const completed = await heard((recorder) => run(agent("a", [ping]), "go", { provider: script(), recorder, streamText: true }));
    expect(completed).toEqual(streamed);
    expect(completed.filter((type) => type.startsWith("text:"))).toEqual(["text:all ", "text:good ", "text:now"]);
    // Without it, run() calls the model whole: no text events.
    expect(await heard((recorder) => run(agent("a", [ping]), "go", { provider: script(), recorder }))).not.toContain("text:all ");
  });
});
