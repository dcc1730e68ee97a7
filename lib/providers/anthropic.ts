/** `anthropic:` models through the official SDK's Messages API. */
import Anthropic from "@anthropic-ai/sdk";
import type {
  ContentBlockParam,
  MessageCreateParamsBase,
  MessageParam,
  StopReason,
} from "@anthropic-ai/sdk/resources/messages";
import {
  ModelError,
  type FinishReason,
  type Message,
  type ModelProvider,
  type ModelRequest,
  type StreamChunk,
  type ToolCall,
  type Usage,
} from "@/lib/engine/model";
import type { Credentials } from "./config";
import { abortReason, httpFailureToModelError } from "./errors";

/** The Messages API requires max_tokens; this is used when an agent sets none. */
export const DEFAULT_MAX_TOKENS = 4096;

function toolInput(argumentsText: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(argumentsText);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // The model sent broken JSON; the engine already answered it with a tool error.
  }
  return {};
}

function toBlocks(message: Exclude<Message, { role: "system" }>): ContentBlockParam[] {
  switch (message.role) {
    case "user":
      return message.content ? [{ type: "text", text: message.content }] : [];
    case "assistant":
      return [
        ...(message.content ? [{ type: "text" as const, text: message.content }] : []),
        ...message.toolCalls.map((call) => ({
          type: "tool_use" as const,
          id: call.id,
          name: call.name,
          input: toolInput(call.arguments),
        })),
      ];
    case "tool":
      return [
        {
          type: "tool_result",
          tool_use_id: message.toolCallId,
          content: message.content,
          ...(message.error && { is_error: true }),
        },
      ];
  }
}

/**
 * System messages become the `system` parameter; tool results travel in user turns;
 * consecutive turns of one role are merged, since the API wants them alternating and
 * all results of one assistant turn in the next user turn; empty messages are dropped.
 */
export function toAnthropicMessages(messages: readonly Message[]): { system?: string; messages: MessageParam[] } {
  const system = messages.filter((message) => message.role === "system").map((message) => message.content);
  const turns: { role: "user" | "assistant"; content: ContentBlockParam[] }[] = [];
  for (const message of messages) {
    if (message.role === "system") continue;
    // The API rejects empty text blocks and empty turns.
    const blocks = toBlocks(message);
    if (blocks.length === 0) continue;
    const role = message.role === "assistant" ? "assistant" : "user";
    const previous = turns.at(-1);
    if (previous?.role === role) previous.content.push(...blocks);
    else turns.push({ role, content: blocks });
  }
  return { ...(system.length > 0 && { system: system.join("\n\n") }), messages: turns };
}

function toParams(request: ModelRequest): MessageCreateParamsBase {
  return {
    model: request.model,
    ...toAnthropicMessages(request.messages),
    max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
    ...(request.tools.length > 0 && {
      tools: request.tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: { type: "object" as const, ...tool.parameters },
      })),
    }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.outputSchema && {
      output_config: { format: { type: "json_schema" as const, schema: request.outputSchema.schema } },
    }),
  };
}

function toFinishReason(reason: StopReason | null | undefined): FinishReason {
  switch (reason) {
    case "tool_use":
      return "tool_calls";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "refusal":
      return "content_filter";
    default:
      return "stop";
  }
}

type AnthropicUsage = {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
};

function toUsage(usage: AnthropicUsage): Usage {
  // Cached prompt tokens are still input the model read.
  const inputTokens =
    (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
  const outputTokens = usage.output_tokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

function contextLengthExceeded(error: InstanceType<typeof Anthropic.APIError>): boolean {
  return error.status === 400 && /prompt is too long|exceeds? (the )?context/i.test(error.message);
}

/** Maps SDK failures to ModelError; an abort rethrows the signal's reason. */
export function anthropicErrorToModelError(error: unknown, signal: AbortSignal | undefined): unknown {
  if (error instanceof Anthropic.APIUserAbortError) return abortReason(signal);
  if (error instanceof Anthropic.APIConnectionTimeoutError) return new ModelError(error.message, { reason: "timeout", cause: error });
  if (error instanceof Anthropic.APIConnectionError) return new ModelError(error.message, { reason: "network", cause: error });
  if (error instanceof Anthropic.APIError) {
    // A mid-stream `error` event (e.g. overloaded_error) arrives after a 200.
    const overloaded = /overloaded/i.test(error.message);
    return httpFailureToModelError({
      status: error.status ?? (overloaded ? 529 : 500),
      message: error.message,
      headers: error.headers,
      contextLengthExceeded: contextLengthExceeded(error),
      cause: error,
    });
  }
  if (signal?.aborted) return abortReason(signal);
  return error;
}

export function createAnthropicProvider(credentials: Credentials): ModelProvider {
  let client: Anthropic | undefined;

  function getClient(): Anthropic {
    if (!credentials.apiKey) {
      throw new ModelError("No Anthropic API key: set ANTHROPIC_API_KEY or the team's key", { reason: "auth" });
    }
    // The engine owns retries, so the SDK must not retry behind its back.
    client ??= new Anthropic({ apiKey: credentials.apiKey, baseURL: credentials.baseURL, maxRetries: 0 });
    return client;
  }

  return {
    async complete(request) {
      const anthropic = getClient();
      try {
        const message = await anthropic.messages.create({ ...toParams(request), stream: false }, { signal: request.signal });
        let content = "";
        const toolCalls: ToolCall[] = [];
        for (const block of message.content) {
          if (block.type === "text") content += block.text;
          else if (block.type === "tool_use") {
            toolCalls.push({ id: block.id, name: block.name, arguments: JSON.stringify(block.input) });
          }
        }
        return { content, toolCalls, usage: toUsage(message.usage), finishReason: toFinishReason(message.stop_reason) };
      } catch (error) {
        throw anthropicErrorToModelError(error, request.signal);
      }
    },

    async *stream(request): AsyncIterable<StreamChunk> {
      const anthropic = getClient();
      let content = "";
      const toolCalls: ToolCall[] = [];
      // Content-block index -> position in toolCalls (text blocks take indexes too).
      const toolIndexOfBlock = new Map<number, number>();
      let finishReason: FinishReason = "stop";
      let usage: AnthropicUsage = {};
      try {
        const stream = await anthropic.messages.create({ ...toParams(request), stream: true }, { signal: request.signal });
        for await (const event of stream) {
          switch (event.type) {
            case "message_start":
              usage = { ...event.message.usage };
              break;
            case "content_block_start":
              if (event.content_block.type === "tool_use") {
                const index = toolCalls.length;
                toolIndexOfBlock.set(event.index, index);
                toolCalls.push({ id: event.content_block.id, name: event.content_block.name, arguments: "" });
                yield { type: "tool_call_delta", index, id: event.content_block.id, name: event.content_block.name };
              }
              break;
            case "content_block_delta":
              if (event.delta.type === "text_delta") {
                content += event.delta.text;
                yield { type: "text_delta", text: event.delta.text };
              } else if (event.delta.type === "input_json_delta") {
                const index = toolIndexOfBlock.get(event.index);
                if (index === undefined) break;
                toolCalls[index]!.arguments += event.delta.partial_json;
                yield { type: "tool_call_delta", index, argumentsDelta: event.delta.partial_json };
              }
              break;
            case "message_delta":
              // message_delta carries cumulative counts; keep input from message_start when absent.
              usage = { ...usage, ...Object.fromEntries(Object.entries(event.usage).filter(([, v]) => v != null)) };
              finishReason = toFinishReason(event.delta.stop_reason);
              break;
          }
        }
        // The SDK ends an aborted stream quietly; a partial answer must not pass for a whole one.
        request.signal?.throwIfAborted();
      } catch (error) {
        throw anthropicErrorToModelError(error, request.signal);
      }
      // A tool called with no arguments streams no input_json_delta at all.
      for (const call of toolCalls) call.arguments ||= "{}";
      yield { type: "done", response: { content, toolCalls, usage: toUsage(usage), finishReason } };
    },
  };
}
