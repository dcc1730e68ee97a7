/**
 * The fetch MCP connections use: every address a server name resolves to is checked by
 * http_fetch's address policy inside the socket's own DNS lookup, so the connection goes
 * to a checked address (no second answer can rebind it); IP literals are checked before
 * the request. Redirects are never followed here: the MCP transport follows only
 * same-origin ones, through this fetch again.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { createAddressPolicy, type AddressPolicy } from "../httpFetch/addressPolicy";

/** A server address the policy refuses (private, loopback, metadata…) and no allowed CIDR covers. */
export class RefusedAddressError extends Error {
  override readonly name = "RefusedAddressError";
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function checkedLookup(policy: AddressPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, "");
      if (addresses.length === 0) return callback(new RefusedAddressError(`${hostname} has no addresses`), "");
      // One bad answer refuses the host: a name mixing public and private addresses is a rebinding setup.
      for (const { address } of addresses) {
        const refusal = policy.refusal(address);
        if (refusal) return callback(new RefusedAddressError(`refusing ${hostname}: ${refusal}`), "");
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
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
  const dispatcher = new Agent({ connect: { lookup: checkedLookup(policy) } });
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
