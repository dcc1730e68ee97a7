/**
 * A swarm (members, a flow and a mode) and the containers its flow can name like
 * agents: parallel and serial groups, nested swarms. Configuration only, checked at
 * construction; runner/swarmModes.ts and runner/groups.ts run them. One file, as
 * `SwarmMember` is one recursive union over all of them.
 */
import { Agent } from "./agent";
import { GroupError, SwarmError } from "./errors";
import { parseFlow } from "./flow";

export const SWARM_MODES = ["workflow", "handoff", "team"] as const;
export type SwarmMode = (typeof SWARM_MODES)[number];

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
    if (!SWARM_MODES.includes(this.mode)) {
      throw new SwarmError(`Swarm "${this.name}": unknown mode "${String(this.mode)}" (modes: ${SWARM_MODES.join(", ")})`);
    }
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

/** Anything a swarm or group can hold. */
export type SwarmMember = Agent | ParallelGroup | SerialGroup | SwarmNode;

export type ParallelResult = { name: string; output: string };

export type ParallelGroupConfig = {
  name: string;
  agents: readonly SwarmMember[];
  separator?: string;
  /** Combines the members' outputs (in member order); default: join with `separator`. */
  aggregate?: (results: ParallelResult[]) => string | Promise<string>;
};

function checkMembers(kind: string, name: string, members: readonly SwarmMember[]): void {
  if (members.length === 0) throw new GroupError(name, `a ${kind} needs at least one member`);
  const seen = new Set<string>();
  for (const member of members) {
    if (seen.has(member.name)) throw new GroupError(name, `a ${kind} holds "${member.name}" twice`);
    seen.add(member.name);
  }
}

/** Runs every member on the same input at the same time; any failure fails the group. */
export class ParallelGroup {
  readonly name: string;
  readonly agents: readonly SwarmMember[];
  readonly separator: string;
  readonly aggregate?: ParallelGroupConfig["aggregate"];

  constructor(config: ParallelGroupConfig) {
    checkMembers("ParallelGroup", config.name, config.agents);
    this.name = config.name;
    this.agents = config.agents;
    this.separator = config.separator ?? "\n\n";
    this.aggregate = config.aggregate;
  }
}

/** Runs members one after another, each output the next input. */
export class SerialGroup {
  readonly name: string;
  readonly agents: readonly SwarmMember[];

  constructor(config: { name: string; agents: readonly SwarmMember[] }) {
    checkMembers("SerialGroup", config.name, config.agents);
    this.name = config.name;
    this.agents = config.agents;
  }
}

/** A swarm used as a member of another: it starts with its own fresh history. */
export class SwarmNode {
  readonly name: string;
  readonly swarm: Swarm;

  constructor(config: { swarm: Swarm; name?: string }) {
    if (!(config.swarm instanceof Swarm)) {
      const given = config.swarm === null ? "null" : typeof config.swarm;
      throw new SwarmError(`SwarmNode${config.name ? ` "${config.name}"` : ""}: expected a Swarm, got ${given}`);
    }
    this.swarm = config.swarm;
    this.name = config.name ?? config.swarm.name;
  }
}
