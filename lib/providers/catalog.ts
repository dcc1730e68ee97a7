/** What the model picker offers. Any model name works; these are suggestions. */
export type ProviderCatalogEntry = {
  id: "openai" | "anthropic" | "mock";
  label: string;
  /** Full model strings ("provider:model") ready to put in a document. */
  exampleModels: string[];
  /** Whether runs need an API key (the mock provider works offline). */
  needsApiKey: boolean;
};

export const providerCatalog: readonly ProviderCatalogEntry[] = [
  {
    id: "openai",
    label: "OpenAI (or any OpenAI-compatible server)",
    exampleModels: ["openai:gpt-4o", "openai:gpt-4o-mini", "openai:gpt-4.1", "openai:gpt-4.1-mini", "openai:gpt-5", "openai:gpt-5-mini", "openai:o4-mini"],
    needsApiKey: true,
  },
  {
    id: "anthropic",
    label: "Anthropic",
    exampleModels: ["anthropic:claude-sonnet-4-6", "anthropic:claude-haiku-4-5", "anthropic:claude-opus-4-6"],
    needsApiKey: true,
  },
  {
    id: "mock",
    label: "Mock (offline, deterministic)",
    exampleModels: [
      "mock:echo",
      "mock:echo?latency=300",
      "mock:reply?text=Hello",
      "mock:tool?name=calculator&args={\"expression\":\"6*7\"}",
      "mock:fail?kind=server",
    ],
    needsApiKey: false,
  },
];
