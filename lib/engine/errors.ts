/**
 * Errors the engine throws. Every one extends `EngineError`, whose `name` is the class
 * name so it survives serialization into a RunNode (`{ name, message }`).
 */
export abstract class EngineError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Thrown by a tool to send `message` back to the model instead of failing the run. */
export class ToolError extends EngineError {}

/** An agent could not finish: model failure after retries, max steps, bad structured output. */
export class AgentError extends EngineError {
  readonly agentName: string;
  constructor(agentName: string, message: string, options?: { cause?: unknown }) {
    super(`Agent "${agentName}": ${message}`, options);
    this.agentName = agentName;
  }
}

/** The same tool-call signature came back `count` steps in a row. */
export class LoopError extends AgentError {
  readonly signature: string;
  readonly count: number;
  constructor(agentName: string, signature: string, count: number) {
    super(agentName, `loop detected: the same tool calls ${count} steps in a row (${signature})`);
    this.signature = signature;
    this.count = count;
  }
}

/** A swarm is misconfigured or broke one of its rules at run time (e.g. too many handoffs). */
export class SwarmError extends EngineError {}

/** A member of a group failed; `cause` holds the first failure. */
export class GroupError extends EngineError {
  readonly groupName: string;
  constructor(groupName: string, message: string, options?: { cause?: unknown }) {
    super(`Group "${groupName}": ${message}`, options);
    this.groupName = groupName;
  }
}

/**
 * A flow string is malformed or names something unknown. One class for the whole app:
 * lib/dsl owns the flow parser and its positioned error (line, column, offset, token).
 */
export { FlowError, isFlowError } from "@/lib/dsl/flowError";

export type AbortStatus = "cancelled" | "timeout";

/** The run was cancelled through its signal or hit its `timeoutMs`. */
export class RunAbortedError extends EngineError {
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
