/**
 * Orchestration: an agent with `spawn` gets a `spawn_agent {purpose, context}` tool that
 * returns an agent id at once, and `wait_agents {agentIds?}` to collect results.
 * Sub-agents run in the background, at most `maxConcurrent` at a time (the rest queue),
 * cannot spawn again, and each keeps a record: status `initializing → running →
 * completed | failed`, result or error, and its tool-call history.
 */
import { z } from "zod";
import { Agent, type SpawnConfig } from "../agent";
import { RunAbortedError, ToolError } from "../errors";
import type { Message } from "../model";
import { tool } from "../tool";
import { childController } from "./abort";
import type { RunContext } from "./context";
import type { RunnableTool } from "./toolExecution";
import type { MemberResult, Scope, SubAgentRecord, SubAgentToolCall } from "./types";

/**
 * Runs one sub-agent to its end: the agent loop, handed in by agentLoop.ts (which
 * creates the manager), so this module does not import the loop back.
 */
export type SubAgentRunner = (
  agent: Agent,
  input: string,
  scope: Scope,
  options: { history: Message[]; metadata: Record<string, unknown> },
) => Promise<MemberResult>;

export class SubAgentManager {
  readonly tools: RunnableTool[];
  private readonly records = new Map<string, SubAgentRecord>();
  private readonly finished = new Map<string, Promise<void>>();
  private readonly waiting: Array<() => void> = [];
  private active = 0;
  private readonly controller: AbortController;
  private readonly disposeController: () => void;

  constructor(
    private readonly ctx: RunContext,
    private readonly orchestrator: Agent,
    private readonly config: Required<SpawnConfig>,
    signal: AbortSignal,
    private readonly runSub: SubAgentRunner,
  ) {
    const child = childController(signal);
    this.controller = child.controller;
    this.disposeController = child.dispose;
    this.tools = [
      { tool: this.spawnTool(), kind: "spawn" },
      { tool: this.waitTool(), kind: "tool_call" },
    ];
  }

  /** Stops every sub-agent (the orchestrator failed). */
  cancel(): void {
    this.controller.abort(new RunAbortedError("cancelled", `the orchestrator "${this.orchestrator.name}" stopped`));
  }

  /** Resolves when every sub-agent spawned so far has ended. */
  async waitAll(): Promise<void> {
    await Promise.all(this.finished.values());
    this.disposeController();
  }

  private spawn(purpose: string, context: string, parentId: string): SubAgentRecord {
    if (this.records.size >= this.config.maxAgents) {
      throw new ToolError(`spawn limit reached: at most ${this.config.maxAgents} sub-agents per run`);
    }
    const id = `${this.orchestrator.name}.sub-${this.records.size + 1}`;
    const record: SubAgentRecord = { id, purpose, status: "initializing", toolCalls: [] };
    this.records.set(id, record);
    this.ctx.subAgents.push(record);
    const done = this.acquire()
      .then(() => this.runSubAgent(record, context, parentId))
      .finally(() => this.release());
    this.finished.set(id, done);
    return record;
  }

  private async runSubAgent(record: SubAgentRecord, context: string, parentId: string): Promise<void> {
    record.status = "running";
    const history: Message[] = [];
    const { orchestrator } = this;
    const sub = new Agent({
      name: record.id,
      model: orchestrator.model,
      instructions: `You are a sub-agent of "${orchestrator.name}". Your purpose: ${record.purpose}`,
      tools: orchestrator.tools,
      maxSteps: orchestrator.maxSteps,
      temperature: orchestrator.temperature,
      maxTokens: orchestrator.maxTokens,
    });
    try {
      const result = await this.runSub(
        sub,
        context,
        { parentId, signal: this.controller.signal },
        { history, metadata: { subAgentId: record.id, purpose: record.purpose } },
      );
      record.result = result.output;
      record.status = "completed";
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
      record.status = "failed";
      // The orchestrator goes on: the failure ends here, with its one error event.
      if (!this.controller.signal.aborted) this.ctx.emitFailure(error, { nodeId: parentId, agentName: record.id });
    } finally {
      record.toolCalls = toolCallHistory(history);
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.config.maxConcurrent) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the next queued sub-agent, if any. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  private spawnTool() {
    return tool({
      name: "spawn_agent",
      description:
        "Start a sub-agent in the background for a focused task. Returns its id at once; collect its result with wait_agents.",
      parameters: z.object({
        purpose: z.string().describe("What the sub-agent is for; becomes its instructions"),
        context: z.string().describe("Everything the sub-agent needs to know: its input"),
      }),
      execute: ({ purpose, context }, { nodeId }) => {
        const record = this.spawn(purpose, context, nodeId);
        return { agentId: record.id, status: record.status };
      },
    });
  }

  private waitTool() {
    return tool({
      name: "wait_agents",
      description: "Wait until the given sub-agents (default: all spawned so far) have ended and return their results.",
      parameters: z.object({ agentIds: z.array(z.string()).optional() }),
      execute: async ({ agentIds }) => {
        const ids = agentIds ?? [...this.records.keys()];
        const unknown = ids.filter((id) => !this.records.has(id));
        if (unknown.length) throw new ToolError(`unknown sub-agent id(s): ${unknown.join(", ")}`);
        await Promise.all(ids.map((id) => this.finished.get(id)));
        return ids.map((id) => {
          const { status, result, error } = this.records.get(id)!;
          return { agentId: id, status, result, error };
        });
      },
    });
  }
}

/** Pairs each tool call of a history with its result. */
function toolCallHistory(history: readonly Message[]): SubAgentToolCall[] {
  const calls: SubAgentToolCall[] = [];
  const byId = new Map<string, SubAgentToolCall>();
  for (const message of history) {
    if (message.role === "assistant") {
      for (const call of message.toolCalls) {
        const entry = { id: call.id, name: call.name, arguments: call.arguments };
        calls.push(entry);
        byId.set(call.id, entry);
      }
    } else if (message.role === "tool") {
      const entry = byId.get(message.toolCallId);
      if (entry) Object.assign(entry, { result: message.content, error: message.error ?? false });
    }
  }
  return calls;
}
