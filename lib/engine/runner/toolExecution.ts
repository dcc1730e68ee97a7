/**
 * Executes the tool calls of one assistant message concurrently. Each call gets a
 * RunNode under the step that asked for it. A ToolError, an unknown tool or invalid
 * arguments go back to the model as an error result (the node ends `failed`, the agent
 * goes on); any other exception fails the agent and cancels the sibling calls.
 */
import { AgentError, HumanInputRequest, RunAbortedError, ToolError } from "../errors";
import { fireHooks, HookPoint, type HookRegistration } from "../hooks";
import type { ToolCall, ToolMessage } from "../model";
import type { RunNode } from "../runState";
import { stringifyToolResult, type AnyTool } from "../tool";
import { childController, raceAbort } from "./abort";
import type { RunContext } from "./context";

/** A tool as an agent run holds it; engine-made tools (delegation, spawn) get their own node kind. */
export type RunnableTool = { tool: AnyTool; kind: "tool_call" | "delegation" | "spawn" };

export type ToolBatch = {
  agentName: string;
  tools: ReadonlyMap<string, RunnableTool>;
  hooks: readonly HookRegistration[];
  /** The step node (or the agent node when resuming after a stored step). */
  parent: RunNode;
  signal: AbortSignal;
  /** Tools whose calls wait for a person's approval first. */
  approve?: ReadonlySet<string>;
};

export async function executeToolCalls(
  ctx: RunContext,
  batch: ToolBatch,
  calls: readonly ToolCall[],
): Promise<ToolMessage[]> {
  if (calls.length === 1) return [await executeToolCall(ctx, batch, calls[0]!)];
  const { controller, dispose } = childController(batch.signal);
  const siblings = { ...batch, signal: controller.signal };
  let failure: { error: unknown } | undefined;
  try {
    const settled = await Promise.allSettled(
      calls.map((call) =>
        executeToolCall(ctx, siblings, call).catch((error: unknown) => {
          if (!failure) {
            failure = { error };
            controller.abort(new RunAbortedError("cancelled", `tool call "${call.name}" failed`));
          }
          throw error;
        }),
      ),
    );
    if (failure) throw failure.error;
    return settled.map((result) => (result as PromiseFulfilledResult<ToolMessage>).value);
  } finally {
    dispose();
  }
}

async function executeToolCall(ctx: RunContext, batch: ToolBatch, call: ToolCall): Promise<ToolMessage> {
  const { agentName, signal } = batch;
  const runnable = batch.tools.get(call.name);
  const node = ctx.state.createNode(runnable?.kind ?? "tool_call", call.name, batch.parent.id, {
    input: call.arguments,
    // Which kind of tool ran (the timeline's badge); engine-made tools have their own node kinds.
    metadata: runnable?.kind === "tool_call" ? { toolCallId: call.id, toolKind: runnable.tool.kind ?? "builtin" } : { toolCallId: call.id },
  });
  ctx.start(node, agentName);
  if (ctx.listening) ctx.emit({ type: "tool_call", agentName, nodeId: node.id, toolCall: call });

  try {
    if (batch.hooks.length > 0) await fireHooks(batch.hooks, { point: HookPoint.PRE_TOOL_CALL, agentName, nodeId: node.id, toolCall: call });
    const gated = batch.approve?.has(call.name) && runnable?.kind === "tool_call";
    const outcome =
      gated && !(await approved(ctx, node, call, agentName))
        ? { content: `Error: a person declined this call of "${call.name}"; do not try it again`, error: true }
        : await recordedOrInvoked(ctx, node.id, runnable, call, {
            agentName,
            toolCallId: call.id,
            nodeId: node.id,
            signal,
            recordLogs: (logs, dropped) => ctx.state.annotate(node, dropped > 0 ? { logs, droppedLogs: dropped } : { logs }),
          });
    const message: ToolMessage = { role: "tool", toolCallId: call.id, toolName: call.name, content: outcome.content };
    if (outcome.error) message.error = true;
    if (batch.hooks.length > 0) await fireHooks(batch.hooks, {
      point: HookPoint.POST_TOOL_CALL,
      agentName,
      nodeId: node.id,
      toolCall: call,
      toolResult: outcome.content,
    });
    if (ctx.listening) {
      ctx.emit({
        type: "tool_result",
        agentName,
        nodeId: node.id,
        toolCallId: call.id,
        toolName: call.name,
        content: outcome.content,
        error: outcome.error,
      });
    }
    if (outcome.error) ctx.fail(node, outcome.content, signal, agentName);
    else ctx.succeed(node, outcome.content, agentName);
    return message;
  } catch (error) {
    ctx.fail(node, error, signal, agentName);
    throw error;
  }
}

type Outcome = { content: string; error: boolean };

const APPROVAL_CHOICES = ["yes", "no"] as const;

/**
 * An approval gate: a node under the tool call asks "may it?"; the person's recorded
 * answer decides (yes: the tool runs); with no answer yet the run pauses, waiting.
 */
async function approved(ctx: RunContext, toolNode: RunNode, call: ToolCall, agentName: string): Promise<boolean> {
  const question = `Allow ${agentName} to call ${call.name} with ${call.arguments || "{}"}?`;
  const gate = ctx.state.createNode("approval", call.name, toolNode.id, { input: JSON.stringify({ question, choices: APPROVAL_CHOICES }) });
  ctx.start(gate, agentName);
  const recorded = ctx.checkpoints?.recorded(gate.id);
  if (recorded?.kind !== "tool") {
    ctx.suspend(gate.id, agentName, { question, choices: APPROVAL_CHOICES });
    throw ctx.signal.reason;
  }
  if (recorded.answeredAt !== undefined) ctx.state.annotate(gate, { answer: { by: recorded.answeredBy ?? null, at: recorded.answeredAt } });
  ctx.succeed(gate, recorded.content, agentName);
  return recorded.content === "yes";
}

/**
 * A tool call's outcome recorded by an earlier execution of this run, else the tool's,
 * recorded before the run goes on. Delegations and spawns are not recorded: they run
 * engine code whose own model and tool calls are.
 */
async function recordedOrInvoked(
  ctx: RunContext,
  nodeId: string,
  runnable: RunnableTool | undefined,
  call: ToolCall,
  context: Parameters<AnyTool["execute"]>[1],
): Promise<Outcome> {
  const recordable = runnable?.kind === "tool_call" && ctx.checkpoints !== undefined;
  const recorded = recordable ? ctx.checkpoints?.recorded(nodeId) : undefined;
  if (recorded?.kind === "tool") {
    const node = ctx.state.nodes.get(nodeId);
    if (node && recorded.answeredAt !== undefined) ctx.state.annotate(node, { answer: { by: recorded.answeredBy ?? null, at: recorded.answeredAt } });
    if (node && recorded.reusedFrom) ctx.state.annotate(node, { reusedFrom: recorded.reusedFrom });
    return { content: recorded.content, error: recorded.error };
  }
  let outcome: Outcome;
  try {
    outcome = await invoke(runnable, call, context);
  } catch (error) {
    // A person must answer first: the run pauses here, and this call's result will be the answer.
    if (error instanceof HumanInputRequest) ctx.suspend(nodeId, context.agentName, error);
    throw error;
  }
  if (recordable) await ctx.checkpoints?.record(nodeId, { kind: "tool", ...outcome });
  return outcome;
}

/** Runs the tool; errors meant for the model become an error outcome, others are rethrown. */
async function invoke(
  runnable: RunnableTool | undefined,
  call: ToolCall,
  context: Parameters<AnyTool["execute"]>[1],
): Promise<Outcome> {
  if (!runnable) return { content: `Error: there is no tool named "${call.name}"`, error: true };
  let raw: unknown;
  try {
    raw = call.arguments.trim() ? JSON.parse(call.arguments) : {};
  } catch {
    return { content: `Error: the arguments of "${call.name}" are not valid JSON`, error: true };
  }
  const { tool, kind } = runnable;
  const args = tool.argsSchema.safeParse(raw);
  if (!args.success) {
    const problems = args.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    return { content: `Error: invalid arguments for "${call.name}": ${problems.join("; ")}`, error: true };
  }
  try {
    const result = await raceAbort(tool.execute(args.data, context), context.signal);
    return { content: stringifyToolResult(result), error: false };
  } catch (error) {
    if (error instanceof ToolError) return { content: `Error: ${error.message}`, error: true };
    // Delegations and spawns run engine code: their failures (and hook errors) pass through as they are.
    if (context.signal.aborted || kind !== "tool_call" || !(error instanceof Error) || error instanceof HumanInputRequest) throw error;
    throw new AgentError(context.agentName, `tool "${call.name}" failed: ${error.message}`, { cause: error });
  }
}
