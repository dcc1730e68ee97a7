/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and wasm packages are loaded from node_modules at run time, not bundled.
  serverExternalPackages: [
    "better-sqlite3",
    "pg",
    "@prisma/adapter-better-sqlite3",
    "@prisma/adapter-pg",
    "@prisma/schema-engine-wasm",
    "@prisma/driver-adapter-utils",
  ],
  poweredByHeader: false,
};

export default nextConfig;
