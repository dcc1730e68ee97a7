/**
 * Model providers behind the engine's `ModelProvider` contract, resolved from
 * "provider:model" strings. Server-only (it pulls in the SDKs and reads API keys):
 * client code imports `@/lib/providers/catalog` and `@/lib/providers/pricing` directly.
 */
import { parseModelString, type ModelProvider } from "@/lib/engine/model";
import { createAnthropicProvider } from "./anthropic";
import { resolveProviderConfig, type ProviderConfig } from "./config";
import { createMockProvider } from "./mock";
import { withCallLog } from "./mockCallLog";
import { UnknownProviderError } from "./errors";
import { createOpenAIProvider } from "./openai";

export { UnknownProviderError, InvalidModelError } from "./errors";

/**
 * The provider for a model string such as "openai:gpt-4o", "anthropic:claude-sonnet-4-5"
 * or "mock:echo". Credentials come from `config`, else from OPENAI_API_KEY,
 * OPENAI_BASE_URL, ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL. A missing key fails at call
 * time with a ModelError of kind "auth", so resolving never needs a secret.
 */
export function getProvider(model: string, config?: ProviderConfig): ModelProvider {
  const { provider, model: name } = parseModelString(model);
  switch (provider) {
    case "openai":
      return createOpenAIProvider(resolveProviderConfig(config).openai);
    case "anthropic":
      return createAnthropicProvider(resolveProviderConfig(config).anthropic);
    case "mock":
      // The call log (SWARM_MOCK_CALL_LOG) is added here: mock.ts stays free of node: modules, the editor imports it.
      return withCallLog(createMockProvider(name), model);
    default:
      throw new UnknownProviderError(model, provider);
  }
}

export { ProviderConfig, resolveProviderConfig } from "./config";
export { providerCatalog, type ProviderCatalogEntry } from "./catalog";
export { estimateCost, priceOf, type ModelPrice } from "./pricing";
export { createScriptedProvider, ScriptStep, type Script, type ScriptedProvider } from "./scripted";
export { createMockProvider, parseMockModel, MockModelSpec } from "./mock";
export { createOpenAIProvider } from "./openai";
export { createAnthropicProvider } from "./anthropic";
