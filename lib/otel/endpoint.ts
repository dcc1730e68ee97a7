/**
 * Where a team's traces go, checked like http_fetch's targets: http(s) only, no credentials
 * in the URL, and every address the host resolves to (at connect time, so a rebinding name
 * cannot slip through) allowed by the address policy — private and reserved ranges only
 * when the operator lists them in SWARM_OTLP_ALLOWED_CIDRS.
 */
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { UserError } from "@/lib/errors";
import { type AddressPolicy, createAddressPolicy } from "@/lib/tools/httpFetch/addressPolicy";
import { allowedCidrsFromEnv, checkedLookup } from "@/lib/tools/httpFetch/checkedLookup";

export class TelemetryEndpointError extends UserError {
  override readonly name = "TelemetryEndpointError";
  readonly kind = "invalid";
}

/** CIDRs an OTLP endpoint may reach although private (e.g. a collector on the intranet); none by default. */
export function otlpAllowedCidrsFromEnv(env: Record<string, string | undefined> = process.env): string[] {
  return allowedCidrsFromEnv("SWARM_OTLP_ALLOWED_CIDRS", env);
}

/** The URL as given, or why it cannot be an OTLP endpoint (the address check happens when connecting). */
export function parseEndpoint(text: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TelemetryEndpointError("The OTLP endpoint is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TelemetryEndpointError("The OTLP endpoint must be an http or https URL");
  if (url.username || url.password) throw new TelemetryEndpointError("Put credentials in the headers, not in the endpoint URL");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // Sockets to a literal address skip the lookup: check it here.
  if (isIP(host)) {
    const refusal = policy.refusal(host);
    if (refusal) throw new TelemetryEndpointError(`The OTLP endpoint is not allowed: ${refusal}`);
  }
  return url;
}

/** A `lookup` for sockets that refuses any answer the policy does not allow. */
export function otlpLookup(policy: AddressPolicy): LookupFunction {
  return checkedLookup(policy, (why) => new TelemetryEndpointError(`The OTLP endpoint is not allowed: ${why}`));
}

export { createAddressPolicy };
