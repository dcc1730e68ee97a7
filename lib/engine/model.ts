/**
 * The contract between the runtime and model providers.
 *
 * The engine only ever talks to a `ModelProvider`; `lib/providers` implements it for
 * OpenAI, Anthropic and the offline `mock:` provider. Nothing here knows an SDK.
 */
import type { z } from "zod";
import { SystemError, type SystemErrorKind } from "@/lib/errors";

export type Usage = { inputTokens: number; outputTokens: number; totalTokens: number };

export type ToolCall = { id: string; name: string; /** JSON text, as the model sent it */ arguments: string };

export type SystemMessage = { role: "system"; content: string };
export type UserMessage = { role: "user"; content: string };
export type AssistantMessage = { role: "assistant"; content: string; toolCalls: ToolCall[] };
export type ToolMessage = { role: "tool"; toolCallId: string; toolName: string; content: string; error?: boolean };
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** A tool as a model sees it: its parameters as JSON Schema. */
export type ToolDefinition = { name: string; description: string; parameters: Record<string, unknown> };

export type ModelRequest = {
  /** The model name without its provider prefix ("gpt-4o", not "openai:gpt-4o"). */
  model: string;
  messages: Message[];
  tools: ToolDefinition[];
  temperature?: number;
  maxTokens?: number;
  /** Structured output: a JSON Schema the final answer must follow. */
  outputSchema?: { name: string; schema: Record<string, unknown> };
  signal?: AbortSignal;
};

export type FinishReason = "stop" | "tool_calls" | "length" | "content_filter" | "error";

export type ModelResponse = {
  content: string;
  toolCalls: ToolCall[];
  usage: Usage;
  finishReason: FinishReason;
};

/**
 * What `ModelProvider.stream` yields. Providers assemble the pieces themselves and end
 * every successful stream with one `done` chunk carrying the whole response, so the
 * engine never re-assembles tool-call deltas.
 */
export type StreamChunk =
  | { type: "text_delta"; text: string }
  | { type: "tool_call_delta"; index: number; id?: string; name?: string; argumentsDelta?: string }
  | { type: "done"; response: ModelResponse };

export interface ModelProvider {
  complete(request: ModelRequest): Promise<ModelResponse>;
  stream(request: ModelRequest): AsyncIterable<StreamChunk>;
}

export type ModelErrorKind =
  | "rate_limit"
  | "server"
  | "network"
  | "timeout"
  | "context_length"
  | "auth"
  | "bad_request"
  | "unknown";

const RETRYABLE: ReadonlySet<ModelErrorKind> = new Set(["rate_limit", "server", "network", "timeout"]);

/**
 * A provider's failure, classified (`reason`) so the engine can decide whether to retry.
 * A system error: the failure is the provider's, and its message is the provider's
 * (it may name internals). Its `kind` is "unavailable" when trying again may work
 * (rate limit, server error, network, timeout), else "internal".
 */
export class ModelError extends SystemError {
  override readonly name: string = "ModelError";
  override readonly kind: SystemErrorKind;
  readonly reason: ModelErrorKind;
  readonly status?: number;
  /** From a `retry-after` header, when the server sent one. */
  readonly retryAfterMs?: number;

  constructor(
    message: string,
    options: { reason: ModelErrorKind; status?: number; retryAfterMs?: number; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.reason = options.reason;
    this.kind = RETRYABLE.has(options.reason) ? "unavailable" : "internal";
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.reason);
  }
}

export function isModelError(error: unknown): error is ModelError {
  return error instanceof ModelError;
}

/** Splits "provider:model" into its parts; a string without a colon is an OpenAI model. */
export function parseModelString(model: string): { provider: string; model: string } {
  const colon = model.indexOf(":");
  if (colon < 0) return { provider: "openai", model };
  return { provider: model.slice(0, colon), model: model.slice(colon + 1) };
}

/** Helper type for callers that accept zod schemas where JSON Schema is expected. */
export type SchemaLike = z.ZodType | Record<string, unknown>;
