/**
 * Stream events: what `run.stream` yields and what a RunRecorder's `onEvent` receives.
 * Every event names the agent (or group / swarm) it comes from and the RunNode it
 * belongs to, so a UI can attach text tokens to the right node.
 */
import type { ToolCall, Usage } from "./model";
import type { RunNodeKind, RunNodeStatus } from "./runNodeEnums";

type EventBase = { agentName: string; nodeId: string };

export type StreamEvent =
  /** A piece of model text, from the step node that is producing it. */
  | (EventBase & { type: "text"; text: string })
  /** A tool call about to run, from its tool_call (or delegation / spawn) node. */
  | (EventBase & { type: "tool_call"; toolCall: ToolCall })
  | (EventBase & { type: "tool_result"; toolCallId: string; toolName: string; content: string; error: boolean })
  /** One model call finished; `step` counts from 1 within the agent's run. */
  | (EventBase & { type: "step"; step: number; content: string; toolCalls: ToolCall[] })
  /** A RunNode changed status (every kind: run, swarm, stage, group, agent, step, …). */
  | (EventBase & { type: "status"; kind: RunNodeKind; name: string; status: RunNodeStatus })
  /** Usage of one model call and the run's running total. */
  | (EventBase & { type: "usage"; usage: Usage; total: Usage })
  | (EventBase & { type: "error"; error: { name: string; message: string } })
  /** The run pauses until a person answers (ask_human or an approval), from the tool call's node. */
  | (EventBase & { type: "question"; question: string; choices?: readonly string[] })
  /** Last event of a successful run. */
  | (EventBase & { type: "done"; output: string; usage: Usage; steps: number });

export type StreamEventType = StreamEvent["type"];
