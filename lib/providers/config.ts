import { z } from "zod";

const Credentials = z.object({
  apiKey: z.string().min(1).optional(),
  baseURL: z.url().optional(),
});
export type Credentials = z.infer<typeof Credentials>;

/** Where each provider's credentials come from; later filled from a team's encrypted keys. */
export const ProviderConfig = z.object({
  openai: Credentials.optional(),
  anthropic: Credentials.optional(),
});
export type ProviderConfig = z.infer<typeof ProviderConfig>;

/** Fills what `config` leaves out from the environment (empty variables count as unset). */
export function resolveProviderConfig(
  config: ProviderConfig = {},
  env: Record<string, string | undefined> = process.env,
): Required<ProviderConfig> {
  const parsed = ProviderConfig.parse(config);
  const fromEnv = (name: string) => env[name] || undefined;
  return {
    openai: {
      apiKey: parsed.openai?.apiKey ?? fromEnv("OPENAI_API_KEY"),
      baseURL: parsed.openai?.baseURL ?? fromEnv("OPENAI_BASE_URL"),
    },
    anthropic: {
      apiKey: parsed.anthropic?.apiKey ?? fromEnv("ANTHROPIC_API_KEY"),
      baseURL: parsed.anthropic?.baseURL ?? fromEnv("ANTHROPIC_BASE_URL"),
    },
  };
}

/** The keys a run with this config may send (the team's, else the environment's): never stored, logged or exported. */
export function providerKeys(config: ProviderConfig = {}, env: Record<string, string | undefined> = process.env): string[] {
  const resolved = resolveProviderConfig(config, env);
  return [resolved.openai.apiKey, resolved.anthropic.apiKey].filter((key): key is string => Boolean(key));
}
