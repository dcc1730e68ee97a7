/**
 * The shapes the runs feature passes between the server, the API and the browser.
 * Client-safe: no server imports. A zod schema and its type share one name.
 */
import { z } from "zod";
import { Message } from "@/lib/engine/messages";
import { RunNodeKind, RunNodeStatus } from "@/lib/engine/runNodeEnums";

export { RunNodeKind, RunNodeStatus };

/**
 * A run's lifecycle; `interrupted` = the server process running it stopped; `waiting` =
 * paused until a person answers a question (it holds no executor meanwhile).
 */
export const RunStatus = z.enum(["queued", "running", "waiting", "success", "failed", "cancelled", "timeout", "interrupted"]);
export type RunStatus = z.infer<typeof RunStatus>;

const FINISHED: ReadonlySet<RunStatus> = new Set(["success", "failed", "cancelled", "timeout", "interrupted"]);

export function isFinishedRunStatus(status: RunStatus): boolean {
  return FINISHED.has(status);
}

export const NodeError = z.object({ name: z.string(), message: z.string() });
export type NodeError = z.infer<typeof NodeError>;

export const TokenUsage = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

/** One try of a model call that was retried: its own segment on the timeline (epoch ms). */
export const Attempt = z.object({ startedAt: z.number(), endedAt: z.number(), error: z.string().optional() });
export type Attempt = z.infer<typeof Attempt>;

export const ToolKind = z.enum(["builtin", "code", "mcp"]);
export type ToolKind = z.infer<typeof ToolKind>;

/** What a code tool logged during a call, kept in its tool_call node's metadata (`logs`, `droppedLogs`). */
export const ToolLogLines = z.array(z.object({ level: z.enum(["log", "info", "warn", "error"]), text: z.string() }));

/** What the timeline draws beyond a node's bar. */
export const NodeMarks = z.object({
  /** The agent that handed control to this one (handoff swarms). */
  handoffFrom: z.string().optional(),
  /** A fork's step or tool call taken from its parent run: not called, not paid again. */
  reused: z.boolean().optional(),
  /** A step whose history a person edited (a fork's starting point). */
  edited: z.boolean().optional(),
  /** Every try of a retried model call, the failed ones with their error. */
  attempts: z.array(Attempt).optional(),
  /** A tool call: which kind of tool ran (built-in, a code tool in the sandbox, an MCP server's). */
  tool: ToolKind.optional(),
});
export type NodeMarks = z.infer<typeof NodeMarks>;

/**
 * What the timeline draws for one RunNode: small, so a 30,000-node run fits in one
 * response. Times are epoch milliseconds. `costUsd` is the node's own cost (model calls
 * only); the tree sums it up the ancestors.
 */
export const RunNodeSummary = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  seq: z.number().int().nonnegative(),
  kind: RunNodeKind,
  name: z.string(),
  status: RunNodeStatus,
  model: z.string().nullable(),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  durationMs: z.number().nullable(),
  usage: TokenUsage,
  costUsd: z.number().nonnegative(),
  error: NodeError.nullable(),
  marks: NodeMarks.nullable(),
});
export type RunNodeSummary = z.infer<typeof RunNodeSummary>;

/** Everything about one node, for the detail pane. */
export const RunNodeDetail = RunNodeSummary.extend({
  input: z.string().nullable(),
  output: z.string().nullable(),
  /** A model call: the messages it added to its agent's history and its response. */
  messages: z.array(Message).nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type RunNodeDetail = z.infer<typeof RunNodeDetail>;

export const RunTotals = z.object({ usage: TokenUsage, costUsd: z.number().nonnegative() });
export type RunTotals = z.infer<typeof RunTotals>;

/** A fork's change to one agent for the rest of the run. */
export const AgentEdit = z.object({
  instructions: z.string().max(100_000).optional(),
  model: z.string().max(500).optional(),
});
export type AgentEdit = z.infer<typeof AgentEdit>;

export const RunOptions = z.object({
  /** Replaces every agent's model for this run, e.g. "mock:echo". */
  modelOverride: z.string().optional(),
  /**
   * A fork's edit of what one model step sees: the agent's whole history at that step, by
   * the step's position in the run (its node id without the run id, e.g. ".0.1.0").
   */
  stepEdits: z.record(z.string(), z.array(Message)).optional(),
  /** A fork's changes to agents (by name) for the rest of the run. */
  agentEdits: z.record(z.string(), AgentEdit).optional(),
});
export type RunOptions = z.infer<typeof RunOptions>;

/** A question a waiting run asks (an ask_human call), answered on the run page or over HTTP. */
export const RunQuestion = z.object({
  /** The ask_human call's node. */
  nodeId: z.string(),
  question: z.string(),
  /** When the answer must be one of these. */
  choices: z.array(z.string()).nullable(),
  askedAt: z.number().nullable(),
});
export type RunQuestion = z.infer<typeof RunQuestion>;

export const RunTrigger = z.enum(["ui", "api"]);
export type RunTrigger = z.infer<typeof RunTrigger>;

export const RunSummary = z.object({
  id: z.string(),
  flowId: z.string(),
  flowName: z.string(),
  flowVersion: z.number().int(),
  status: RunStatus,
  trigger: RunTrigger,
  input: z.string(),
  error: z.string().nullable(),
  totals: RunTotals,
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
});
export type RunSummary = z.infer<typeof RunSummary>;

export const RunDetail = RunSummary.extend({
  output: z.string().nullable(),
  options: RunOptions,
  rerunOfId: z.string().nullable(),
  /** The run this one was forked from, and the node (in that run) it was forked at. */
  forkOfId: z.string().nullable(),
  forkAt: z.string().nullable(),
});
export type RunDetail = z.infer<typeof RunDetail>;

/**
 * What the live stream carries, in `seq` order. Node changes are coalesced per flush
 * (the latest snapshot of each node that changed); text arrives as the model streams it.
 */
export const LiveEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("node"), node: RunNodeSummary }),
  z.object({ type: z.literal("text"), nodeId: z.string(), text: z.string() }),
  z.object({
    type: z.literal("run"),
    status: RunStatus,
    error: z.string().nullable(),
    output: z.string().nullable(),
    totals: RunTotals,
  }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/** A LiveEvent with its per-run sequence number (the SSE id). */
export type SequencedEvent = { seq: number; event: LiveEvent };

/** One write of the recorder: the latest state of every node that changed, and new events. */
export type RunWriteBatch = { nodes: RunNodeDetail[]; events: SequencedEvent[] };
