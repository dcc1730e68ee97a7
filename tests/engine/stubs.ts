/**
 * Test doubles: a zero-latency in-process scripted model (optional per-reply latency,
 * failures) that records every call with timestamps, so tests can measure overlap.
 */
import type { ModelProvider, ModelRequest, ModelResponse, StreamChunk, ToolCall, Usage } from "@/lib/engine";

export type ScriptedReply = {
  content?: string;
  toolCalls?: Array<{ name: string; arguments?: unknown; id?: string }>;
  usage?: Usage;
  delayMs?: number;
  /** Thrown instead of replying (after `delayMs`). */
  error?: unknown;
};

export type ScriptHandler = (request: ModelRequest, callIndex: number) => ScriptedReply | Promise<ScriptedReply>;

export type RecordedCall = { model: string; request: ModelRequest; startedAt: number; endedAt: number };

const DEFAULT_USAGE: Usage = { inputTokens: 10, outputTokens: 5, totalTokens: 15 };

let nextId = 0;

function toResponse(reply: ScriptedReply): ModelResponse {
  const toolCalls: ToolCall[] = (reply.toolCalls ?? []).map((call) => ({
    id: call.id ?? `call_${++nextId}`,
    name: call.name,
    arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {}),
  }));
  return {
    content: reply.content ?? "",
    toolCalls,
    usage: reply.usage ?? DEFAULT_USAGE,
    finishReason: toolCalls.length ? "tool_calls" : "stop",
  };
}

export class ScriptedProvider implements ModelProvider {
  readonly calls: RecordedCall[] = [];
  private readonly handler: ScriptHandler;

  /** A list of replies is played in order (the last one repeats); a function decides per request. */
  constructor(script: ScriptHandler | ScriptedReply[]) {
    this.handler = typeof script === "function" ? script : (_request, i) => script[Math.min(i, script.length - 1)]!;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const startedAt = performance.now();
    const reply = await this.handler(request, this.calls.length);
    const record: RecordedCall = { model: request.model, request, startedAt, endedAt: startedAt };
    this.calls.push(record);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    record.endedAt = performance.now();
    if (reply.error !== undefined) throw reply.error;
    return toResponse(reply);
  }

  async *stream(request: ModelRequest): AsyncIterable<StreamChunk> {
    const response = await this.complete(request);
    for (const word of response.content.split(/(?<= )/)) if (word) yield { type: "text_delta", text: word };
    yield { type: "done", response };
  }

  callsFor(model: string): RecordedCall[] {
    return this.calls.filter((call) => call.model === model);
  }
}

/** Dispatches on the model name (an agent's "mock:<name>" arrives as "<name>"). */
export function byModel(routes: Record<string, ScriptHandler | ScriptedReply[]>): ScriptHandler {
  const counters = new Map<string, number>();
  return (request) => {
    const route = routes[request.model];
    if (!route) throw new Error(`no script for model "${request.model}"`);
    const i = counters.get(request.model) ?? 0;
    counters.set(request.model, i + 1);
    return typeof route === "function" ? route(request, i) : route[Math.min(i, route.length - 1)]!;
  };
}

/** The last user or tool message of a request: what the agent is answering. */
export function lastInput(request: ModelRequest): string {
  const last = request.messages.at(-1);
  return last && last.role !== "assistant" ? last.content : "";
}

/** Do any two of the intervals overlap (real concurrency, not just interleaving)? */
export function maxOverlap(intervals: ReadonlyArray<{ startedAt: number; endedAt: number }>): number {
  const points = intervals.flatMap((i) => [
    { t: i.startedAt, d: 1 },
    { t: i.endedAt, d: -1 },
  ]);
  points.sort((a, b) => a.t - b.t || a.d - b.d);
  let current = 0;
  let max = 0;
  for (const p of points) {
    current += p.d;
    max = Math.max(max, current);
  }
  return max;
}
