/**
 * Which IP addresses http_fetch may connect to. Everything that is not the public
 * internet is refused unless a CIDR in the allow list covers it: loopback, private,
 * carrier-grade NAT, link-local (including cloud metadata at 169.254.169.254),
 * unique-local IPv6 (including fd00:ec2::254), multicast, documentation and reserved
 * ranges. IPv6 forms that embed an IPv4 address (::ffff:a.b.c.d, 64:ff9b::a.b.c.d) are
 * judged by that IPv4 address.
 */
import { BlockList, isIP } from "node:net";
import { z } from "zod";

const BLOCKED_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const BLOCKED_V6: [string, number][] = [
  ["::", 96], // unspecified, loopback, deprecated IPv4-compatible
  ["::ffff:0:0:0", 96], // IPv4-translated
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID...)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds arbitrary IPv4
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

const blocked = new BlockList();
for (const [network, prefix] of BLOCKED_V4) blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of BLOCKED_V6) blocked.addSubnet(network, prefix, "ipv6");

/** Canonical lower-case IPv6 text via the WHATWG URL parser ("::FFFF:127.0.0.1" -> "::ffff:7f00:1"). */
function canonicalIPv6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

const EMBEDDING_PREFIXES = ["::ffff:", "64:ff9b::"];

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address, if any. */
export function embeddedIPv4(address: string): string | undefined {
  const canonical = canonicalIPv6(address);
  for (const prefix of EMBEDDING_PREFIXES) {
    if (!canonical.startsWith(prefix)) continue;
    const match = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical.slice(prefix.length));
    if (!match) continue;
    const high = Number.parseInt(match[1]!, 16);
    const low = Number.parseInt(match[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return undefined;
}

/** "10.0.0.0/8", "fd00::/8" or a single address. */
export const Cidr = z.string().transform((text, ctx) => {
  const [network = "", prefixText] = text.trim().split("/");
  const version = isIP(network);
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (version === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
    ctx.addIssue({ code: "custom", message: `"${text}" is not an IP address or CIDR range` });
    return z.NEVER;
  }
  return { network, prefix, type: version === 4 ? ("ipv4" as const) : ("ipv6" as const) };
});

/** A CIDR kept as text, for options objects. */
export const CidrText = z.string().refine((text) => Cidr.safeParse(text).success, {
  message: "not an IP address or CIDR range",
});

export type AddressPolicy = {
  /** Undefined when the address may be used, else why not. */
  refusal(address: string): string | undefined;
};

export function createAddressPolicy(allowedCidrs: readonly string[] = []): AddressPolicy {
  const allowed = new BlockList();
  for (const { network, prefix, type } of z.array(Cidr).parse(allowedCidrs)) allowed.addSubnet(network, prefix, type);

  function permitted(address: string, type: "ipv4" | "ipv6"): boolean {
    return allowed.check(address, type) || !blocked.check(address, type);
  }

  return {
    refusal(address) {
      const version = isIP(address);
      if (version === 0) return `"${address}" is not an IP address`;
      if (version === 4) return permitted(address, "ipv4") ? undefined : `${address} is a private or reserved address`;
      const v4 = embeddedIPv4(address);
      if (v4 !== undefined && !permitted(v4, "ipv4")) return `${address} embeds the private or reserved address ${v4}`;
      return permitted(address, "ipv6") ? undefined : `${address} is a private or reserved address`;
    },
  };
}
