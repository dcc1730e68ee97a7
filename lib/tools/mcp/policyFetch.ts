/**
 * The fetch MCP connections use: every address a server name resolves to is checked by
 * http_fetch's address policy inside the socket's own DNS lookup, so the connection goes
 * to a checked address (no second answer can rebind it); IP literals are checked before
 * the request. Redirects are never followed here: the MCP transport follows only
 * same-origin ones, through this fetch again.
 */
import { isIP } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { createAddressPolicy, type AddressPolicy } from "../httpFetch/addressPolicy";
import { checkedLookup } from "../httpFetch/checkedLookup";

/** A server address the policy refuses (private, loopback, metadata…) and no allowed CIDR covers. */
export class RefusedAddressError extends Error {
  override readonly name = "RefusedAddressError";
}

/** Throws RefusedAddressError when `url` names an address (not a host name) the policy refuses. */
export function checkLiteralAddress(url: URL, policy: AddressPolicy): void {
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(hostname) === 0) return;
  const refusal = policy.refusal(hostname);
  if (refusal) throw new RefusedAddressError(`refusing ${url.host}: ${refusal}`);
}

export type PolicyFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

export function createPolicyFetch(allowedCidrs: readonly string[]): PolicyFetch {
  const policy = createAddressPolicy([...allowedCidrs]);
  const lookup = checkedLookup(policy, (why, hostname) => new RefusedAddressError(`refusing ${hostname}: ${why}`));
  const dispatcher = new Agent({ connect: { lookup } });
  return async (url, init) => {
    const target = new URL(url);
    if (target.protocol !== "http:" && target.protocol !== "https:") throw new RefusedAddressError(`only http and https MCP servers, not ${target.protocol}`);
    checkLiteralAddress(target, policy);
    // undici's own fetch: the global one cannot take this package's dispatcher.
    const response = await undiciFetch(target, { ...(init as object), redirect: "manual", dispatcher });
    return response as unknown as Response;
  };
}

/** The first RefusedAddressError in an error's cause chain (fetch wraps socket errors). */
export function refusedAddress(error: unknown): RefusedAddressError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    if (current instanceof RefusedAddressError) return current;
  }
  return undefined;
}
