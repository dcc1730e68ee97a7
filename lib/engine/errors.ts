/**
 * Errors the engine throws, each one of the project's two kinds (lib/errors.ts), each
 * spelling out its `name`, which is stored in RunNodes (`{ name, message }`): a class
 * name would not survive a minified production bundle. Why each is a user or a system
 * error: lib/engine/README.md, "Errors".
 */
import { SystemError, UserError } from "@/lib/errors";

/** Thrown by a tool to send `message` back to the model instead of failing the run. */
export class ToolError extends UserError {
  override readonly name: string = "ToolError";
  readonly kind = "invalid";
}

/**
 * An agent is misconfigured (at construction: no name, two tools or handoffs of one
 * name) or could not finish: its model failed (the provider's ModelError is `cause`),
 * no final answer within maxSteps, an answer its output schema rejects, a failing tool.
 */
export class AgentError extends UserError {
  override readonly name: string = "AgentError";
  readonly kind = "invalid";
  readonly agentName: string;
  constructor(agentName: string, message: string, options?: { cause?: unknown }) {
    super(`Agent "${agentName}": ${message}`, options);
    this.agentName = agentName;
  }
}

/** The same tool-call signature came back `count` steps in a row. */
export class LoopError extends AgentError {
  override readonly name: string = "LoopError";
  readonly signature: string;
  readonly count: number;
  constructor(agentName: string, signature: string, count: number) {
    super(agentName, `loop detected: the same tool calls ${count} steps in a row (${signature})`);
    this.signature = signature;
    this.count = count;
  }
}

/** A swarm is misconfigured or broke one of its rules at run time (e.g. too many handoffs). */
export class SwarmError extends UserError {
  override readonly name: string = "SwarmError";
  readonly kind = "invalid";
}

/** A group is misconfigured (no members, a member twice) or a member failed (`cause`: the first failure). */
export class GroupError extends UserError {
  override readonly name: string = "GroupError";
  readonly kind = "invalid";
  readonly groupName: string;
  constructor(groupName: string, message: string, options?: { cause?: unknown }) {
    super(`Group "${groupName}": ${message}`, options);
    this.groupName = groupName;
  }
}

export type SourcePosition = { offset: number; line: number; column: number };

/**
 * A flow string that does not parse or names something unknown (flow.ts): what went
 * wrong, where, and the offending token. One class for the whole app.
 */
export class FlowError extends UserError {
  override readonly name: string = "FlowError";
  readonly kind = "invalid";
  /** The message without the position suffix. */
  readonly reason: string;
  readonly line: number;
  readonly column: number;
  readonly offset: number;
  /** The token at the error ("" at the end of the text). */
  readonly token: string;

  constructor(message: string, position: SourcePosition & { token: string }) {
    super(`${message} (line ${position.line}, column ${position.column})`);
    this.reason = message;
    this.line = position.line;
    this.column = position.column;
    this.offset = position.offset;
    this.token = position.token;
  }
}

export function isFlowError(error: unknown): error is FlowError {
  return error instanceof FlowError;
}

/** Why a run stopped without failing: cancelled, timed out, or paused until a person answers a question. */
export type AbortStatus = "cancelled" | "timeout" | "waiting";

/**
 * The run was cancelled through its signal or hit its `timeoutMs`: stopped, not wrong.
 * A system error of kind "unavailable": nothing in the request was at fault, its
 * message is safe to show, and the same run may finish when started again.
 */
export class RunAbortedError extends SystemError {
  override readonly name: string = "RunAbortedError";
  override readonly kind = "unavailable";
  readonly status: AbortStatus;
  constructor(status: AbortStatus, message?: string) {
    super(message ?? (status === "timeout" ? "run timed out" : status === "waiting" ? "waiting for an answer" : "run cancelled"));
    this.status = status;
  }
}

/**
 * Thrown by a tool (ask_human, an approval gate) that needs a person's answer: the run
 * pauses (`waiting`) and continues when the answer is recorded as the call's result.
 */
export class HumanInputRequest extends Error {
  override readonly name = "HumanInputRequest";
  constructor(
    readonly question: string,
    readonly choices?: readonly string[],
  ) {
    super(`waiting for an answer to: ${question}`);
  }
}

/** A serializable view of any thrown value, as stored on RunNodes and stream events. */
export function describeError(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}
