import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, run, tool, type ModelRequest, type ToolMessage } from "@/lib/engine";
import { maxOverlap, ScriptedProvider, type ScriptedReply } from "./stubs";

const lookup = tool({
  name: "lookup",
  description: "looks things up",
  parameters: z.object({ q: z.string() }),
  execute: ({ q }) => `facts about ${q}`,
});

const isSubAgent = (request: ModelRequest) => String(request.messages[0]?.content).includes("sub-agent");
const toolResults = (request: ModelRequest) => request.messages.filter((m): m is ToolMessage => m.role === "tool");

/** Sub-agents look something up (one tool call), then answer after `delayMs`; "fail" in the context fails. */
function subAgentScript(request: ModelRequest, delayMs: number): ScriptedReply {
  const context = String(request.messages[1]?.content);
  if (context.includes("fail")) return { error: new Error("sub-agent model broke") };
  if (!toolResults(request).length) return { toolCalls: [{ name: "lookup", arguments: { q: context } }] };
  return { content: `report on ${context}`, delayMs };
}

describe("spawn_agent", () => {
  it("runs sub-agents in the background with bounded concurrency and returns their results", async () => {
    let orchestratorCalls = 0;
    const provider = new ScriptedProvider((request) => {
      if (isSubAgent(request)) return subAgentScript(request, 40);
      orchestratorCalls++;
      if (orchestratorCalls === 1) {
        return {
          toolCalls: ["t1", "t2", "t3", "t4", "fail-5"].map((topic) => ({
            name: "spawn_agent",
            arguments: { purpose: "research", context: topic },
          })),
        };
      }
      if (orchestratorCalls === 2) return { toolCalls: [{ name: "wait_agents", arguments: {} }] };
      return { content: `summary of ${toolResults(request).at(-1)!.content}` };
    });
    const boss = new Agent({ name: "boss", tools: [lookup], spawn: { maxConcurrent: 2 } });
    const result = await run(boss, "research everything", { provider });

    // spawn_agent answered at once, before any sub-agent ran
    const bossCalls = provider.calls.filter((c) => !isSubAgent(c.request));
    const spawned = toolResults(bossCalls[1]!.request).map((m) => JSON.parse(m.content));
    expect(spawned).toEqual(
      ["1", "2", "3", "4", "5"].map((n) => ({ agentId: `boss.sub-${n}`, status: "initializing" })),
    );

    // bounded: never more than 2 sub-agents calling the model at once, but not one at a time either
    const subCalls = provider.calls.filter((c) => isSubAgent(c.request));
    expect(maxOverlap(subCalls)).toBe(2);

    expect(result.subAgents.map((s) => s.status)).toEqual([
      "completed",
      "completed",
      "completed",
      "completed",
      "failed",
    ]);
    expect(result.subAgents[0]).toMatchObject({
      id: "boss.sub-1",
      purpose: "research",
      result: "report on t1",
      toolCalls: [{ name: "lookup", arguments: '{"q":"t1"}', result: "facts about t1", error: false }],
    });
    expect(result.subAgents[4]!.error).toContain("sub-agent model broke");
    const waited = JSON.parse(toolResults(bossCalls.at(-1)!.request).at(-1)!.content) as { status: string }[];
    expect(waited.map((w) => w.status)).toEqual(["completed", "completed", "completed", "completed", "failed"]);

    // tree: spawn node → sub-agent node; sub-agents get no spawn tool
    const nodes = [...result.state.nodes.values()];
    const subNodes = nodes.filter((n) => n.kind === "agent" && n.name.startsWith("boss.sub-"));
    expect(subNodes).toHaveLength(5);
    for (const sub of subNodes) expect(result.state.node(sub.parentId!)!.kind).toBe("spawn");
    expect(subNodes.map((n) => n.status).sort()).toEqual(["failed", "success", "success", "success", "success"]);
    for (const call of subCalls) expect(call.request.tools.map((t) => t.name)).toEqual(["lookup"]);
  });

  it("ends the run only when every sub-agent has ended, even if the orchestrator does not wait", async () => {
    let orchestratorCalls = 0;
    const provider = new ScriptedProvider((request) => {
      if (isSubAgent(request)) return subAgentScript(request, 60);
      return ++orchestratorCalls === 1
        ? { toolCalls: [{ name: "spawn_agent", arguments: { purpose: "p", context: "slow" } }] }
        : { content: "fire and forget" };
    });
    const result = await run(new Agent({ name: "boss", tools: [lookup], spawn: true }), "go", { provider });
    expect(result.output).toBe("fire and forget");
    expect(result.subAgents[0]!.status).toBe("completed");
    const lastSubCall = Math.max(...provider.calls.filter((c) => isSubAgent(c.request)).map((c) => c.endedAt));
    const root = result.state.root!;
    expect(root.status).toBe("success");
    expect(performance.timeOrigin + lastSubCall).toBeLessThanOrEqual(root.endedAt! + 1);
    expect([...result.state.nodes.values()].every((n) => n.status === "success")).toBe(true);
  });

  it("refuses spawns beyond maxAgents with an error the model sees", async () => {
    let orchestratorCalls = 0;
    const provider = new ScriptedProvider((request) => {
      if (isSubAgent(request)) return { content: "ok" };
      return ++orchestratorCalls === 1
        ? { toolCalls: [1, 2, 3].map((i) => ({ name: "spawn_agent", arguments: { purpose: "p", context: `c${i}` } })) }
        : { content: "done" };
    });
    const result = await run(new Agent({ name: "boss", spawn: { maxAgents: 2 } }), "go", { provider });
    expect(result.subAgents).toHaveLength(2);
    const refusals = toolResults(provider.calls.at(-1)!.request).filter((m) => m.error);
    expect(refusals.map((m) => m.content)).toEqual(["Error: spawn limit reached: at most 2 sub-agents per run"]);
  });
});
