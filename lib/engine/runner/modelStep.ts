/**
 * One step of an agent: a model call on its history, with its RunNode started, the
 * PRE/POST_LLM_CALL hooks around it, usage added up the tree and `usage` / `step` events.
 */
import type { Agent } from "../agent";
import { fireHooks, HookPoint, type HookRegistration } from "../hooks";
import type { AssistantMessage, Message, ModelProvider, ModelRequest, ModelResponse, ToolDefinition } from "../model";
import type { RunNode } from "../runState";
import type { RunContext } from "./context";
import { callModel, type ModelCallAttempt } from "./modelCall";

/** What stays the same for every call of one agent run. */
export type ModelCallSettings = {
  provider: ModelProvider;
  /** Without its provider prefix. */
  model: string;
  tools: ToolDefinition[];
  outputSchema: ModelRequest["outputSchema"];
};

export type ModelStep = {
  agent: Agent;
  /** The step's node, created (not started) by the caller, who also ends it. */
  step: RunNode;
  /** 1-based within the agent's run. */
  number: number;
  hooks: readonly HookRegistration[];
  history: readonly Message[];
  call: ModelCallSettings;
  signal: AbortSignal;
};

export async function modelStep(ctx: RunContext, s: ModelStep): Promise<AssistantMessage> {
  const agentName = s.agent.name;
  const nodeId = s.step.id;
  ctx.start(s.step, agentName);
  const request: ModelRequest = {
    model: s.call.model,
    messages: s.history.slice(),
    tools: s.call.tools,
    temperature: s.agent.temperature,
    maxTokens: s.agent.maxTokens,
    outputSchema: s.call.outputSchema,
    signal: s.signal,
  };
  if (s.hooks.length > 0) await fireHooks(s.hooks, { point: HookPoint.PRE_LLM_CALL, agentName, nodeId, request, messages: request.messages });
  const { response, retries } = await recordedOrCalled(ctx, s, request);
  ctx.state.iterations++;
  const assistant: AssistantMessage = { role: "assistant", content: response.content, toolCalls: response.toolCalls };
  ctx.state.annotate(s.step, {
    retries,
    finishReason: response.finishReason,
    response: assistant,
    modelUsage: response.usage,
  });
  ctx.state.addUsage(s.step, response.usage);
  if (ctx.listening) {
    ctx.emit({ type: "usage", agentName, nodeId, usage: response.usage, total: ctx.state.usage });
    ctx.emit({
      type: "step",
      agentName,
      nodeId,
      step: s.number,
      content: assistant.content,
      toolCalls: assistant.toolCalls,
    });
  }
  if (s.hooks.length > 0) await fireHooks(s.hooks, { point: HookPoint.POST_LLM_CALL, agentName, nodeId, response });
  return assistant;
}

/**
 * The step's response: recorded by an earlier execution of this run (no call), else from
 * the provider, recorded before the run goes on. A call that an earlier execution started
 * and never finished (its process died) counts as a failed first try.
 */
async function recordedOrCalled(
  ctx: RunContext,
  s: ModelStep,
  request: ModelRequest,
): Promise<{ response: ModelResponse; retries: number }> {
  const nodeId = s.step.id;
  const recorded = ctx.checkpoints?.recorded(nodeId);
  if (recorded?.kind === "model") {
    if (recorded.attempts) ctx.state.annotate(s.step, { attempts: recorded.attempts });
    // A fork's reused step cost its parent, not this run: it adds no usage here.
    if (recorded.reusedFrom) {
      ctx.state.annotate(s.step, { reusedFrom: recorded.reusedFrom });
      return { response: { ...recorded.response, usage: NO_USAGE }, retries: 0 };
    }
    return { response: recorded.response, retries: Math.max(0, (recorded.attempts?.length ?? 1) - 1) };
  }
  const attempts: ModelCallAttempt[] = [];
  const interruptedAt = ctx.checkpoints?.interruptedAt?.(nodeId);
  if (interruptedAt !== undefined) attempts.push({ startedAt: interruptedAt, endedAt: Date.now(), error: INTERRUPTED_TRY });
  let called: Awaited<ReturnType<typeof callModel>>;
  try {
    called = await callModel(ctx, { agentName: s.agent.name, nodeId, provider: s.call.provider }, request, s.signal, attempts);
  } finally {
    // A retried call's tries are drawn one by one on the timeline, whether it ended well or not.
    if (attempts.length > 1) ctx.state.annotate(s.step, { attempts });
  }
  const retries = attempts.length - 1;
  await ctx.checkpoints?.record(nodeId, { kind: "model", response: called.response, ...(attempts.length > 1 ? { attempts } : {}) });
  return { response: called.response, retries };
}

const NO_USAGE = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };

/** The error of a try whose process stopped before it ended. */
export const INTERRUPTED_TRY = "interrupted: the process running this call stopped";
