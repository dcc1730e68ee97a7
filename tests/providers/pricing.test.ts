import { describe, expect, it } from "vitest";
import { estimateCost, priceOf, providerCatalog } from "@/lib/providers";
import { externalImports } from "../tools/importGraph";

describe("pricing", () => {
  it("prices known models per million tokens", () => {
    expect(estimateCost("openai:gpt-4o", { inputTokens: 1_000_000, outputTokens: 1_000_000 })).toBeCloseTo(12.5);
    expect(estimateCost("anthropic:claude-haiku-4-5", { inputTokens: 2000, outputTokens: 1000 })).toBeCloseTo(0.007);
  });

  it("falls back from dated snapshots to the longest known prefix", () => {
    expect(priceOf("openai:gpt-4o-mini-2024-07-18")).toEqual(priceOf("openai:gpt-4o-mini"));
    expect(priceOf("anthropic:claude-sonnet-4-5-20250929")).toEqual(priceOf("anthropic:claude-sonnet-4-5"));
  });

  it("mock models are free; unknown models have no estimate", () => {
    expect(estimateCost("mock:echo?latency=5", { inputTokens: 500, outputTokens: 500 })).toBe(0);
    expect(estimateCost("openai:llama3.1:8b", { inputTokens: 5, outputTokens: 5 })).toBeUndefined();
    expect(estimateCost("mistral:large", { inputTokens: 5, outputTokens: 5 })).toBeUndefined();
  });

  it("every catalog example of a paid provider has a price", () => {
    for (const entry of providerCatalog) {
      for (const model of entry.exampleModels) expect(priceOf(model), model).toBeDefined();
    }
  });
});

describe("client safety", () => {
  it("pricing and the catalog import no SDK and nothing from node", () => {
    expect(externalImports("lib/providers/pricing.ts")).toEqual(new Set(["zod"]));
    expect(externalImports("lib/providers/catalog.ts")).toEqual(new Set());
    expect(externalImports("lib/providers/index.ts")).toContain("openai"); // the check does see SDKs
  });
});
