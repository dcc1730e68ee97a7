/**
 * Groups and nested swarms: containers a swarm's flow can name like agents.
 * Configuration only; runner/groups.ts runs them.
 */
import type { Agent } from "./agent";
import type { Swarm } from "./swarm";

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
  if (members.length === 0) throw new TypeError(`${kind} "${name}" has no members`);
  const seen = new Set<string>();
  for (const member of members) {
    if (seen.has(member.name)) throw new TypeError(`${kind} "${name}" holds "${member.name}" twice`);
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
    this.swarm = config.swarm;
    this.name = config.name ?? config.swarm.name;
  }
}
