/**
 * Loop detection: a step's signature is its sorted `name:arguments` tool calls; the same
 * signature `threshold` steps in a row stops the agent.
 */
import { LoopError } from "../errors";
import type { ToolCall } from "../model";

export function toolCallSignature(toolCalls: readonly ToolCall[]): string {
  return toolCalls
    .map((call) => `${call.name}:${call.arguments}`)
    .sort()
    .join("|");
}

export class LoopDetector {
  private last = "";
  private count = 0;

  constructor(
    private readonly agentName: string,
    private readonly threshold: number,
  ) {}

  /** Records one step's tool calls; throws LoopError when the threshold is reached. */
  record(toolCalls: readonly ToolCall[]): string {
    const signature = toolCallSignature(toolCalls);
    this.count = signature === this.last ? this.count + 1 : 1;
    this.last = signature;
    if (this.count >= this.threshold) throw new LoopError(this.agentName, signature, this.count);
    return signature;
  }
}
