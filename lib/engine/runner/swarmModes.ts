/**
 * A swarm's three modes. workflow: stages in flow order (parallel stages concurrent);
 * handoff: an agent whose whole trimmed output names one of its handoffs passes control
 * (and the conversation) to it; team: the lead delegates to workers through tools.
 */
import { z } from "zod";
import { Agent } from "../agent";
import { SwarmError } from "../errors";
import type { Message } from "../model";
import type { Swarm } from "../swarm";
import { tool } from "../tool";
import { runAgent } from "./agentLoop";
import type { RunContext } from "./context";
import { combine, runChain } from "./groups";
import type { RunnableTool } from "./toolExecution";
import type { MemberResult, Scope } from "./types";

export async function runSwarm(
  ctx: RunContext,
  swarm: Swarm,
  input: string,
  scope: Scope,
  name = swarm.name,
): Promise<MemberResult> {
  const node = ctx.state.createNode("swarm", name, scope.parentId, { input, metadata: { mode: swarm.mode } });
  ctx.start(node);
  const inner: Scope = { parentId: node.id, signal: scope.signal };
  try {
    const result =
      swarm.mode === "workflow"
        ? await runWorkflow(ctx, swarm, input, inner)
        : swarm.mode === "handoff"
          ? await runHandoff(ctx, swarm, input, inner)
          : await runTeam(ctx, swarm, input, inner);
    ctx.succeed(node, result.output);
    return result;
  } catch (error) {
    ctx.fail(node, error, scope.signal);
    throw error;
  }
}

async function runWorkflow(ctx: RunContext, swarm: Swarm, input: string, scope: Scope): Promise<MemberResult> {
  const results = await runChain(ctx, swarm.stages, input, scope);
  const last = results.at(-1)!;
  return combine(last.output, results, last.messages);
}

async function runHandoff(ctx: RunContext, swarm: Swarm, input: string, scope: Scope): Promise<MemberResult> {
  const results: MemberResult[] = [];
  let agent = swarm.entry as Agent;
  let prior: Message[] = [];
  let text = input;
  let from: string | undefined;
  for (let handoffs = 0; ; handoffs++) {
    const result = await runAgent(ctx, agent, { text, prior }, scope, { metadata: from ? { handoffFrom: from } : {} });
    results.push(result);
    const target = result.output.trim();
    if (!agent.handoffNames.includes(target)) return combine(result.output, results, result.messages);
    if (handoffs >= swarm.maxHandoffs) {
      throw new SwarmError(`Swarm "${swarm.name}": more than maxHandoffs (${swarm.maxHandoffs}) handoffs`);
    }
    // The target continues the conversation; the routing answer itself is dropped.
    prior = result.messages.slice(0, -1);
    text = "";
    from = agent.name;
    agent = swarm.member(target) as Agent;
  }
}

async function runTeam(ctx: RunContext, swarm: Swarm, input: string, scope: Scope): Promise<MemberResult> {
  const lead = swarm.entry as Agent;
  const workers = swarm.agents.filter((member) => member !== lead);
  const delegations: RunnableTool[] = workers.map((worker) => ({
    kind: "delegation",
    tool: tool({
      name: `delegate_to_${worker.name}`,
      description: `Give a task to "${worker.name}" and get its answer back.`,
      parameters: z.object({ task: z.string().describe("The task, with everything the worker needs to know") }),
      execute: async ({ task }, { nodeId, signal }) =>
        (await ctx.runMember(worker, task, { parentId: nodeId, signal })).output,
    }),
  }));
  return runAgent(ctx, lead, { text: input }, scope, { extraTools: delegations });
}
