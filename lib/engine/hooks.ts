/**
 * Lifecycle hooks. They run in registration order and are awaited; a hook that throws
 * aborts the run (its error is what the run rejects with).
 */
import type { Message, ModelRequest, ModelResponse, ToolCall } from "./model";

export const HookPoint = {
  START: "start",
  FINISHED: "finished",
  ERROR: "error",
  PRE_LLM_CALL: "pre_llm_call",
  POST_LLM_CALL: "post_llm_call",
  PRE_TOOL_CALL: "pre_tool_call",
  POST_TOOL_CALL: "post_tool_call",
} as const;
export type HookPoint = (typeof HookPoint)[keyof typeof HookPoint];

/** What a hook sees; fields beyond `point`, `agentName` and `nodeId` depend on the point. */
export type HookContext = {
  point: HookPoint;
  agentName: string;
  /** The RunNode this hook belongs to (agent, step or tool call). */
  nodeId: string;
  input?: string;
  messages?: readonly Message[];
  request?: ModelRequest;
  response?: ModelResponse;
  toolCall?: ToolCall;
  /** POST_TOOL_CALL: the text sent back to the model. */
  toolResult?: string;
  output?: string;
  error?: unknown;
};

export type Hook = (context: HookContext) => void | Promise<void>;
export type HookRegistration = readonly [HookPoint, Hook];

/**
 * Runs every hook registered for `context.point`, one after another. The runner calls
 * it only when there are hooks (`hooks.length > 0`): most agents have none, and every
 * step would otherwise build four contexts and await four promises for nothing.
 */
export async function fireHooks(hooks: readonly HookRegistration[], context: HookContext): Promise<void> {
  for (const [point, hook] of hooks) {
    if (point === context.point) await hook(context);
  }
}
