/**
 * RunState: the run's messages, model-call count and the tree of RunNodes the timeline
 * draws (run → swarm → stage/group → agent → step → tool call / delegation / spawn).
 *
 * Every operation is O(1) apart from usage, which is added to each ancestor (O(depth)).
 *
 * Node ids are positions, not random: the root's id is the run's id (`RunOptions.runId`,
 * else a random UUID) and a child's is `<parent id>.<n>`, n its 0-based place among its
 * parent's children. The runner creates siblings in the order of their position (the
 * members of a stage or group as they start, in flow order and synchronously; steps one
 * after another; tool calls in the order the model asked for them), never in the order
 * they finish, so the same run gives the same ids: writing a node twice is an upsert,
 * the first seam of durable runs (docs/architecture.md, "Where runs are going"). One random id per run, not per node.
 * A node's usage is its own (a step's model call) plus the sum of its children's.
 *
 * Recorder contract: `onNodeCreated` / `onNodeUpdated` receive the *live* node, not a
 * copy (copying every change cost more than the rest of a step). Treat it as read-only;
 * it always shows the node's current state, so a batching writer can keep the latest
 * reference per id and serialize it at flush time. Use `snapshotNode` for a
 * point-in-time copy. Callbacks are synchronous and should be cheap; an exception in
 * one goes to `recorder.onError` (default: console.error) and never disturbs the run.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { AbortStatus } from "./errors";
import { describeError } from "./errors";
import type { StreamEvent } from "./events";
import { Message, Usage, addUsageInto, emptyUsage } from "./messages";
import { RunNodeKind, RunNodeStatus } from "./runNodeEnums";
import type { Message as MessageType, Usage as UsageType } from "./model";

export const CURRENT_SCHEMA_VERSION = 1;

export { RunNodeKind, RunNodeStatus } from "./runNodeEnums";

export const RunNodeError = z.union([z.object({ name: z.string(), message: z.string() }), z.string()]);

export const RunNode = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  kind: RunNodeKind,
  name: z.string(),
  status: RunNodeStatus,
  /** Epoch milliseconds. */
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  durationMs: z.number().nullable(),
  usage: Usage,
  error: RunNodeError.nullable(),
  /**
   * Per kind: step → `model`, `retries`, `historyLength` (messages sent), `newMessages`
   * (the messages added to the agent's history since its previous step: system + input
   * for the first, tool results later), `response` (the assistant message) and
   * `modelUsage` (this call's own usage, without delegated work) — so a
   * step's conversation is the concatenation of its agent's steps, stored once;
   * tool_call → `toolCallId`, `toolKind` (builtin, code, mcp), `arguments`; agent → `model`, `signature` of a detected loop.
   */
  metadata: z.record(z.string(), z.unknown()),
  input: z.string().nullable(),
  output: z.string().nullable(),
});
export type RunNode = z.infer<typeof RunNode>;

export const RunStateSnapshot = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  rootId: z.string().nullable(),
  nodes: z.array(RunNode),
  messages: z.array(Message),
  iterations: z.number().int().nonnegative(),
});
export type RunStateSnapshot = z.infer<typeof RunStateSnapshot>;

export interface RunRecorder {
  /** `node` is live: read-only, and later changes show through it. */
  onNodeCreated?(node: Readonly<RunNode>): void;
  /** Called after every change of `node` (status, usage, output, metadata); `node` is live. */
  onNodeUpdated?(node: Readonly<RunNode>): void;
  onEvent?(event: StreamEvent): void;
  onError?(error: unknown): void;
}

const TERMINAL: ReadonlySet<RunNodeStatus> = new Set(["success", "failed", "timeout", "cancelled", "waiting"]);

export function isTerminalStatus(status: RunNodeStatus): boolean {
  return TERMINAL.has(status);
}

/** A point-in-time copy of a node (its metadata values are shared, they are never mutated). */
export function snapshotNode(node: Readonly<RunNode>): RunNode {
  return { ...node, usage: { ...node.usage }, metadata: { ...node.metadata } };
}

export class RunState {
  /** Insertion order is creation order. */
  readonly nodes = new Map<string, RunNode>();
  rootId: string | null = null;
  /** The history of the run's last top-level agent. */
  messages: MessageType[] = [];
  /** Model calls made so far. */
  iterations = 0;
  private readonly open = new Set<RunNode>();
  private readonly recorder?: RunRecorder;
  /** The id of the next root node (the run's id). */
  private readonly runId: string;
  /** How many children each node has: the next child's place. */
  private readonly childCounts = new Map<string | null, number>();

  constructor(recorder?: RunRecorder, runId: string = randomUUID()) {
    this.recorder = recorder;
    this.runId = runId;
  }

  get root(): RunNode | undefined {
    return this.rootId === null ? undefined : this.nodes.get(this.rootId);
  }

  get usage(): UsageType {
    return { ...(this.root?.usage ?? emptyUsage()) };
  }

  node(id: string): RunNode | undefined {
    return this.nodes.get(id);
  }

  /** Children of `id` in creation order; O(n), meant for inspection and tests. */
  children(id: string): RunNode[] {
    const out: RunNode[] = [];
    for (const node of this.nodes.values()) if (node.parentId === id) out.push(node);
    return out;
  }

  createNode(
    kind: RunNodeKind,
    name: string,
    parentId: string | null,
    fields: { input?: string; metadata?: Record<string, unknown> } = {},
  ): RunNode {
    const place = this.childCounts.get(parentId) ?? 0;
    this.childCounts.set(parentId, place + 1);
    const node: RunNode = {
      id: parentId === null ? (place === 0 ? this.runId : `${this.runId}~${place}`) : `${parentId}.${place}`,
      parentId,
      kind,
      name,
      status: "init",
      createdAt: Date.now(),
      startedAt: null,
      endedAt: null,
      durationMs: null,
      usage: emptyUsage(),
      error: null,
      metadata: fields.metadata ?? {},
      input: fields.input ?? null,
      output: null,
    };
    this.nodes.set(node.id, node);
    this.open.add(node);
    if (parentId === null && this.rootId === null) this.rootId = node.id;
    if (this.recorder?.onNodeCreated) {
      try {
        this.recorder.onNodeCreated(node);
      } catch (error) {
        this.recorderFailed(error);
      }
    }
    return node;
  }

  /** Returns false when the node had already ended (closed by a cancel before it started). */
  start(node: RunNode): boolean {
    if (isTerminalStatus(node.status)) return false;
    node.status = "running";
    node.startedAt = Date.now();
    this.updated(node);
    return true;
  }

  /** Merges `metadata` into the node's metadata. */
  annotate(node: RunNode, metadata: Record<string, unknown>): void {
    Object.assign(node.metadata, metadata);
    this.updated(node);
  }

  /** Returns false when the node had already ended (then nothing changes). */
  succeed(node: RunNode, output?: string): boolean {
    return this.end(node, "success", output, undefined);
  }

  /** Returns false when the node had already ended (then nothing changes). */
  fail(node: RunNode, error: unknown, status: "failed" | AbortStatus = "failed"): boolean {
    // A node paused for a person's answer did not go wrong: it carries no error.
    return this.end(node, status, undefined, status === "waiting" ? undefined : error);
  }

  /** Adds a model call's usage to `node` and every ancestor. */
  addUsage(node: RunNode, usage: UsageType): void {
    for (let current: RunNode | undefined = node; current;) {
      addUsageInto(current.usage, usage);
      this.updated(current);
      current = current.parentId === null ? undefined : this.nodes.get(current.parentId);
    }
  }

  /** Ends every node still open (e.g. after a cancellation) with `status`; returns them. */
  closeOpenNodes(status: "failed" | AbortStatus, error: unknown): RunNode[] {
    const closed = [...this.open];
    for (const node of closed) this.fail(node, error, status);
    return closed;
  }

  emitEvent(event: StreamEvent): void {
    if (!this.recorder?.onEvent) return;
    try {
      this.recorder.onEvent(event);
    } catch (error) {
      this.recorderFailed(error);
    }
  }

  toJSON(): RunStateSnapshot {
    return {
      schemaVersion: CURRENT_SCHEMA_VERSION,
      rootId: this.rootId,
      nodes: [...this.nodes.values()].map(snapshotNode),
      messages: [...this.messages],
      iterations: this.iterations,
    };
  }

  /** Restores a saved state; throws a ZodError when `data` is not a valid snapshot. */
  static fromJSON(data: unknown): RunState {
    const parsed = RunStateSnapshot.parse(data);
    const state = new RunState(undefined, parsed.rootId ?? undefined);
    for (const node of parsed.nodes) {
      state.nodes.set(node.id, node);
      state.childCounts.set(node.parentId, (state.childCounts.get(node.parentId) ?? 0) + 1);
      if (!isTerminalStatus(node.status)) state.open.add(node);
    }
    state.rootId = parsed.rootId;
    state.messages = parsed.messages;
    state.iterations = parsed.iterations;
    return state;
  }

  /** A terminal status is final: work still unwinding after a cancel cannot overwrite it. */
  private end(node: RunNode, status: RunNodeStatus, output: string | undefined, error: unknown): boolean {
    if (isTerminalStatus(node.status)) return false;
    if (output !== undefined) node.output = output;
    if (error !== undefined) node.error = describeError(error);
    node.status = status;
    node.endedAt = Date.now();
    node.durationMs = node.startedAt === null ? 0 : node.endedAt - node.startedAt;
    this.open.delete(node);
    this.updated(node);
    return true;
  }

  private updated(node: RunNode): void {
    if (!this.recorder?.onNodeUpdated) return;
    try {
      this.recorder.onNodeUpdated(node);
    } catch (error) {
      this.recorderFailed(error);
    }
  }

  /** A recorder's failure must not break the run it observes. */
  private recorderFailed(error: unknown): void {
    if (this.recorder?.onError) this.recorder.onError(error);
    else console.error("RunRecorder callback failed", error);
  }
}
