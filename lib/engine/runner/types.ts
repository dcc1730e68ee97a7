/** Types the runner's phases share; importing nothing at run time, so any phase may use them. */
import type { Message, Usage } from "../model";

/** Where a member runs: the RunNode to hang its nodes under and the signal that stops it. */
export type Scope = { parentId: string; signal: AbortSignal };

/** What running any member (agent, group, nested swarm) yields. */
export type MemberResult = {
  output: string;
  /** The conversation that produced `output` (the last agent's history). */
  messages: Message[];
  usage: Usage;
  /** The final answer parsed as JSON, for an agent with an outputSchema. */
  parsed?: unknown;
};

export type SubAgentStatus = "initializing" | "running" | "completed" | "failed";

export type SubAgentToolCall = { id: string; name: string; arguments: string; result?: string; error?: boolean };

/** A sub-agent spawned through `spawn_agent` (runner/orchestration.ts). */
export type SubAgentRecord = {
  id: string;
  purpose: string;
  status: SubAgentStatus;
  result?: string;
  error?: string;
  toolCalls: SubAgentToolCall[];
};
