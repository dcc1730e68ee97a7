/**
 * Sent with every response, assets included. The Content-Security-Policy (with its per-request
 * nonce) comes from proxy.ts.
 */
const securityHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Invitation links carry a secret in their query: never send a URL to another site.
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
  // Native and wasm packages are loaded from node_modules at run time, not bundled; so is
  // DBOS (its optional OpenTelemetry imports cannot be bundled, and only durable mode loads it).
  serverExternalPackages: [
    "@dbos-inc/dbos-sdk",
    "better-sqlite3",
    "pg",
    "@prisma/adapter-better-sqlite3",
    "@prisma/adapter-pg",
    "@prisma/schema-engine-wasm",
    "@prisma/driver-adapter-utils",
    // The code-tool sandbox's worker (lib/tools/sandbox/guest.mjs) is bundled as a worker
    // chunk; bundled, QuickJS looks for its wasm under /_next/static and the sandbox crashes.
    "quickjs-emscripten-core",
    "@jitl/quickjs-wasmfile-release-sync",
    // The co-editing server: one copy of yjs shared with Hocuspocus (two copies break Yjs's type checks).
    "@hocuspocus/server",
    "yjs",
    "ws",
    // Loaded only with SWARM_EXECUTOR=durable; bundling it fails on its optional telemetry packages.
    "@dbos-inc/dbos-sdk",
  ],
  // Lets parallel builds (tests, benchmarks, several developers' dev servers) use their own folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // The dev server would print every Server Action's arguments: passwords and provider API keys included.
  logging: { serverFunctions: false },
  experimental: {
    // Above the 1 MiB document limit, so an oversized document gets our clear message
    // instead of the framework's generic body-size error.
    serverActions: { bodySizeLimit: "3mb" },
  },
};

export default nextConfig;
