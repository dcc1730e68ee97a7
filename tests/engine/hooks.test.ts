import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, HookPoint, run, tool, type HookContext, type HookPoint as HookPointType } from "@/lib/engine";
import { ScriptedProvider } from "./stubs";

const ping = tool({ name: "ping", description: "pong", parameters: z.object({}), execute: () => "pong" });

function script() {
  return new ScriptedProvider([{ toolCalls: [{ name: "ping" }] }, { content: "done" }]);
}

function recordingAgent(log: string[]) {
  const agent = new Agent({ name: "a", tools: [ping] });
  for (const point of Object.values(HookPoint)) {
    agent.addHook(point, (ctx: HookContext) => void log.push(`1:${ctx.point}`));
    agent.addHook(point, async (ctx: HookContext) => {
      await Promise.resolve();
      log.push(`2:${ctx.point}`);
    });
  }
  return agent;
}

const EXPECTED = [
  "start",
  "pre_llm_call",
  "post_llm_call",
  "pre_tool_call",
  "post_tool_call",
  "pre_llm_call",
  "post_llm_call",
  "finished",
].flatMap((point) => [`1:${point}`, `2:${point}`]);

describe("hooks", () => {
  it("fire in registration order on run", async () => {
    const log: string[] = [];
    await run(recordingAgent(log), "go", { provider: script() });
    expect(log).toEqual(EXPECTED);
  });

  it("fire in registration order on run.stream", async () => {
    const log: string[] = [];
    const stream = run.stream(recordingAgent(log), "go", { provider: script() });
    for await (const _event of stream) {
      // drain
    }
    expect(log).toEqual(EXPECTED);
  });

  it("fire ERROR (on both paths) when the agent fails", async () => {
    for (const mode of ["run", "stream"] as const) {
      const points: HookPointType[] = [];
      const agent = new Agent({ name: "a" });
      agent.addHook(HookPoint.ERROR, (ctx) => void points.push(ctx.point));
      agent.addHook(HookPoint.FINISHED, (ctx) => void points.push(ctx.point));
      const provider = new ScriptedProvider([{ error: new Error("model broke") }]);
      if (mode === "run") {
        await expect(run(agent, "go", { provider })).rejects.toThrow("model broke");
      } else {
        const drain = async () => {
          for await (const _event of run.stream(agent, "go", { provider })) {
            // drain
          }
        };
        await expect(drain()).rejects.toThrow("model broke");
      }
      expect(points).toEqual(["error"]);
    }
  });

  it("abort the run when a hook throws, with the hook's error", async () => {
    const failure = new Error("hook says no");
    const agent = new Agent({
      name: "a",
      tools: [ping],
      hooks: [[HookPoint.PRE_TOOL_CALL, () => Promise.reject(failure)]],
    });
    const provider = script();
    const error = await run(agent, "go", { provider }).catch((e: unknown) => e);
    expect(error).toBe(failure);
    expect(provider.calls).toHaveLength(1); // never got back to the model
  });

  it("run-wide hooks fire for every agent, before the agent's own", async () => {
    const log: string[] = [];
    const agent = new Agent({ name: "a", hooks: [[HookPoint.START, () => void log.push("agent")]] });
    await run(agent, "go", {
      provider: new ScriptedProvider([{ content: "x" }]),
      hooks: [[HookPoint.START, (ctx) => void log.push(`run:${ctx.agentName}`)]],
    });
    expect(log).toEqual(["run:a", "agent"]);
  });

  it("see the request and response around a model call", async () => {
    const seen: HookContext[] = [];
    const agent = new Agent({
      name: "a",
      hooks: [
        [HookPoint.PRE_LLM_CALL, (ctx) => void seen.push(ctx)],
        [HookPoint.POST_LLM_CALL, (ctx) => void seen.push(ctx)],
      ],
    });
    await run(agent, "go", { provider: new ScriptedProvider([{ content: "answer" }]) });
    expect(seen[0]!.request!.messages.at(-1)).toEqual({ role: "user", content: "go" });
    expect(seen[1]!.response!.content).toBe("answer");
    expect(seen[0]!.nodeId).toBe(seen[1]!.nodeId);
  });
});
