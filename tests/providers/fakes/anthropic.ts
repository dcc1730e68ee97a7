/**
 * A fake Anthropic Messages server speaking the wire format (JSON and SSE). Point the
 * `@anthropic-ai/sdk` (or `getProvider("anthropic:…", { anthropic: { baseURL } })`) at
 * `server.baseURL`. Unscripted requests get an echo of the last user message.
 */
import { lastUserText, startFakeServer, type FakeResponse, type FakeServer, type SseEvent } from "./server";

export type FakeToolUse = { id: string; name: string; input: Record<string, unknown> };
export type FakeAnthropicUsage = { input_tokens: number; output_tokens: number };

const DEFAULT_USAGE: FakeAnthropicUsage = { input_tokens: 12, output_tokens: 6 };

function fullUsage(usage: FakeAnthropicUsage) {
  return { ...usage, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
}

export function anthropicMessage(options: {
  text?: string;
  toolUses?: FakeToolUse[];
  usage?: FakeAnthropicUsage;
  stopReason?: string;
}): FakeResponse {
  const toolUses = options.toolUses ?? [];
  return {
    kind: "json",
    body: {
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model: "claude-haiku-4-5",
      content: [
        ...(options.text ? [{ type: "text", text: options.text }] : []),
        ...toolUses.map((use) => ({ type: "tool_use", ...use })),
      ],
      stop_reason: options.stopReason ?? (toolUses.length > 0 ? "tool_use" : "end_turn"),
      stop_sequence: null,
      usage: fullUsage(options.usage ?? DEFAULT_USAGE),
    },
  };
}

/**
 * A streamed message as Anthropic sends it: message_start (input usage), a content
 * block per text and tool use (text_delta / input_json_delta pieces), message_delta
 * (stop reason, output usage), message_stop.
 */
export function anthropicStream(options: {
  text?: string[];
  toolUses?: { id: string; name: string; jsonPieces: string[] }[];
  usage?: FakeAnthropicUsage;
  delayMs?: number;
}): FakeResponse {
  const usage = options.usage ?? DEFAULT_USAGE;
  const toolUses = options.toolUses ?? [];
  const event = (type: string, data: Record<string, unknown>): SseEvent => ({ event: type, data: { type, ...data } });
  const events: SseEvent[] = [
    event("message_start", {
      message: {
        id: "msg_fake",
        type: "message",
        role: "assistant",
        model: "claude-haiku-4-5",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: fullUsage({ input_tokens: usage.input_tokens, output_tokens: 1 }),
      },
    }),
  ];
  let index = 0;
  if (options.text?.length) {
    events.push(event("content_block_start", { index, content_block: { type: "text", text: "" } }));
    for (const text of options.text) events.push(event("content_block_delta", { index, delta: { type: "text_delta", text } }));
    events.push(event("content_block_stop", { index }));
    index++;
  }
  for (const use of toolUses) {
    events.push(event("content_block_start", { index, content_block: { type: "tool_use", id: use.id, name: use.name, input: {} } }));
    for (const piece of use.jsonPieces) {
      events.push(event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: piece } }));
    }
    events.push(event("content_block_stop", { index }));
    index++;
  }
  events.push(
    event("message_delta", {
      delta: { stop_reason: toolUses.length > 0 ? "tool_use" : "end_turn", stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    }),
  );
  events.push(event("message_stop", {}));
  return { kind: "sse", events, delayMs: options.delayMs };
}

export function anthropicError(
  status: number,
  error: { type: string; message: string },
  headers?: Record<string, string>,
): FakeResponse {
  return { kind: "json", status, headers, body: { type: "error", error } };
}

export const anthropicPromptTooLong = (): FakeResponse =>
  anthropicError(400, { type: "invalid_request_error", message: "prompt is too long: 210000 tokens > 200000 maximum" });

/** Anthropic's mid-stream failure: an `error` event after a 200. */
export function anthropicStreamError(error: { type: string; message: string }): FakeResponse {
  return { kind: "sse", events: [{ event: "error", data: { type: "error", error } }] };
}

export type FakeAnthropic = FakeServer & { baseURL: string };

/** `port` 0 (the default) picks a free one. */
export async function startFakeAnthropic(port = 0): Promise<FakeAnthropic> {
  const server = await startFakeServer((request) => {
    const body = request.body as { stream?: boolean } | undefined;
    const text = lastUserText(request.body);
    return body?.stream ? anthropicStream({ text: [text] }) : anthropicMessage({ text });
  }, port);
  return { ...server, baseURL: server.url };
}
