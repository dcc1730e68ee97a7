import { describe, expect, it } from "vitest";
import { Agent, AgentError, ModelError, run } from "@/lib/engine";
import { ScriptedProvider } from "./stubs";

const agent = new Agent({ name: "a" });

describe("model call retries", () => {
  it("retries transient errors with 2^attempt × retryBaseMs delays", async () => {
    const provider = new ScriptedProvider([
      { error: new ModelError("rate limited", { reason: "rate_limit", status: 429 }) },
      { error: new ModelError("bad gateway", { reason: "server", status: 502 }) },
      { error: new ModelError("reset", { reason: "network" }) },
      { content: "ok" },
    ]);
    const result = await run(agent, "hi", { provider, retryBaseMs: 20 });
    expect(result.output).toBe("ok");
    const starts = provider.calls.map((c) => c.startedAt);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    // 20, 40, 80 ms (timers may fire a little late, never early)
    expect(gaps[0]).toBeGreaterThanOrEqual(19);
    expect(gaps[1]).toBeGreaterThanOrEqual(39);
    expect(gaps[2]).toBeGreaterThanOrEqual(79);
    expect(gaps[2]! - gaps[1]!).toBeGreaterThan(20); // the delay really doubles
    const step = [...result.state.nodes.values()].find((n) => n.kind === "step")!;
    expect(step.metadata.retries).toBe(3);
    // Each try for the timeline: three failures with their errors, then the answer.
    const attempts = step.metadata.attempts as { startedAt: number; endedAt: number; error?: string }[];
    expect(attempts.map((attempt) => attempt.error ?? "ok")).toEqual(["rate limited", "bad gateway", "reset", "ok"]);
    expect(attempts.every((attempt, i) => attempt.endedAt >= attempt.startedAt && (i === 0 || attempt.startedAt >= attempts[i - 1]!.endedAt))).toBe(true);
  });

  it("keeps the tries of a call that failed for good, and none for a call that needed one", async () => {
    const nodes: { kind: string; metadata: Record<string, unknown> }[] = [];
    const recorder = { onNodeCreated: (node: (typeof nodes)[number]) => void nodes.push(node), onNodeUpdated: () => {}, onEvent: () => {}, onError: () => {} };
    const failing = new ScriptedProvider([{ error: new ModelError("down", { reason: "server", status: 503 }) }]);
    await run(agent, "hi", { provider: failing, retryBaseMs: 1, maxRetries: 2, recorder }).catch(() => {});
    const failed = nodes.find((node) => node.kind === "step")!;
    expect((failed.metadata.attempts as unknown[]).length).toBe(3);
    const once = await run(agent, "hi", { provider: new ScriptedProvider([{ content: "ok" }]) });
    expect([...once.state.nodes.values()].find((node) => node.kind === "step")!.metadata.attempts).toBeUndefined();
  });

  it("honours retryAfterMs from the server", async () => {
    const provider = new ScriptedProvider([
      { error: new ModelError("slow down", { reason: "rate_limit", status: 429, retryAfterMs: 60 }) },
      { content: "ok" },
    ]);
    await run(agent, "hi", { provider, retryBaseMs: 1 });
    expect(provider.calls[1]!.startedAt - provider.calls[0]!.startedAt).toBeGreaterThanOrEqual(59);
  });

  it("gives up after maxRetries with AgentError carrying the cause", async () => {
    const cause = new ModelError("down", { reason: "server", status: 503 });
    const provider = new ScriptedProvider([{ error: cause }]);
    const error = await run(agent, "hi", { provider, retryBaseMs: 1, maxRetries: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentError);
    expect((error as AgentError).cause).toBe(cause);
    expect((error as Error).message).toContain("after 3 attempts");
    expect(provider.calls).toHaveLength(3);
  });

  it("never retries a context-length error", async () => {
    const cause = new ModelError("too long", { reason: "context_length", status: 400 });
    const provider = new ScriptedProvider([{ error: cause }, { content: "unreachable" }]);
    const error = await run(agent, "hi", { provider, retryBaseMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentError);
    expect((error as AgentError).cause).toBe(cause);
    expect(provider.calls).toHaveLength(1);
  });

  it("does not retry errors that are not ModelErrors", async () => {
    const provider = new ScriptedProvider([{ error: new TypeError("bug") }, { content: "unreachable" }]);
    const error = await run(agent, "hi", { provider, retryBaseMs: 1 }).catch((e: unknown) => e);
    expect((error as AgentError).cause).toBeInstanceOf(TypeError);
    expect(provider.calls).toHaveLength(1);
  });

  it("retries on the streaming path too", async () => {
    const provider = new ScriptedProvider([
      { error: new ModelError("rate limited", { reason: "rate_limit" }) },
      { content: "streamed ok" },
    ]);
    const stream = run.stream(agent, "hi", { provider, retryBaseMs: 1 });
    for await (const _event of stream) {
      // drain
    }
    expect((await stream.result).output).toBe("streamed ok");
    expect(provider.calls).toHaveLength(2);
  });
});
