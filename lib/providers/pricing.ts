import type { Usage } from "@/lib/engine/model";
import { parseModelString } from "@/lib/engine/model";

/** USD per 1M tokens. List prices; update when providers change them. */
export type ModelPrice = { input: number; output: number };

const PRICES: Record<string, Record<string, ModelPrice>> = {
  openai: {
    "gpt-4o": { input: 2.5, output: 10 },
    "gpt-4o-mini": { input: 0.15, output: 0.6 },
    "gpt-4.1": { input: 2, output: 8 },
    "gpt-4.1-mini": { input: 0.4, output: 1.6 },
    "gpt-4.1-nano": { input: 0.1, output: 0.4 },
    "o3": { input: 2, output: 8 },
    "o4-mini": { input: 1.1, output: 4.4 },
    "gpt-5": { input: 1.25, output: 10 },
    "gpt-5-mini": { input: 0.25, output: 2 },
    "gpt-5-nano": { input: 0.05, output: 0.4 },
    "gpt-5.1": { input: 1.25, output: 10 },
  },
  anthropic: {
    "claude-opus-4-6": { input: 5, output: 25 },
    "claude-opus-4-5": { input: 5, output: 25 },
    "claude-opus-4-1": { input: 15, output: 75 },
    "claude-sonnet-4-6": { input: 3, output: 15 },
    "claude-sonnet-4-5": { input: 3, output: 15 },
    "claude-sonnet-4": { input: 3, output: 15 },
    "claude-haiku-4-5": { input: 1, output: 5 },
    "claude-3-5-haiku": { input: 0.8, output: 4 },
  },
};

const FREE: ModelPrice = { input: 0, output: 0 };

/**
 * The price of a "provider:model" string, or undefined when unknown (a local model on an
 * OpenAI-compatible server, a new release). Dated snapshots ("gpt-4o-2024-08-06",
 * "claude-sonnet-4-5-20250929") fall back to their longest known prefix.
 */
export function priceOf(model: string): ModelPrice | undefined {
  const { provider, model: name } = parseModelString(model);
  if (provider === "mock") return FREE;
  const table = PRICES[provider];
  if (!table) return undefined;
  if (table[name]) return table[name];
  const prefix = Object.keys(table)
    .filter((known) => name.startsWith(`${known}-`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? table[prefix] : undefined;
}

/** Estimated cost in USD, or undefined when the model's price is unknown. */
export function estimateCost(model: string, usage: Pick<Usage, "inputTokens" | "outputTokens">): number | undefined {
  const price = priceOf(model);
  if (!price) return undefined;
  return (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
}
