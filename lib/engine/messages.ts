/**
 * zod schemas of the message types in model.ts, for parsing stored histories
 * (saved RunStates, resumed runs). Each schema's inferred type shares its name and
 * equals the type in model.ts.
 */
import { z } from "zod";
import type { Message as MessageType, Usage as UsageType } from "./model";

export const Usage = z.object({
  inputTokens: z.number().nonnegative(),
  outputTokens: z.number().nonnegative(),
  totalTokens: z.number().nonnegative(),
}) satisfies z.ZodType<UsageType>;
export type Usage = z.infer<typeof Usage>;

export const ToolCall = z.object({ id: z.string(), name: z.string(), arguments: z.string() });
export type ToolCall = z.infer<typeof ToolCall>;

export const Message = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content: z.string() }),
  z.object({ role: z.literal("user"), content: z.string() }),
  z.object({ role: z.literal("assistant"), content: z.string(), toolCalls: z.array(ToolCall) }),
  z.object({
    role: z.literal("tool"),
    toolCallId: z.string(),
    toolName: z.string(),
    content: z.string(),
    error: z.boolean().optional(),
  }),
]) satisfies z.ZodType<MessageType>;
export type Message = z.infer<typeof Message>;

export function emptyUsage(): UsageType {
  return { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
}

/** Adds `extra` into `target` in place. */
export function addUsageInto(target: UsageType, extra: UsageType): void {
  target.inputTokens += extra.inputTokens;
  target.outputTokens += extra.outputTokens;
  target.totalTokens += extra.totalTokens;
}
