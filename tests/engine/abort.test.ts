import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, HookPoint, ParallelGroup, run, RunAbortedError, Swarm, tool, type RunNode } from "@/lib/engine";
import { byModel, ScriptedProvider } from "./stubs";

function slowSwarm() {
  const wait = tool({
    name: "wait",
    description: "",
    parameters: z.object({}),
    execute: () => new Promise(() => {}), // never settles: only the abort can end it
  });
  const provider = new ScriptedProvider(
    byModel({ a: [{ content: "a", delayMs: 1000 }], b: [{ toolCalls: [{ name: "wait" }] }] }),
  );
  const swarm = new Swarm({
    agents: [
      new ParallelGroup({
        name: "g",
        agents: [new Agent({ name: "a", model: "mock:a" }), new Agent({ name: "b", model: "mock:b", tools: [wait] })],
      }),
    ],
  });
  return { provider, swarm };
}

function statuses(nodes: Iterable<RunNode>) {
  return new Set([...nodes].map((n) => n.status));
}

describe("cancellation and timeout", () => {
  it("marks every running node cancelled when the signal aborts", async () => {
    const { provider, swarm } = slowSwarm();
    const controller = new AbortController();
    const promise = run(swarm, "x", { provider, signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    const error = await promise.catch((e: unknown) => e);
    // Settled while a's one-second model call was still in flight (its end is not recorded yet): a span, not a clock.
    const call = provider.callsFor("a")[0]!;
    expect(call.endedAt).toBe(call.startedAt);
    expect(error).toBeInstanceOf(RunAbortedError);
    expect((error as RunAbortedError).status).toBe("cancelled");
  });

  it("records cancelled nodes through the recorder (a model call and a tool call were in flight)", async () => {
    const { provider, swarm } = slowSwarm();
    const controller = new AbortController();
    const nodes = new Map<string, RunNode>();
    setTimeout(() => controller.abort(), 30);
    await run(swarm, "x", {
      provider,
      signal: controller.signal,
      recorder: { onNodeUpdated: (n) => void nodes.set(n.id, n) },
    }).catch(() => {});
    expect(statuses(nodes.values())).toEqual(new Set(["cancelled"]));
    const kinds = new Set([...nodes.values()].map((n) => n.kind));
    expect(kinds).toEqual(new Set(["run", "swarm", "group", "agent", "step", "tool_call"]));
  });

  it("marks running nodes timeout after timeoutMs and finished ones keep success", async () => {
    const provider = new ScriptedProvider(
      byModel({ fast: [{ content: "f" }], slow: [{ content: "s", delayMs: 1000 }] }),
    );
    const swarm = new Swarm({
      agents: [new Agent({ name: "fast", model: "mock:fast" }), new Agent({ name: "slow", model: "mock:slow" })],
    });
    const nodes = new Map<string, RunNode>();
    const error = await run(swarm, "x", {
      provider,
      timeoutMs: 50,
      recorder: { onNodeUpdated: (n) => void nodes.set(n.id, n) },
    }).catch((e: unknown) => e);
    expect((error as RunAbortedError).status).toBe("timeout");
    const byName = (kind: string, name: string) => [...nodes.values()].find((n) => n.kind === kind && n.name === name)!;
    expect(byName("agent", "fast").status).toBe("success");
    expect(byName("agent", "slow").status).toBe("timeout");
    expect(byName("run", "swarm").status).toBe("timeout");
    expect(byName("run", "swarm").error).toEqual({ name: "RunAbortedError", message: "run timed out after 50 ms" });
  });

  it("times out even when a hook never returns", async () => {
    const agent = new Agent({ name: "a", hooks: [[HookPoint.PRE_LLM_CALL, () => new Promise<void>(() => {})]] });
    const nodes = new Map<string, RunNode>();
    // The hook never returns: only the timeout can end this run (else the test itself times out).
    const error = await run(agent, "x", {
      provider: new ScriptedProvider([{ content: "never" }]),
      timeoutMs: 40,
      recorder: { onNodeUpdated: (n) => void nodes.set(n.id, n) },
    }).catch((e: unknown) => e);
    expect((error as RunAbortedError).status).toBe("timeout");
    expect(statuses(nodes.values())).toEqual(new Set(["timeout"]));
  });

  it("does not start when the signal is already aborted", async () => {
    const provider = new ScriptedProvider([{ content: "never" }]);
    const error = await run(new Agent({ name: "a" }), "x", { provider, signal: AbortSignal.abort() }).catch(
      (e: unknown) => e,
    );
    expect((error as RunAbortedError).status).toBe("cancelled");
    expect(provider.calls).toHaveLength(0);
  });
});
