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
