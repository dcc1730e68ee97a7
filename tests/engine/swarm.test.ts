import { describe, expect, it } from "vitest";
import { Agent, FlowError, ParallelGroup, run, Swarm, SwarmError, SwarmNode } from "@/lib/engine";
import { byModel, lastInput, maxOverlap, ScriptedProvider, type ScriptHandler } from "./stubs";

/** An agent routed to its own script by its model name. */
function echoAgent(name: string) {
  return new Agent({ name, model: `mock:${name}` });
}
/** A script answering `<name>(<input>)`, optionally after a delay. */
const wrap =
  (name: string, delayMs = 0): ScriptHandler =>
  (request) => ({ content: `${name}(${lastInput(request)})`, delayMs });

describe("workflow", () => {
  it("runs stages in flow order, each output the next input", async () => {
    const provider = new ScriptedProvider(byModel({ a: wrap("a"), b: wrap("b"), c: wrap("c") }));
    const swarm = new Swarm({ agents: ["a", "b", "c"].map((n) => echoAgent(n)), flow: "c >> a >> b" });
    expect((await run(swarm, "x", { provider })).output).toBe("b(a(c(x)))");
  });

  it("runs a parallel stage (a | b) concurrently and joins with a blank line", async () => {
    const provider = new ScriptedProvider(byModel({ s: wrap("s"), a: wrap("a", 50), b: wrap("b", 50), j: wrap("j") }));
    const swarm = new Swarm({ agents: ["s", "a", "b", "j"].map((n) => echoAgent(n)), flow: "s >> (a | b) >> j" });
    const result = await run(swarm, "x", { provider });
    expect(result.output).toBe("j(a(s(x))\n\nb(s(x)))");
    expect(maxOverlap([...provider.callsFor("a"), ...provider.callsFor("b")])).toBe(2);
    const stage = [...result.state.nodes.values()].find((n) => n.kind === "stage")!;
    expect(stage.name).toBe("(a | b)");
    // Spans, not a clock: the stage took less than its members' calls one after the other.
    const [a, b] = [provider.callsFor("a")[0]!, provider.callsFor("b")[0]!];
    expect(stage.durationMs!).toBeLessThan(a.endedAt - a.startedAt + (b.endedAt - b.startedAt));
  });

  it("rejects bad flows with FlowError carrying line and column", () => {
    const agents = [echoAgent("a"), echoAgent("b")];
    expect(() => new Swarm({ agents, flow: "a >> c" })).toThrow(FlowError);
    try {
      new Swarm({ agents, flow: "a >>\n  >> b" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FlowError);
      expect((error as FlowError).line).toBe(2);
      expect((error as FlowError).column).toBe(3);
    }
  });

  it("rejects duplicate member names", () => {
    expect(() => new Swarm({ agents: [echoAgent("a"), echoAgent("a")] })).toThrow(SwarmError);
  });

  it("gives a nested swarm a fresh history (context isolation)", async () => {
    const provider = new ScriptedProvider(byModel({ outer: wrap("outer"), inner: wrap("inner") }));
    const inner = new Swarm({ name: "inner-swarm", agents: [echoAgent("inner")] });
    const swarm = new Swarm({ agents: [echoAgent("outer"), new SwarmNode({ swarm: inner, name: "nested" })] });
    const result = await run(swarm, "x", { provider });
    expect(result.output).toBe("inner(outer(x))");
    const innerRequest = provider.callsFor("inner")[0]!.request;
    expect(innerRequest.messages).toEqual([{ role: "user", content: "outer(x)" }]);
    const nested = [...result.state.nodes.values()].find((n) => n.name === "nested")!;
    expect(nested.kind).toBe("swarm");
  });
});

describe("handoff", () => {
  it("passes control when the whole trimmed output names a handoff target, with the history", async () => {
    const provider = new ScriptedProvider(
      byModel({
        triage: [{ content: "  billing \n" }],
        billing: (r) => ({ content: `refund for ${r.messages.length} msgs` }),
      }),
    );
    const triage = new Agent({ name: "triage", model: "mock:triage", instructions: "route", handoffs: ["billing"] });
    const billing = new Agent({ name: "billing", model: "mock:billing", instructions: "pay" });
    const swarm = new Swarm({ agents: [triage, billing], mode: "handoff" });
    const result = await run(swarm, "my card", { provider });
    const request = provider.callsFor("billing")[0]!.request;
    // Its own instructions, then the conversation so far (without the routing answer).
    expect(request.messages).toEqual([
      { role: "system", content: "pay" },
      { role: "user", content: "my card" },
    ]);
    expect(result.output).toBe("refund for 2 msgs");
    const billingNode = [...result.state.nodes.values()].find((n) => n.kind === "agent" && n.name === "billing")!;
    expect(billingNode.metadata.handoffFrom).toBe("triage");
  });

  it("does not hand off when the output only mentions a target", async () => {
    const provider = new ScriptedProvider(byModel({ a: [{ content: "ask b please" }] }));
    const a = new Agent({ name: "a", model: "mock:a", handoffs: ["b"] });
    const swarm = new Swarm({ agents: [a, new Agent({ name: "b", model: "mock:b" })], mode: "handoff" });
    expect((await run(swarm, "x", { provider })).output).toBe("ask b please");
  });

  it("stops after maxHandoffs with SwarmError", async () => {
    const provider = new ScriptedProvider(byModel({ a: [{ content: "b" }], b: [{ content: "a" }] }));
    const a = new Agent({ name: "a", model: "mock:a", handoffs: ["b"] });
    const b = new Agent({ name: "b", model: "mock:b", handoffs: ["a"] });
    const swarm = new Swarm({ agents: [a, b], mode: "handoff", maxHandoffs: 3 });
    await expect(run(swarm, "x", { provider })).rejects.toThrow(SwarmError);
    expect(provider.calls).toHaveLength(4);
  });

  it("rejects unknown handoff targets at construction", () => {
    const a = new Agent({ name: "a", handoffs: ["ghost"] });
    expect(() => new Swarm({ agents: [a], mode: "handoff" })).toThrow(SwarmError);
  });
});

describe("team", () => {
  it("needs at least one worker", () => {
    expect(() => new Swarm({ mode: "team", agents: [echoAgent("lead")] })).toThrow(SwarmError);
  });

  it("gives the lead a delegate_to_<worker> tool whose result is the worker's output", async () => {
    const provider = new ScriptedProvider(
      byModel({
        lead: (request, i) =>
          i === 0
            ? {
                toolCalls: [
                  { name: "delegate_to_writer", arguments: { task: "write a haiku" } },
                  { name: "delegate_to_team", arguments: { task: "t" } },
                ],
              }
            : {
                content: `lead got: ${request.messages
                  .filter((m) => m.role === "tool")
                  .map((m) => m.content)
                  .join(" + ")}`,
              },
        writer: wrap("writer", 30),
        p: wrap("p", 30),
        q: wrap("q", 30),
      }),
    );
    const team = new Swarm({
      mode: "team",
      agents: [
        new Agent({ name: "lead", model: "mock:lead" }),
        echoAgent("writer"),
        new ParallelGroup({ name: "team", agents: [echoAgent("p"), echoAgent("q")] }),
      ],
    });
    const result = await run(team, "go", { provider });
    expect(result.output).toBe("lead got: writer(write a haiku) + p(t)\n\nq(t)");
    const tools = provider.callsFor("lead")[0]!.request.tools;
    expect(tools.map((t) => t.name)).toEqual(["delegate_to_writer", "delegate_to_team"]);
    expect(tools[0]!.parameters).toMatchObject({ properties: { task: { type: "string" } }, required: ["task"] });
    // delegations run concurrently like any tool calls of one message
    expect(maxOverlap([...provider.callsFor("writer"), ...provider.callsFor("p")])).toBe(2);
    const nodes = [...result.state.nodes.values()];
    const delegation = nodes.find((n) => n.kind === "delegation" && n.name === "delegate_to_writer")!;
    const writer = nodes.find((n) => n.kind === "agent" && n.name === "writer")!;
    expect(writer.parentId).toBe(delegation.id);
    expect(result.usage.totalTokens).toBe(15 * 5); // lead ×2, writer, p, q
  });
});
