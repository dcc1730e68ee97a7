import { describe, expect, it } from "vitest";
import { getProvider, providerCatalog, resolveProviderConfig, UnknownProviderError } from "@/lib/providers";
import { parseRetryAfter } from "@/lib/providers/errors";

describe("getProvider", () => {
  it("resolves each known prefix, and a bare name as OpenAI", () => {
    for (const model of ["openai:gpt-4o", "anthropic:claude-haiku-4-5", "mock:echo", "gpt-4o-mini"]) {
      const provider = getProvider(model);
      expect(typeof provider.complete, model).toBe("function");
      expect(typeof provider.stream, model).toBe("function");
    }
  });

  it("throws a clear error for an unknown prefix", () => {
    expect(() => getProvider("gemini:pro")).toThrow(UnknownProviderError);
    expect(() => getProvider("gemini:pro")).toThrow(/Unknown model provider "gemini".*openai:, anthropic: or mock:/);
  });

  it("rejects malformed config", () => {
    expect(() => getProvider("openai:gpt-4o", { openai: { baseURL: "not a url" } })).toThrow();
  });

  it("offers every provider getProvider resolves in the catalog", () => {
    for (const entry of providerCatalog) {
      for (const model of entry.exampleModels) expect(() => getProvider(model)).not.toThrow();
    }
  });
});

describe("resolveProviderConfig", () => {
  const env = { OPENAI_API_KEY: "env-o", OPENAI_BASE_URL: "http://localhost:11434/v1", ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: undefined };

  it("takes explicit config first, then the environment, treating empty variables as unset", () => {
    expect(resolveProviderConfig({ openai: { apiKey: "team-key" } }, env)).toEqual({
      openai: { apiKey: "team-key", baseURL: "http://localhost:11434/v1" },
      anthropic: { apiKey: undefined, baseURL: undefined },
    });
  });
});

describe("parseRetryAfter", () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it("reads retry-after-ms, seconds and HTTP dates", () => {
    expect(parseRetryAfter(headers({ "retry-after-ms": "150" }))).toBe(150);
    expect(parseRetryAfter(headers({ "retry-after": "1.5" }))).toBe(1500);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter(headers({ "retry-after": "Thu, 01 Jan 2026 00:00:10 GMT" }), now)).toBe(10_000);
  });

  it("ignores absent or unreadable values", () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter(headers({ "retry-after": "soon" }))).toBeUndefined();
  });
});
