/**
 * Errors the engine throws. Every one extends `EngineError` and spells out its `name`,
 * which is stored in RunNodes (`{ name, message }`): a class name would not survive a
 * minified production bundle.
 */
export abstract class EngineError extends Error {}

/** Thrown by a tool to send `message` back to the model instead of failing the run. */
export class ToolError extends EngineError {
  override readonly name: string = "ToolError";
}

/** An agent could not finish: model failure after retries, max steps, bad structured output. */
export class AgentError extends EngineError {
  override readonly name: string = "AgentError";
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
export class SwarmError extends EngineError {
  override readonly name: string = "SwarmError";
}

/** A member of a group failed; `cause` holds the first failure. */
export class GroupError extends EngineError {
  override readonly name: string = "GroupError";
  readonly groupName: string;
  constructor(groupName: string, message: string, options?: { cause?: unknown }) {
    super(`Group "${groupName}": ${message}`, options);
    this.groupName = groupName;
  }
}

/** A position in a text: 1-based line and column, 0-based offset. */
export type SourcePosition = { offset: number; line: number; column: number };

/**
 * A flow string that does not parse or names something unknown (flow.ts): what went
 * wrong, where, and the offending token. One class for the whole app.
 */
export class FlowError extends EngineError {
  override readonly name: string = "FlowError";
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

export type AbortStatus = "cancelled" | "timeout";

/** The run was cancelled through its signal or hit its `timeoutMs`. */
export class RunAbortedError extends EngineError {
  override readonly name: string = "RunAbortedError";
  readonly status: AbortStatus;
  constructor(status: AbortStatus, message?: string) {
    super(message ?? (status === "timeout" ? "run timed out" : "run cancelled"));
    this.status = status;
  }
}

/** A serializable view of any thrown value, as stored on RunNodes and stream events. */
export function describeError(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}
