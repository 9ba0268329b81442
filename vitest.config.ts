import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: [
      "lib/**/*.test.ts",
      "db/**/*.test.ts",
      "app/**/*.test.ts",
      "components/**/*.test.ts",
      "server/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // many test files wait on child processes (the importer CLI, the crash test) or the PostgreSQL cluster: on CI's 2
    // cores, 2 workers left the machine half idle (load 1.5 over the 8.7-minute run)
    maxWorkers: 4,
  },
});
