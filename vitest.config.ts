import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    // Setup signs users up (scrypt) and migrates databases: slow on a loaded 2-core machine.
    hookTimeout: 60_000,
  },
});
