/**
 * An agent's configuration. Running it is the runner's job (runner/agentLoop.ts).
 */
import { AgentError } from "./errors";
import type { HookPoint, Hook, HookRegistration } from "./hooks";
import type { SchemaLike } from "./model";
import type { AnyTool } from "./tool";

export type InstructionsContext = { agentName: string; input: string };
export type Instructions = string | ((context: InstructionsContext) => string | Promise<string>);

/** Lets an agent start background sub-agents through a `spawn_agent` tool. */
export type SpawnConfig = {
  /** How many sub-agents run at the same time; the rest wait in a queue (default 4). */
  maxConcurrent?: number;
  /** How many sub-agents one run of this agent may start in total (default 16). */
  maxAgents?: number;
};

export type AgentConfig = {
  name: string;
  /** "provider:model"; default "openai:gpt-4o". */
  model?: string;
  instructions?: Instructions;
  tools?: readonly AnyTool[];
  /** Agents (or their names) this agent may hand control to in a handoff swarm. */
  handoffs?: ReadonlyArray<Agent | string>;
  hooks?: readonly HookRegistration[];
  /** Structured output (zod or JSON Schema): the final answer must be JSON matching it. */
  outputSchema?: SchemaLike;
  maxSteps?: number;
  temperature?: number;
  maxTokens?: number;
  /** Orchestration: give this agent `spawn_agent` and `wait_agents` tools. */
  spawn?: SpawnConfig | boolean;
  /** Tools (by name) whose every call waits for a person's yes or no first. */
  approve?: readonly string[];
};

export const DEFAULT_MODEL = "openai:gpt-4o";

export class Agent {
  readonly name: string;
  readonly model: string;
  readonly instructions: Instructions;
  readonly tools: readonly AnyTool[];
  readonly handoffs: ReadonlyArray<Agent | string>;
  readonly hooks: HookRegistration[];
  readonly outputSchema?: SchemaLike;
  readonly maxSteps: number;
  readonly temperature: number;
  readonly maxTokens?: number;
  readonly spawn?: Required<SpawnConfig>;
  readonly approve: ReadonlySet<string>;

  constructor(config: AgentConfig) {
    if (typeof config.name !== "string" || !config.name.trim()) throw new AgentError(String(config.name ?? ""), "an agent needs a name");
    this.name = config.name;
    this.model = config.model ?? DEFAULT_MODEL;
    this.instructions = config.instructions ?? "";
    this.tools = config.tools ?? [];
    this.handoffs = config.handoffs ?? [];
    this.hooks = [...(config.hooks ?? [])];
    this.outputSchema = config.outputSchema;
    this.maxSteps = config.maxSteps ?? 10;
    this.temperature = config.temperature ?? 1.0;
    this.maxTokens = config.maxTokens;
    this.approve = new Set(config.approve ?? []);
    if (config.spawn) {
      const spawn = config.spawn === true ? {} : config.spawn;
      this.spawn = { maxConcurrent: spawn.maxConcurrent ?? 4, maxAgents: spawn.maxAgents ?? 16 };
    }
    const names = new Set<string>();
    for (const t of this.tools) {
      if (names.has(t.name)) throw new AgentError(this.name, `two tools are named "${t.name}"`);
      names.add(t.name);
    }
    const targets = new Set<string>();
    for (const target of this.handoffNames) {
      if (targets.has(target)) throw new AgentError(this.name, `two handoffs are to "${target}"`);
      targets.add(target);
    }
  }

  get handoffNames(): string[] {
    return this.handoffs.map((h) => (typeof h === "string" ? h : h.name));
  }

  /** Appends a hook; hooks run in the order they were added. */
  addHook(point: HookPoint, hook: Hook): this {
    this.hooks.push([point, hook]);
    return this;
  }

  async resolveInstructions(input: string): Promise<string> {
    if (typeof this.instructions === "string") return this.instructions;
    return this.instructions({ agentName: this.name, input });
  }
}
