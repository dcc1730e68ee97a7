/**
 * A model call's messages in the GenAI conventions' JSON shape (`gen_ai.input.messages`,
 * `gen_ai.output.messages`): `{role, parts: [{type: "text" | "tool_call" | "tool_call_response", …}]}`.
 */
import type { Message } from "@/lib/engine/model";

type Part =
  | { type: "text"; content: string }
  | { type: "tool_call"; id: string; name: string; arguments: string }
  | { type: "tool_call_response"; id: string; response: string };

export type GenAiMessage = { role: string; parts: Part[]; finish_reason?: string };

function toGenAi(message: Message): GenAiMessage {
  switch (message.role) {
    case "system":
    case "user":
      return { role: message.role, parts: [{ type: "text", content: message.content }] };
    case "assistant": {
      const parts: Part[] = message.content ? [{ type: "text", content: message.content }] : [];
      for (const call of message.toolCalls) parts.push({ type: "tool_call", id: call.id, name: call.name, arguments: call.arguments });
      return { role: "assistant", parts };
    }
    case "tool":
      return { role: "tool", parts: [{ type: "tool_call_response", id: message.toolCallId, response: message.content }] };
  }
}

/**
 * A stored step keeps the messages it added to its agent's history, then its response:
 * the last assistant message is the output, the rest the input.
 */
export function toGenAiMessages(messages: readonly Message[], finishReason?: string): { input: GenAiMessage[]; output: GenAiMessage[] } {
  const last = messages.at(-1);
  const answered = last?.role === "assistant";
  const input = (answered ? messages.slice(0, -1) : messages).map(toGenAi);
  const output = answered ? [{ ...toGenAi(last), ...(finishReason ? { finish_reason: finishReason } : {}) }] : [];
  return { input, output };
}
