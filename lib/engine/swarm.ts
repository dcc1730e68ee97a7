/**
 * A swarm: members, a flow and a mode. Configuration only, checked at construction;
 * runner/swarmModes.ts runs it.
 */
import { parseFlow } from "@/lib/dsl/flow";
import { Agent } from "./agent";
import { SwarmError } from "./errors";
import type { SwarmMember } from "./groups";

export type SwarmMode = "workflow" | "handoff" | "team";

export type SwarmConfig = {
  agents: readonly SwarmMember[];
  /** Orbiter's flow string, e.g. "a >> (b | c) >> d"; default: members in order. */
  flow?: string;
  mode?: SwarmMode;
  maxHandoffs?: number;
  name?: string;
};

export class Swarm {
  readonly name: string;
  readonly agents: readonly SwarmMember[];
  readonly flow?: string;
  readonly mode: SwarmMode;
  readonly maxHandoffs: number;
  /** Workflow stages resolved from the flow; a stage with several members runs them concurrently. */
  readonly stages: readonly (readonly SwarmMember[])[];
  private readonly byName: ReadonlyMap<string, SwarmMember>;

  constructor(config: SwarmConfig) {
    this.name = config.name ?? "swarm";
    this.agents = config.agents;
    this.flow = config.flow;
    this.mode = config.mode ?? "workflow";
    this.maxHandoffs = config.maxHandoffs ?? 10;
    if (this.agents.length === 0) throw new SwarmError(`Swarm "${this.name}" has no members`);

    const byName = new Map<string, SwarmMember>();
    for (const member of this.agents) {
      if (byName.has(member.name))
        throw new SwarmError(`Swarm "${this.name}" holds two members named "${member.name}"`);
      byName.set(member.name, member);
    }
    this.byName = byName;

    // parseFlow throws FlowError (with line and column) for bad syntax and unknown names.
    const stageNames = config.flow
      ? parseFlow(config.flow, { names: new Set(byName.keys()) }).stages
      : this.agents.map((member) => [member.name]);
    this.stages = stageNames.map((stage) => stage.map((name) => byName.get(name)!));

    if (this.mode !== "workflow") this.checkAgentsOnly();
    if (this.mode === "handoff") this.checkHandoffTargets();
  }

  member(name: string): SwarmMember | undefined {
    return this.byName.get(name);
  }

  /** Handoff and team swarms: the agent that receives the input (lead or first). */
  get entry(): SwarmMember {
    return this.stages[0]![0]!;
  }

  private checkAgentsOnly(): void {
    const lead = this.entry;
    if (!(lead instanceof Agent))
      throw new SwarmError(`Swarm "${this.name}" (${this.mode}): "${lead.name}" must be an agent`);
    if (this.mode === "team" && this.agents.length < 2) {
      throw new SwarmError(`Swarm "${this.name}" (team) needs a lead and at least one worker`);
    }
    if (this.mode === "handoff") {
      for (const member of this.agents) {
        if (!(member instanceof Agent))
          throw new SwarmError(`Swarm "${this.name}" (handoff): "${member.name}" is not an agent`);
      }
    }
  }

  private checkHandoffTargets(): void {
    for (const member of this.agents as Agent[]) {
      for (const target of member.handoffNames) {
        if (!this.byName.has(target)) {
          throw new SwarmError(`Swarm "${this.name}": agent "${member.name}" hands off to unknown "${target}"`);
        }
      }
    }
  }
}
