// The address of the client behind a request, for rate limits: the TCP peer, unless the
// peer is one of the configured proxies (SWARM_TRUSTED_PROXIES), in which case the
// X-Forwarded-For chain is walked from the right, past trusted hops, to the first address
// no trusted proxy vouches for. A client that talks to the server directly cannot choose
// its address by sending X-Forwarded-For.
//
// Plain JavaScript (with clientAddress.d.mts beside it) because the Node server in
// scripts/server.mjs imports it before Next.js is loaded; the address parsing is
// better-auth's own, so the server and its rate limiter agree on every format.
import { findInvalidTrustedProxies, getIPFromHeader, normalizeIP } from "@better-auth/core/utils/ip";

/**
 * The trusted proxies of a SWARM_TRUSTED_PROXIES value: addresses or CIDR ranges separated
 * by commas or spaces. Throws on an entry that is neither, so a typo fails at start-up
 * instead of silently trusting nobody (or everybody).
 */
export function parseTrustedProxies(value) {
  const entries = (value ?? "").split(/[\s,]+/).filter(Boolean);
  const invalid = findInvalidTrustedProxies(entries);
  if (invalid.length) {
    throw new Error(`SWARM_TRUSTED_PROXIES: ${invalid.join(", ")} is not an IP address or CIDR range (e.g. 10.0.0.5 or 10.0.0.0/24).`);
  }
  return entries;
}

/** The client's address given the TCP peer, the request's X-Forwarded-For and the trusted proxies. */
export function clientAddress(peer, forwardedFor, trustedProxies) {
  if (!peer) return null;
  const direct = normalizeIP(peer);
  if (!trustedProxies.length || !forwardedFor) return direct;
  // The peer is the last hop of the chain; when it is not trusted, the walk stops at it.
  return getIPFromHeader(`${forwardedFor}, ${peer}`, { trustedProxies }) ?? direct;
}

/**
 * Replaces the request's X-Forwarded-For by the one address the server vouches for, so
 * better-auth's limiter (and everything after) reads the real client, never a forged one.
 */
export function setTrustedForwardedFor(request, trustedProxies) {
  const header = request.headers["x-forwarded-for"];
  const forwardedFor = Array.isArray(header) ? header.join(", ") : header;
  const client = clientAddress(request.socket.remoteAddress, forwardedFor, trustedProxies);
  if (client) request.headers["x-forwarded-for"] = client;
  else delete request.headers["x-forwarded-for"];
}
