/**
 * Removes credentials from text before it is stored or sent: error messages of providers
 * and tools can echo a request's headers or URL. Known secrets (the keys a run used) are
 * replaced exactly; key-shaped strings and credential headers by pattern, since a provider
 * may echo a key we were never told about (e.g. one from the environment).
 */

const REDACTED = "[redacted]";

/**
 * Key formats of the providers and services a swarm talks to (OpenAI, Anthropic, AWS,
 * GitHub, Slack, Google) and this app's own API tokens. The DSL's export check uses the
 * same list (lib/dsl/secrets.ts): a key that must not be stored must not be exported.
 */
export const KEY_PATTERNS: readonly RegExp[] = [
  /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/,
  /\bAKIA[0-9A-Z]{16}\b/,
  /\bgh[pousr]_[A-Za-z0-9]{30,}/,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/,
  /\bAIza[0-9A-Za-z_-]{35}\b/,
  /\bsst_[A-Za-z0-9_-]{16,}/,
];

const PATTERNS: RegExp[] = [
  // Header lines and JSON/form fields carrying credentials: keep the name, drop the value.
  /\b((?:proxy-)?authorization|x-api-key|api[-_]?key|x-goog-api-key|cookie|set-cookie)(["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|token)\s+)?[^\s"',;}&]+/gi,
  // Bearer/Basic credentials anywhere.
  /\b(bearer|basic)(\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
  // Key-shaped tokens, anywhere (the empty groups keep the replacer's signature).
  ...KEY_PATTERNS.map((pattern) => new RegExp(`()()${pattern.source}`, "g")),
  // Credentials in URLs: user:password@host and key/token query parameters.
  /(\/\/)([^/\s:@]+:)[^/\s@]+(?=@)/g,
  /([?&](?:api[-_]?key|key|token|access_token|auth|signature|sig)=)()[^&\s#"']+/gi,
];

/**
 * `text` with every known secret and every credential-shaped string replaced by "[redacted]".
 * Known secrets shorter than `minLength` are left: short values would redact ordinary words,
 * and real keys are long (a caller that knows its values are credentials may go lower).
 */
export function redactSecrets(text: string, knownSecrets: readonly string[] = [], minLength = 8): string {
  let result = text;
  for (const secret of knownSecrets) {
    if (secret.length >= minLength) result = result.split(secret).join(REDACTED);
  }
  for (const pattern of PATTERNS) {
    result = result.replace(pattern, (_match, name: string | undefined, separator: string | undefined) => `${name ?? ""}${separator ?? ""}${REDACTED}`);
  }
  return result;
}
