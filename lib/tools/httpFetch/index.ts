/**
 * http_fetch: GET a web page as text for a model, without becoming an SSRF hole.
 * Each hop (the URL and every redirect) is resolved, every resolved address checked by
 * the address policy, and the request pinned to a checked address.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { z } from "zod";
import { tool, ToolError } from "@/lib/engine";
import { httpFetchSpec } from "../specs";
import { CidrText, createAddressPolicy, type AddressPolicy } from "./addressPolicy";
import { requestPinned } from "./pinnedRequest";

export type ResolvedAddress = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const HttpFetchOptions = z.object({
  /** CIDRs that may be reached although private (e.g. an intranet); none by default. */
  allowedCidrs: z.array(CidrText).default([]),
  maxBytes: z.number().int().positive().max(50_000_000).default(1_000_000),
  timeoutMs: z.number().int().positive().max(120_000).default(10_000),
  maxRedirects: z.number().int().min(0).max(20).default(5),
});
export type HttpFetchOptions = z.input<typeof HttpFetchOptions>;

/** Options from HTTP_FETCH_ALLOWED_CIDRS (comma-separated), HTTP_FETCH_MAX_BYTES, HTTP_FETCH_TIMEOUT_MS. */
export function httpFetchOptionsFromEnv(env: Record<string, string | undefined> = process.env): HttpFetchOptions {
  const number = (name: string) => (env[name] ? Number(env[name]) : undefined);
  return HttpFetchOptions.parse({
    allowedCidrs: env.HTTP_FETCH_ALLOWED_CIDRS?.split(",").map((cidr) => cidr.trim()).filter(Boolean),
    maxBytes: number("HTTP_FETCH_MAX_BYTES"),
    timeoutMs: number("HTTP_FETCH_TIMEOUT_MS"),
  });
}

export type HttpFetchResult = {
  /** The URL finally fetched, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: string;
  /** True when the body was cut at the size limit. */
  truncated: boolean;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const TEXTUAL = /^(text\/|application\/([\w.+-]+\+)?(json|xml|javascript|ecmascript|x-www-form-urlencoded|x-ndjson|ld\+json)\b)|^image\/svg\+xml/i;

const defaultResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function parseTarget(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ToolError(`http_fetch: "${text}" is not a valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ToolError(`http_fetch: only http and https URLs are allowed, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new ToolError("http_fetch: URLs with credentials are not allowed");
  return url;
}

/** Settles like `promise`, or rejects with the signal's reason once it aborts (DNS lookups cannot be cancelled). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Resolves the host and returns an address every resolved answer of which the policy allows. */
async function checkedAddress(url: URL, policy: AddressPolicy, resolve: Resolver, signal: AbortSignal): Promise<string> {
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(hostname)) addresses = [hostname];
  else {
    try {
      addresses = (await abortable(resolve(hostname), signal)).map((entry) => entry.address);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ToolError(`http_fetch: cannot resolve ${hostname}`);
    }
  }
  if (addresses.length === 0) throw new ToolError(`http_fetch: ${hostname} has no addresses`);
  // One bad answer refuses the host: a name mixing public and private addresses is a rebinding setup.
  for (const address of addresses) {
    const refusal = policy.refusal(address);
    if (refusal) throw new ToolError(`http_fetch: refusing ${url.host}: ${refusal}`);
  }
  return addresses[0]!;
}

function decodeText(body: Buffer, contentType: string): string {
  const charset = /charset="?([\w-]+)/i.exec(contentType)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

export async function fetchText(
  target: string,
  options: HttpFetchOptions = {},
  signal: AbortSignal = new AbortController().signal,
  resolve: Resolver = defaultResolver,
): Promise<HttpFetchResult> {
  const { allowedCidrs, maxBytes, timeoutMs, maxRedirects } = HttpFetchOptions.parse(options);
  const policy = createAddressPolicy(allowedCidrs);
  const deadline = AbortSignal.timeout(timeoutMs);
  const combined = AbortSignal.any([signal, deadline]);
  let url = parseTarget(target);
  try {
    for (let hop = 0; ; hop++) {
      const address = await checkedAddress(url, policy, resolve, combined);
      const response = await requestPinned({
        url,
        address,
        maxBytes,
        signal: combined,
        headers: {
          "user-agent": "SwarmStudio-http_fetch/1.0",
          accept: "text/html, text/plain, application/json;q=0.9, */*;q=0.1",
          "accept-encoding": "identity",
        },
        headOnly: (status) => REDIRECTS.has(status),
      });
      if (REDIRECTS.has(response.status)) {
        const location = response.headers.location;
        if (!location) throw new ToolError(`http_fetch: redirect ${response.status} without a Location`);
        if (hop >= maxRedirects) throw new ToolError(`http_fetch: more than ${maxRedirects} redirects`);
        url = parseTarget(new URL(location, url).href);
        continue;
      }
      const encoding = response.headers["content-encoding"];
      if (encoding && encoding !== "identity") {
        throw new ToolError(`http_fetch: the server sent a compressed (${encoding}) body although asked not to`);
      }
      const contentType = response.headers["content-type"] ?? "";
      const textual = contentType ? TEXTUAL.test(contentType) : !response.body.includes(0);
      if (!textual) throw new ToolError(`http_fetch: refusing non-text content (${contentType || "binary"})`);
      return {
        url: url.href,
        status: response.status,
        contentType,
        body: decodeText(response.body, contentType),
        truncated: response.truncated,
      };
    }
  } catch (error) {
    if (error instanceof ToolError) throw error;
    // The run was cancelled: not the model's business, let the engine see the abort.
    if (signal.aborted) throw signal.reason;
    if (deadline.aborted) throw new ToolError(`http_fetch: ${url.host} did not answer within ${timeoutMs} ms`);
    throw new ToolError(`http_fetch: request to ${url.host} failed: ${(error as Error).message}`);
  }
}

/** Without `options`, each call reads them from the environment. */
export function createHttpFetchTool(options?: HttpFetchOptions, resolve?: Resolver) {
  return tool({
    ...httpFetchSpec,
    execute: ({ url }, context) => fetchText(url, options ?? httpFetchOptionsFromEnv(), context.signal, resolve),
  });
}
