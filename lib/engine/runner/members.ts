/**
 * Runs any swarm member: an agent, a group or a nested swarm.
 */
import { Agent } from "../agent";
import { ParallelGroup, SerialGroup, type SwarmMember } from "../swarm";
import { runAgent } from "./agentLoop";
import type { RunContext } from "./context";
import { runParallel, runSerial } from "./groups";
import { runSwarm } from "./swarmModes";
import type { MemberResult, Scope } from "./types";

export function runMember(ctx: RunContext, member: SwarmMember, input: string, scope: Scope): Promise<MemberResult> {
  if (member instanceof Agent) return runAgent(ctx, member, { text: input }, scope);
  if (member instanceof ParallelGroup) return runParallel(ctx, { kind: "group", ...member }, input, scope);
  if (member instanceof SerialGroup) return runSerial(ctx, member, input, scope);
  // A nested swarm starts from its own fresh history: only its input crosses over.
  return runSwarm(ctx, member.swarm, input, scope, member.name);
}
