/**
 * One agent's run: a node in the tree, START/FINISHED/ERROR hooks, and the plan-execute
 * loop (planner → model call or tool execution) until the history holds a final answer.
 */
import type { Agent } from "../agent";
import { AgentError } from "../errors";
import { fireHooks, HookPoint, type HookRegistration } from "../hooks";
import { parseModelString, type Message } from "../model";
import type { RunNode } from "../runState";
import { toJsonSchema, toZodSchema } from "../schema";
import { toToolDefinition } from "../tool";
import { abortError } from "./abort";
import type { RunContext } from "./context";
import { LoopDetector } from "./loopDetection";
import { modelStep, type ModelCallSettings } from "./modelStep";
import { SubAgentManager } from "./orchestration";
import { checkOutput } from "./outputValidation";
import { nextAction } from "./planner";
import { executeToolCalls, type RunnableTool } from "./toolExecution";
import type { MemberResult, Scope } from "./types";

export type AgentInput = {
  /** Becomes the user message; empty when `prior` already ends with the request. */
  text: string;
  /** Earlier conversation (handoff, resume); its system messages are dropped. */
  prior?: readonly Message[];
};

export type AgentRunOptions = {
  /** Engine-made tools added for this run (team delegation). */
  extraTools?: readonly RunnableTool[];
  metadata?: Record<string, unknown>;
  /** The array to keep the history in, so a caller can read it even after a failure. */
  history?: Message[];
};

export async function runAgent(
  ctx: RunContext,
  agent: Agent,
  input: AgentInput,
  scope: Scope,
  options: AgentRunOptions = {},
): Promise<MemberResult> {
  const { signal } = scope;
  const node = ctx.state.createNode("agent", agent.name, scope.parentId, {
    input: input.text,
    metadata: { model: agent.model, ...options.metadata },
  });
  ctx.start(node);
  const hooks = ctx.hooksFor(agent);
  const base = { agentName: agent.name, nodeId: node.id };
  const history = options.history ?? [];
  const spawner = agent.spawn
    ? new SubAgentManager(ctx, agent, agent.spawn, signal, (sub, text, subScope, subOptions) =>
        runAgent(ctx, sub, { text }, subScope, subOptions),
      )
    : undefined;
  try {
    if (hooks.length > 0) await fireHooks(hooks, { point: HookPoint.START, ...base, input: input.text });
    const tools: RunnableTool[] = [
      ...agent.tools.map((tool) => ({ tool, kind: "tool_call" as const })),
      ...(options.extraTools ?? []),
      ...(spawner?.tools ?? []),
    ];
    const { output, parsed } = await agentLoop(ctx, { agent, node, hooks, history, tools, signal }, input);
    // The run of an orchestrator ends only when every sub-agent it spawned has ended.
    await spawner?.waitAll();
    if (hooks.length > 0) await fireHooks(hooks, { point: HookPoint.FINISHED, ...base, output, messages: history });
    ctx.succeed(node, output);
    return { output, messages: history, usage: { ...node.usage }, parsed };
  } catch (error) {
    if (spawner) {
      spawner.cancel();
      await spawner.waitAll();
    }
    ctx.fail(node, error, signal);
    if (hooks.length > 0) await fireHooks(hooks, { point: HookPoint.ERROR, ...base, error });
    throw error;
  }
}

type LoopParts = {
  agent: Agent;
  node: RunNode;
  hooks: readonly HookRegistration[];
  history: Message[];
  tools: readonly RunnableTool[];
  signal: AbortSignal;
};

async function agentLoop(
  ctx: RunContext,
  { agent, node, hooks, history, tools, signal }: LoopParts,
  input: AgentInput,
): Promise<{ output: string; parsed?: unknown }> {
  const agentName = agent.name;
  const system = await agent.resolveInstructions(input.text);
  if (system) history.push({ role: "system", content: system });
  for (const message of input.prior ?? []) if (message.role !== "system") history.push(message);
  if (input.text) history.push({ role: "user", content: input.text });

  const toolsByName = new Map(tools.map((runnable) => [runnable.tool.name, runnable]));
  const validator = agent.outputSchema ? toZodSchema(agent.outputSchema) : undefined;
  const call: ModelCallSettings = {
    provider: await ctx.provider(agent.model),
    model: parseModelString(agent.model).model,
    tools: tools.map((runnable) => toToolDefinition(runnable.tool)),
    outputSchema: agent.outputSchema
      ? { name: `${agentName}_output`, schema: toJsonSchema(agent.outputSchema) }
      : undefined,
  };
  const loops = new LoopDetector(agentName, ctx.loopThreshold);

  let steps = 0;
  /** History entries before this index are already attributed to a step node. */
  let attributed = 0;
  /** A step stays open until the tool calls it asked for have run. */
  let openStep: { node: RunNode; content: string } | undefined;
  let schemaRetried = false;

  try {
    for (;;) {
      if (signal.aborted) throw abortError(signal);
      const action = nextAction(history);

      if (action.type === "done") return { output: "" };

      if (action.type === "complete") {
        if (!validator) return { output: action.output };
        const check = checkOutput(validator, action.output);
        if (check.ok) return { output: action.output, parsed: check.value };
        if (schemaRetried)
          throw new AgentError(agentName, `the final answer does not match the output schema: ${check.problem}`);
        // One second chance: tell the model what was wrong.
        schemaRetried = true;
        history.push({
          role: "user",
          content: `Your answer does not match the required JSON schema (${check.problem}). Reply with only the corrected JSON.`,
        });
        continue;
      }

      if (action.type === "execute_tools") {
        const signature = loops.record(action.toolCalls);
        const parent = openStep?.node ?? node;
        if (openStep) ctx.state.annotate(openStep.node, { signature });
        const results = await executeToolCalls(
          ctx,
          { agentName, tools: toolsByName, hooks, parent, signal, approve: agent.approve },
          action.toolCalls,
        );
        history.push(...results);
        if (openStep) ctx.succeed(openStep.node, openStep.content, agentName);
        openStep = undefined;
        continue;
      }

      if (steps >= agent.maxSteps)
        throw new AgentError(agentName, `no final answer within maxSteps (${agent.maxSteps})`);
      steps++;
      const step = ctx.state.createNode("step", agentName, node.id, {
        metadata: {
          model: agent.model,
          step: steps,
          historyLength: history.length,
          newMessages: history.slice(attributed),
        },
      });
      const edited = ctx.stepEdit(step.id);
      if (edited) {
        // A person edited what this step sees: the agent goes on from the edited history.
        history.splice(0, history.length, ...edited);
        attributed = 0;
        ctx.state.annotate(step, { historyLength: history.length, newMessages: history.slice(), edited: true });
      }
      openStep = { node: step, content: "" };
      const assistant = await modelStep(ctx, { agent, step, number: steps, hooks, history, call, signal });
      history.push(assistant);
      attributed = history.length;
      openStep.content = assistant.content;
      // A step that asked for tools ends when they have run (the execute_tools branch).
      if (assistant.toolCalls.length === 0) {
        ctx.succeed(step, assistant.content, agentName);
        openStep = undefined;
      }
    }
  } catch (error) {
    if (openStep) ctx.fail(openStep.node, error, signal, agentName);
    throw error;
  }
}
