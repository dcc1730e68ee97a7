/** A position in a text: 1-based line and column, 0-based offset. */
export type SourcePosition = { offset: number; line: number; column: number };

/** A flow string that does not parse: what went wrong, where, and the offending token. */
export class FlowError extends Error {
  /** The message without the position suffix. */
  readonly reason: string;
  readonly line: number;
  readonly column: number;
  readonly offset: number;
  /** The token at the error ("" at the end of the text). */
  readonly token: string;

  constructor(message: string, position: SourcePosition & { token: string }) {
    super(`${message} (line ${position.line}, column ${position.column})`);
    this.name = "FlowError";
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
