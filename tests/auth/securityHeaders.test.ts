// Every response carries the security headers; pages carry a CSP whose nonce changes per request.
import type { NextConfig } from "next";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
// @ts-expect-error next.config.js is plain JavaScript, without a declaration file
import plainConfig from "@/next.config.js";
import { proxy } from "@/proxy";

const nextConfig: NextConfig = plainConfig;

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(";").map((part) => {
    const [name, ...sources] = part.trim().split(/\s+/);
    return [name!, sources];
  }));
}

describe("security headers", () => {
  it("sends a nonce CSP on the response and, for Next.js's own scripts, on the request", async () => {
    const first = await proxy(new NextRequest("http://localhost:3000/flows"));
    const second = await proxy(new NextRequest("http://localhost:3000/flows"));
    const policy = first.headers.get("content-security-policy")!;
    const parsed = directives(policy);
    const nonce = parsed.get("script-src")!.find((source) => source.startsWith("'nonce-"))!;
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(parsed.get("script-src")).toEqual(["'self'", nonce, "'strict-dynamic'"]);
    expect(parsed.get("script-src")).not.toContain("'unsafe-inline'");
    expect(parsed.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(parsed.get("frame-ancestors")).toEqual(["'none'"]);
    // The co-editing socket goes back to the host the page came from, and nowhere else.
    expect(parsed.get("connect-src")).toEqual(["'self'", "ws://localhost:3000", "wss://localhost:3000"]);
    expect(parsed.get("object-src")).toEqual(["'none'"]);
    // Next.js finds the nonce for its scripts in the request's policy.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
  });

  it("sets frame, sniffing and referrer headers on every path", async () => {
    const rules = await nextConfig.headers!();
    const everything = rules.find((rule) => rule.source === "/:path*")!;
    expect(Object.fromEntries(everything.headers.map((header) => [header.key, header.value]))).toMatchObject({
      "X-Frame-Options": "DENY",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
    });
  });
});

describe("the co-editing socket in the policy", () => {
  it("allows only a well-formed Host, so a forged header cannot add sources", async () => {
    const { contentSecurityPolicy } = await import("@/lib/auth/securityHeaders");
    const policy = (host: string) => directives(contentSecurityPolicy({ nonce: "n", development: false, host })).get("connect-src");
    expect(policy("127.0.0.1:3413")).toEqual(["'self'", "ws://127.0.0.1:3413", "wss://127.0.0.1:3413"]);
    expect(policy("evil.test; script-src *")).toEqual(["'self'"]);
    expect(policy("a.test *")).toEqual(["'self'"]);
  });
});
