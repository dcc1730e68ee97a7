import { describe, expect, it } from "vitest";
import { Agent, GroupError, ParallelGroup, run, SerialGroup, Swarm } from "@/lib/engine";
import { byModel, lastInput, maxOverlap, ScriptedProvider, type ScriptHandler } from "./stubs";

const agent = (name: string) => new Agent({ name, model: `mock:${name}` });
const wrap =
  (name: string, delayMs = 0): ScriptHandler =>
  (request) => ({ content: `${name}(${lastInput(request)})`, delayMs });

describe("ParallelGroup", () => {
  it("gives every member the same input at the same time and joins outputs in member order", async () => {
    const provider = new ScriptedProvider(byModel({ a: wrap("a", 60), b: wrap("b", 20), c: wrap("c", 40) }));
    const group = new ParallelGroup({ name: "g", agents: [agent("a"), agent("b"), agent("c")], separator: " | " });
    const result = await run(new Swarm({ agents: [group] }), "x", { provider });
    expect(result.output).toBe("a(x) | b(x) | c(x)");
    expect(maxOverlap(provider.calls)).toBe(3);
    expect(result.usage.totalTokens).toBe(45);
    const node = [...result.state.nodes.values()].find((n) => n.kind === "group")!;
    expect(node.usage.totalTokens).toBe(45);
  });

  it("uses aggregate when given", async () => {
    const provider = new ScriptedProvider(byModel({ a: wrap("a"), b: wrap("b") }));
    const group = new ParallelGroup({
      name: "g",
      agents: [agent("a"), agent("b")],
      aggregate: async (results) => results.map((r) => `${r.name}=${r.output}`).join(";"),
    });
    expect((await run(new Swarm({ agents: [group] }), "x", { provider })).output).toBe("a=a(x);b=b(x)");
  });

  it("fails as a whole when a member fails, cancelling the others", async () => {
    const provider = new ScriptedProvider(
      byModel({ ok: wrap("ok", 200), bad: [{ error: new Error("bad model"), delayMs: 10 }] }),
    );
    const group = new ParallelGroup({ name: "g", agents: [agent("ok"), agent("bad")] });
    const error = await run(new Swarm({ agents: [group] }), "x", { provider }).catch((e: unknown) => e);
    const ok = provider.callsFor("ok")[0]!;
    expect(ok.endedAt).toBe(ok.startedAt); // the run ended while "ok" was still in flight: it did not wait for it
    expect(error).toBeInstanceOf(GroupError);
    expect((error as GroupError).groupName).toBe("g");
    expect(((error as GroupError).cause as Error).message).toContain("bad model");
  });

  it("marks the cancelled sibling's nodes cancelled and the failing ones failed", async () => {
    const provider = new ScriptedProvider(
      byModel({ ok: wrap("ok", 200), bad: [{ error: new Error("bad model"), delayMs: 10 }] }),
    );
    const nodes = new Map<string, { name: string; kind: string; status: string }>();
    await run(new Swarm({ agents: [new ParallelGroup({ name: "g", agents: [agent("ok"), agent("bad")] })] }), "x", {
      provider,
      recorder: { onNodeUpdated: (n) => void nodes.set(n.id, n) },
    }).catch(() => {});
    const status = (kind: string, name: string) =>
      [...nodes.values()].find((n) => n.kind === kind && n.name === name)!.status;
    expect(status("agent", "ok")).toBe("cancelled");
    expect(status("agent", "bad")).toBe("failed");
    expect(status("group", "g")).toBe("failed");
    expect(status("run", "swarm")).toBe("failed");
  });
});

describe("SerialGroup", () => {
  it("runs members in order, output to input", async () => {
    const provider = new ScriptedProvider(byModel({ pre: wrap("pre"), a: wrap("a"), b: wrap("b") }));
    const group = new SerialGroup({ name: "s", agents: [agent("a"), agent("b")] });
    const result = await run(new Swarm({ agents: [agent("pre"), group], flow: "pre >> s" }), "x", { provider });
    expect(result.output).toBe("b(a(pre(x)))");
    expect(provider.calls.map((c) => c.model)).toEqual(["pre", "a", "b"]);
  });

  it("nests: a serial group inside a parallel group", async () => {
    const provider = new ScriptedProvider(byModel({ a: wrap("a", 30), b: wrap("b"), c: wrap("c", 30) }));
    const group = new ParallelGroup({
      name: "p",
      agents: [new SerialGroup({ name: "s", agents: [agent("a"), agent("b")] }), agent("c")],
    });
    const result = await run(new Swarm({ agents: [group] }), "x", { provider });
    expect(result.output).toBe("b(a(x))\n\nc(x)");
    expect(maxOverlap([...provider.callsFor("a"), ...provider.callsFor("c")])).toBe(2);
  });
});
