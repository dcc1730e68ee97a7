/**
 * A socket `lookup` that resolves like Node's and refuses a host when any address it
 * resolves to is one the address policy refuses. Used by connections that are not
 * http_fetch's own pinned requests (OTLP export, MCP servers): the socket connects to
 * the checked answer itself, so a second DNS answer cannot rebind it.
 */
import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { z } from "zod";
import { CidrText, type AddressPolicy } from "./addressPolicy";

/** `refused(why)` makes the error the connection fails with. */
export function checkedLookup(policy: AddressPolicy, refused: (why: string, hostname: string) => Error): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      // One bad answer refuses the host: a name mixing public and private addresses is a rebinding setup.
      const refusal = addresses.map((entry) => policy.refusal(entry.address)).find(Boolean);
      if (refusal) return callback(refused(refusal, hostname), "", 0);
      const first = addresses[0];
      if (!first) return callback(refused("it has no addresses", hostname), "", 0);
      if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

/** The CIDRs listed (comma-separated) in `env[name]`, checked. */
export function allowedCidrsFromEnv(name: string, env: Record<string, string | undefined> = process.env): string[] {
  const cidrs = env[name]?.split(",").map((cidr) => cidr.trim()).filter(Boolean) ?? [];
  return z.array(CidrText).parse(cidrs);
}
