import type { Message, Usage } from "@/lib/engine/model";

/** A rough token count (about four characters a token) so offline timelines show numbers. */
export function roughTokenCount(text: string): number {
  return Math.ceil(text.length / 4);
}

function messageText(message: Message): string {
  if (message.role === "assistant") return message.content + message.toolCalls.map((call) => call.name + call.arguments).join("");
  return message.content;
}

export function roughUsage(messages: readonly Message[], output: string): Usage {
  const inputTokens = messages.reduce((sum, message) => sum + roughTokenCount(messageText(message)), 0);
  const outputTokens = roughTokenCount(output);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}
