/**
 * The next action of an agent as a pure function of its message history (the
 * AgentBuilder plan-execute loop). Because nothing else decides, a run persisted after
 * any step resumes from its stored messages.
 */
import type { Message, ToolCall } from "../model";

export type NextAction =
  | { type: "done" }
  | { type: "call_model" }
  | { type: "execute_tools"; toolCalls: ToolCall[] }
  | { type: "complete"; output: string };

export function nextAction(history: readonly Message[]): NextAction {
  const last = history.at(-1);
  if (!last) return { type: "done" };
  if (last.role !== "assistant") return { type: "call_model" };
  if (last.toolCalls.length > 0) return { type: "execute_tools", toolCalls: last.toolCalls };
  return { type: "complete", output: last.content };
}
