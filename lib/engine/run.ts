/**
 * Entry points: `run(target, input, options)` resolves to a RunResult;
 * `run.stream(...)` yields StreamEvents as they happen (for groups and nested swarms too)
 * and exposes the same RunResult as `.result`.
 */
import type { Agent } from "./agent";
import type { StreamEvent } from "./events";
import type { Message, Usage } from "./model";
import type { RunState } from "./runState";
import { abortError, raceAbort } from "./runner/abort";
import { runAgent } from "./runner/agentLoop";
import { RunContext, type RunOptions } from "./runner/context";
import { runMember } from "./runner/members";
import { runSwarm } from "./runner/swarmModes";
import type { SubAgentRecord } from "./runner/types";
import { AsyncQueue } from "./stream";
import { Swarm } from "./swarm";

export type RunResult = {
  output: string;
  /** The history of the agent that produced `output`. */
  messages: Message[];
  usage: Usage;
  /** Model calls made in the whole run. */
  steps: number;
  state: RunState;
  /** The final answer parsed as JSON, when the target agent has an outputSchema. */
  parsed?: unknown;
  /** Sub-agents spawned through `spawn_agent`, all ended. */
  subAgents: SubAgentRecord[];
};

export type RunTarget = Agent | Swarm;

/**
 * A failed run's error carries the run's tree: `err.state` (non-enumerable, so logging
 * or serializing the error does not dump it). `runStateOf(err)` reads it with its type.
 */
export type RunFailure = Error & { readonly state: RunState };

/** The RunState of the run that failed with `error`, when it is one. */
export function runStateOf(error: unknown): RunState | undefined {
  return error instanceof Error ? (error as Partial<RunFailure>).state : undefined;
}

export type RunStream = AsyncIterable<StreamEvent> & {
  /** Settles with the run; rejections are also thrown by the iteration. */
  result: Promise<RunResult>;
};

async function execute(ctx: RunContext, target: RunTarget, input: string): Promise<RunResult> {
  const { state } = ctx;
  const root = state.createNode("run", target.name, null, { input });
  ctx.start(root);
  const scope = { parentId: root.id, signal: ctx.signal };
  try {
    const work =
      target instanceof Swarm
        ? runSwarm(ctx, target, input, scope)
        : runAgent(ctx, target, { text: input, prior: ctx.priorMessages }, scope);
    // A cancel or timeout ends the run at once, even if a hook or tool ignores the signal.
    const result = await raceAbort(work, ctx.signal);
    state.messages = result.messages;
    ctx.succeed(root, result.output);
    const usage = state.usage;
    if (ctx.listening) {
      ctx.emit({
        type: "done",
        agentName: target.name,
        nodeId: root.id,
        output: result.output,
        usage,
        steps: state.iterations,
      });
    }
    return {
      output: result.output,
      messages: result.messages,
      usage,
      steps: state.iterations,
      state,
      parsed: result.parsed,
      subAgents: ctx.subAgents,
    };
  } catch (caught) {
    // After a cancel or timeout the run rejects with that, whatever the failing node threw.
    const error = ctx.signal.aborted ? abortError(ctx.signal) : caught;
    ctx.fail(root, error, ctx.signal);
    ctx.closeOpenNodes(error, ctx.signal);
    // One event for the failure, naming the node it started at (the run's own, for a cancel or timeout).
    ctx.emitFailure(error, { nodeId: root.id, agentName: target.name });
    if (error instanceof Error) Object.defineProperty(error, "state", { value: state, configurable: true });
    throw error;
  } finally {
    ctx.dispose();
  }
}

function runToCompletion(target: RunTarget, input: string, options: RunOptions = {}): Promise<RunResult> {
  return execute(new RunContext(options, { streaming: options.streamText ?? false }, runMember), target, input);
}

function runStream(target: RunTarget, input: string, options: RunOptions = {}): RunStream {
  const queue = new AsyncQueue<StreamEvent>();
  // Leaving the loop early cancels the run.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const ctx = new RunContext({ ...options, signal }, { streaming: true, sink: (event) => queue.push(event) }, runMember);
  const result = execute(ctx, target, input);
  result.then(
    () => queue.end(),
    (error: unknown) => queue.end(error),
  );
  return {
    result,
    [Symbol.asyncIterator]: () => queue.drain(() => stop.abort()),
  };
}

export const run = Object.assign(runToCompletion, { stream: runStream });
export type { RunOptions };
