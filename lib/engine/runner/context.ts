/**
 * Everything one run shares: options, the RunState, the abort signal (user signal +
 * timeout), provider resolution, hooks and event delivery.
 */
import type { Agent } from "../agent";
import { describeError, RunAbortedError } from "../errors";
import type { EventBus } from "../eventBus";
import type { StreamEvent } from "../events";
import type { StepCheckpoints } from "../checkpoints";
import type { SwarmMember } from "../swarm";
import type { HookRegistration } from "../hooks";
import type { Message, ModelProvider } from "../model";
import { RunState, type RunNode, type RunRecorder } from "../runState";
import { abortStatusOf, unboundedController } from "./abort";
import type { MemberResult, Scope, SubAgentRecord } from "./types";

export type RunOptions = {
  /** Prior history for an agent target (resume); system messages in it are replaced. */
  messages?: Message[];
  /** Used for every model call; overrides `resolveProvider`. */
  provider?: ModelProvider;
  /** Resolves a "provider:model" string; default: `getProvider` from lib/providers. */
  resolveProvider?: (model: string) => ModelProvider;
  /** Retries of a transient model error (default 3). */
  maxRetries?: number;
  /** Retry delay is `2^attempt × retryBaseMs` unless the server sent retry-after (default 1000). */
  retryBaseMs?: number;
  /** Identical consecutive tool-call signatures that stop an agent (default 3). */
  loopThreshold?: number;
  /** Aborting it cancels the run: open nodes end `cancelled`. */
  signal?: AbortSignal;
  /** After this many ms the run stops: open nodes end `timeout`. */
  timeoutMs?: number;
  recorder?: RunRecorder;
  /**
   * `run()` only: call the models streaming, so their text reaches the recorder and the
   * event bus piece by piece as `text` events (run.stream always does). Cheaper than
   * draining run.stream when nothing else reads its events.
   */
  streamText?: boolean;
  /**
   * Recorded model and tool calls of earlier executions of this run (by node id), replayed
   * instead of called again; new ones are recorded. Needs `runId` (ids are positions under it).
   */
  checkpoints?: StepCheckpoints;
  /**
   * A person's edit of what a model step sees, by the step's node id: the agent's whole
   * history at that step (the agent goes on from it). Forks of a run use it.
   */
  stepEdits?: ReadonlyMap<string, Message[]>;
  /**
   * The run's id: its root node's id, and the prefix of every other node's (each a
   * position: `<run id>.0.2`). Default: a random UUID. Unique per run, e.g. the id of
   * the run's database row.
   */
  runId?: string;
  /** Run-wide hooks, fired for every agent before the agent's own. */
  hooks?: readonly HookRegistration[];
  /** Receives every stream event under its `type`. */
  eventBus?: EventBus;
};

type Delivery = { streaming: boolean; sink?: (event: StreamEvent) => void };

/** Where a failure started, for its one `error` event. */
export type FailedNode = { nodeId: string; agentName: string };

/**
 * Runs any member (runner/members.ts). Handed in by run.ts, so the runners that nest
 * members (groups, swarm modes) reach it through the context instead of importing the
 * dispatcher that imports them: the runner's modules import each other one way only.
 */
export type RunMember = (ctx: RunContext, member: SwarmMember, input: string, scope: Scope) => Promise<MemberResult>;

export class RunContext {
  readonly state: RunState;
  readonly signal: AbortSignal;
  readonly streaming: boolean;
  readonly maxRetries: number;
  readonly retryBaseMs: number;
  readonly loopThreshold: number;
  readonly checkpoints: StepCheckpoints | undefined;
  /** Every sub-agent spawned during the run, in spawn order. */
  readonly subAgents: SubAgentRecord[] = [];
  /** False when nobody consumes events, so none are built. */
  readonly listening: boolean;
  private readonly options: RunOptions;
  private readonly sink?: (event: StreamEvent) => void;
  private readonly controller = unboundedController();
  private readonly providers = new Map<string, Promise<ModelProvider>>();
  private readonly cleanups: Array<() => void> = [];
  /** Each failure's first node: the node that failed with that error (cancellations aside). */
  private readonly origins = new WeakMap<object, FailedNode>();

  constructor(
    options: RunOptions,
    delivery: Delivery,
    private readonly memberRunner: RunMember,
  ) {
    this.options = options;
    this.state = new RunState(options.recorder, options.runId);
    this.streaming = delivery.streaming;
    this.sink = delivery.sink;
    this.maxRetries = options.maxRetries ?? 3;
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.loopThreshold = options.loopThreshold ?? 3;
    this.checkpoints = options.checkpoints;
    this.listening = Boolean(this.sink || options.recorder?.onEvent || options.eventBus);
    this.signal = this.controller.signal;

    const user = options.signal;
    if (user) {
      const cancel = () => this.controller.abort(new RunAbortedError("cancelled"));
      if (user.aborted) cancel();
      user.addEventListener("abort", cancel, { once: true });
      this.cleanups.push(() => user.removeEventListener("abort", cancel));
    }
    if (options.timeoutMs !== undefined) {
      const ms = options.timeoutMs;
      const timer = setTimeout(
        () => this.controller.abort(new RunAbortedError("timeout", `run timed out after ${ms} ms`)),
        ms,
      );
      this.cleanups.push(() => clearTimeout(timer));
    }
  }

  /** The edited history for the step at `nodeId`, if a person edited it. */
  stepEdit(nodeId: string): Message[] | undefined {
    return this.options.stepEdits?.get(nodeId);
  }

  /**
   * Pauses the run until a person answers: emits the question from `nodeId`, then stops
   * the run with status `waiting` (its open nodes end `waiting`). The answer becomes the
   * node's recorded result, so the next execution replays up to it and goes on.
   */
  suspend(nodeId: string, agentName: string, request: { question: string; choices?: readonly string[] }): void {
    if (this.listening) this.emit({ type: "question", agentName, nodeId, question: request.question, choices: request.choices });
    if (!this.controller.signal.aborted) this.controller.abort(new RunAbortedError("waiting"));
  }

  /** Runs an agent, a group or a nested swarm under `scope`. */
  runMember(member: SwarmMember, input: string, scope: Scope): Promise<MemberResult> {
    return this.memberRunner(this, member, input, scope);
  }

  get priorMessages(): Message[] | undefined {
    return this.options.messages;
  }

  /** One provider per model string per run. */
  provider(model: string): Promise<ModelProvider> {
    let provider = this.providers.get(model);
    if (!provider) {
      provider = this.resolve(model);
      this.providers.set(model, provider);
    }
    return provider;
  }

  hooksFor(agent: Agent): readonly HookRegistration[] {
    const global = this.options.hooks;
    return global?.length ? [...global, ...agent.hooks] : agent.hooks;
  }

  emit(event: StreamEvent): void {
    this.state.emitEvent(event);
    this.sink?.(event);
    void this.options.eventBus?.emit(event.type, event);
  }

  start(node: RunNode, agentName = node.name): void {
    if (this.state.start(node)) this.emitStatus(node, agentName);
  }

  succeed(node: RunNode, output?: string, agentName = node.name): void {
    if (this.state.succeed(node, output)) this.emitStatus(node, agentName);
  }

  /** Ends `node` as `failed`, or `cancelled` / `timeout` when `signal` caused the failure. */
  fail(node: RunNode, error: unknown, signal: AbortSignal, agentName = node.name): void {
    const status = abortStatusOf(signal);
    if (this.state.fail(node, error, status ?? "failed")) this.emitStatus(node, agentName);
    if (!status && typeof error === "object" && error !== null && !this.origins.has(error)) {
      this.origins.set(error, { nodeId: node.id, agentName });
    }
  }

  /**
   * Where `error` started: the deepest error of its `cause` chain that a node failed with
   * (a GroupError's member, an AgentError's step or tool call), and that node; undefined
   * when no node failed with any of them (a cancel, a timeout).
   */
  originOf(error: unknown): { node: FailedNode; error: unknown } | undefined {
    let origin: { node: FailedNode; error: unknown } | undefined;
    const seen = new Set<unknown>();
    for (let e = error; typeof e === "object" && e !== null && !seen.has(e); e = (e as { cause?: unknown }).cause) {
      seen.add(e);
      const node = this.origins.get(e);
      if (node) origin = { node, error: e };
    }
    return origin;
  }

  /**
   * The one `error` event of a failure that ends here (the run, or a sub-agent): the node
   * it started at and the error that node failed with; else `fallback` and `error`.
   */
  emitFailure(error: unknown, fallback: FailedNode): void {
    if (!this.listening) return;
    const origin = this.originOf(error) ?? { node: fallback, error };
    this.emit({ type: "error", ...origin.node, error: describeError(origin.error) });
  }

  /** Ends every node still open with `signal`'s abort status (or `failed`). */
  closeOpenNodes(error: unknown, signal: AbortSignal): void {
    for (const node of this.state.closeOpenNodes(abortStatusOf(signal) ?? "failed", error))
      this.emitStatus(node, node.name);
  }

  dispose(): void {
    for (const cleanup of this.cleanups) cleanup();
  }

  private emitStatus(node: RunNode, agentName: string): void {
    if (!this.listening) return;
    this.emit({ type: "status", agentName, nodeId: node.id, kind: node.kind, name: node.name, status: node.status });
  }

  private async resolve(model: string): Promise<ModelProvider> {
    if (this.options.provider) return this.options.provider;
    if (this.options.resolveProvider) return this.options.resolveProvider(model);
    // Loaded on demand so importing the engine (e.g. from lib/dsl) does not pull in the SDKs.
    const { getProvider } = await import("@/lib/providers");
    return getProvider(model);
  }
}
