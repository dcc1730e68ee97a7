/** `openai:` models through the official SDK's Chat Completions API. */
import OpenAI from "openai";
import type {
  ChatCompletion,
  ChatCompletionCreateParamsBase,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
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

function toOpenAIMessage(message: Message): ChatCompletionMessageParam {
  switch (message.role) {
    case "system":
    case "user":
      return { role: message.role, content: message.content };
    case "assistant":
      return {
        role: "assistant",
        // null is only valid beside tool calls
        content: message.content || (message.toolCalls.length > 0 ? null : ""),
        ...(message.toolCalls.length > 0 && {
          tool_calls: message.toolCalls.map((call) => ({
            id: call.id,
            type: "function" as const,
            function: { name: call.name, arguments: call.arguments },
          })),
        }),
      };
    case "tool":
      return { role: "tool", tool_call_id: message.toolCallId, content: message.content };
  }
}

/** Whether requests go to OpenAI itself rather than a compatible server (Ollama, vLLM, LM Studio...). */
export function isOfficialApi(baseURL: string | undefined): boolean {
  return baseURL === undefined || new URL(baseURL).hostname === "api.openai.com";
}

export function toOpenAIParams(request: ModelRequest, officialApi: boolean): ChatCompletionCreateParamsBase {
  return {
    model: request.model,
    messages: request.messages.map(toOpenAIMessage),
    ...(request.tools.length > 0 && {
      tools: request.tools.map((tool) => ({
        type: "function" as const,
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      })),
    }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    // OpenAI deprecated max_tokens (its reasoning models reject it); compatible servers still expect it.
    ...(request.maxTokens !== undefined &&
      (officialApi ? { max_completion_tokens: request.maxTokens } : { max_tokens: request.maxTokens })),
    ...(request.outputSchema && {
      response_format: {
        type: "json_schema" as const,
        json_schema: { name: request.outputSchema.name, schema: request.outputSchema.schema },
      },
    }),
  };
}

function toFinishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case "tool_calls":
    case "function_call":
      return "tool_calls";
    case "length":
      return "length";
    case "content_filter":
      return "content_filter";
    default:
      return "stop";
  }
}

function toUsage(usage: { prompt_tokens: number; completion_tokens: number } | null | undefined): Usage {
  const inputTokens = usage?.prompt_tokens ?? 0;
  const outputTokens = usage?.completion_tokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

function contextLengthExceeded(error: InstanceType<typeof OpenAI.APIError>): boolean {
  return error.code === "context_length_exceeded" || /maximum context length/i.test(error.message);
}

/** Maps SDK failures to ModelError; an abort rethrows the signal's reason. */
export function openAIErrorToModelError(error: unknown, signal: AbortSignal | undefined): unknown {
  if (error instanceof OpenAI.APIUserAbortError) return abortReason(signal);
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new ModelError(error.message, { reason: "timeout", cause: error });
  if (error instanceof OpenAI.APIConnectionError) return new ModelError(error.message, { reason: "network", cause: error });
  if (error instanceof OpenAI.APIError) {
    // A mid-stream error event has no HTTP status: the server failed after answering 200.
    return httpFailureToModelError({
      status: error.status ?? 500,
      message: error.message,
      headers: error.headers,
      contextLengthExceeded: contextLengthExceeded(error),
      cause: error,
    });
  }
  if (signal?.aborted) return abortReason(signal);
  return error;
}

function fromCompletion(completion: ChatCompletion): { content: string; toolCalls: ToolCall[]; finishReason: FinishReason } {
  const choice = completion.choices[0];
  if (!choice) throw new ModelError("OpenAI returned no choices", { reason: "unknown" });
  const toolCalls = (choice.message.tool_calls ?? []).flatMap((call) =>
    call.type === "function" ? [{ id: call.id, name: call.function.name, arguments: call.function.arguments }] : [],
  );
  return { content: choice.message.content ?? "", toolCalls, finishReason: toFinishReason(choice.finish_reason) };
}

export function createOpenAIProvider(credentials: Credentials): ModelProvider {
  let client: OpenAI | undefined;
  const officialApi = isOfficialApi(credentials.baseURL);

  function getClient(): OpenAI {
    // Local OpenAI-compatible servers accept any key; api.openai.com needs a real one.
    const apiKey = credentials.apiKey ?? (officialApi ? undefined : "not-needed");
    if (!apiKey) throw new ModelError("No OpenAI API key: set OPENAI_API_KEY or the team's key", { reason: "auth" });
    // The engine owns retries, so the SDK must not retry behind its back.
    client ??= new OpenAI({ apiKey, baseURL: credentials.baseURL, maxRetries: 0 });
    return client;
  }

  return {
    async complete(request) {
      const openai = getClient();
      try {
        const completion = await openai.chat.completions.create(
          { ...toOpenAIParams(request, officialApi), stream: false },
          { signal: request.signal },
        );
        return { ...fromCompletion(completion), usage: toUsage(completion.usage) };
      } catch (error) {
        throw openAIErrorToModelError(error, request.signal);
      }
    },

    async *stream(request): AsyncIterable<StreamChunk> {
      const openai = getClient();
      let content = "";
      const calls: ToolCall[] = [];
      let finishReason: FinishReason = "stop";
      let usage = toUsage(undefined);
      try {
        const stream = await openai.chat.completions.create(
          { ...toOpenAIParams(request, officialApi), stream: true, stream_options: { include_usage: true } },
          { signal: request.signal },
        );
        for await (const chunk of stream) {
          if (chunk.usage) usage = toUsage(chunk.usage);
          const choice = chunk.choices[0];
          if (!choice) continue;
          if (choice.delta.content) {
            content += choice.delta.content;
            yield { type: "text_delta", text: choice.delta.content };
          }
          for (const delta of choice.delta.tool_calls ?? []) {
            const call = (calls[delta.index] ??= { id: "", name: "", arguments: "" });
            if (delta.id) call.id = delta.id;
            if (delta.function?.name) call.name += delta.function.name;
            if (delta.function?.arguments) call.arguments += delta.function.arguments;
            yield {
              type: "tool_call_delta",
              index: delta.index,
              id: delta.id,
              name: delta.function?.name,
              argumentsDelta: delta.function?.arguments || undefined,
            };
          }
          if (choice.finish_reason) finishReason = toFinishReason(choice.finish_reason);
        }
        // The SDK ends an aborted stream quietly; a partial answer must not pass for a whole one.
        request.signal?.throwIfAborted();
      } catch (error) {
        throw openAIErrorToModelError(error, request.signal);
      }
      // Some compatible servers stream tool calls without ids; the engine needs one to pair results.
      const toolCalls = calls.filter(Boolean).map((call, index) => (call.id ? call : { ...call, id: `call_${index}` }));
      yield { type: "done", response: { content, toolCalls, usage, finishReason } };
    },
  };
}
