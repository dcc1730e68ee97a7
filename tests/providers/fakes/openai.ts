/**
 * A fake OpenAI Chat Completions server speaking the wire format (JSON and SSE).
 * Point the `openai` SDK (or `getProvider("openai:…", { openai: { baseURL } })`) at
 * `server.baseURL`. Unscripted requests get an echo of the last user message.
 */
import { lastUserText, startFakeServer, type FakeResponse, type FakeServer, type SseEvent } from "./server";

export type FakeToolCall = { id: string; name: string; arguments: string };
export type FakeUsage = { prompt_tokens: number; completion_tokens: number };

const DEFAULT_USAGE: FakeUsage = { prompt_tokens: 10, completion_tokens: 5 };

export function openaiCompletion(options: {
  content?: string | null;
  toolCalls?: FakeToolCall[];
  usage?: FakeUsage;
  finishReason?: string;
  model?: string;
}): FakeResponse {
  const usage = options.usage ?? DEFAULT_USAGE;
  const toolCalls = options.toolCalls ?? [];
  return {
    kind: "json",
    body: {
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: 1_700_000_000,
      model: options.model ?? "gpt-4o",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: options.content ?? null,
            refusal: null,
            ...(toolCalls.length > 0 && {
              tool_calls: toolCalls.map((call) => ({
                id: call.id,
                type: "function",
                function: { name: call.name, arguments: call.arguments },
              })),
            }),
          },
          finish_reason: options.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop"),
          logprobs: null,
        },
      ],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  };
}

function chunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "gpt-4o",
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  };
}

/**
 * A streamed completion as OpenAI sends it: a role chunk, text pieces, each tool call
 * as a head (id, name) and argument pieces, a finish chunk, a usage chunk with no
 * choices (stream_options.include_usage), then [DONE].
 */
export function openaiStream(options: {
  text?: string[];
  toolCalls?: { id: string; name: string; argumentPieces: string[] }[];
  usage?: FakeUsage;
  delayMs?: number;
}): FakeResponse {
  const usage = options.usage ?? DEFAULT_USAGE;
  const toolCalls = options.toolCalls ?? [];
  const events: SseEvent[] = [{ data: chunk({ role: "assistant", content: "" }) }];
  for (const text of options.text ?? []) events.push({ data: chunk({ content: text }) });
  toolCalls.forEach((call, index) => {
    events.push({
      data: chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }),
    });
    for (const piece of call.argumentPieces) {
      events.push({ data: chunk({ tool_calls: [{ index, function: { arguments: piece } }] }) });
    }
  });
  events.push({ data: chunk({}, toolCalls.length > 0 ? "tool_calls" : "stop") });
  events.push({
    data: {
      id: "chatcmpl-fake",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model: "gpt-4o",
      choices: [],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  });
  events.push({ data: "[DONE]" });
  return { kind: "sse", events, delayMs: options.delayMs };
}

export function openaiError(
  status: number,
  error: { message: string; type?: string; code?: string | null },
  headers?: Record<string, string>,
): FakeResponse {
  return {
    kind: "json",
    status,
    headers,
    body: { error: { message: error.message, type: error.type ?? "invalid_request_error", param: null, code: error.code ?? null } },
  };
}

export const openaiContextLengthError = (): FakeResponse =>
  openaiError(400, {
    message: "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.",
    code: "context_length_exceeded",
  });

export type FakeOpenAI = FakeServer & { baseURL: string };

/** `port` 0 (the default) picks a free one. */
export async function startFakeOpenAI(port = 0): Promise<FakeOpenAI> {
  const server = await startFakeServer((request) => {
    const body = request.body as { stream?: boolean } | undefined;
    const text = lastUserText(request.body);
    return body?.stream ? openaiStream({ text: [text] }) : openaiCompletion({ content: text });
  }, port);
  return { ...server, baseURL: `${server.url}/v1` };
}
