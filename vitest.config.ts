import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two projects (CI budget, 2 cores):
// - "pure": lib/ and components/ tests import pure modules only (no vi.mock, no env, no store), so one worker thread
//   keeps its imported modules across files instead of importing zod, the judge and the parsers again for each of
//   ~110 files. Measured 2026-12-02 on the 2-core box, `vitest run lib`: forks, isolated 103 CPU-s (import 45.9 s);
//   threads, isolated 83 CPU-s; threads, not isolated 22 CPU-s (import 9.4 s), same 2,388 tests passing.
// - "io": db/, app/ and server/ tests mock the store per file (vi.mock), set env vars, spawn and kill processes and
//   open databases; they keep a fresh process per file.
const alias = { "@": fileURLToPath(new URL("./", import.meta.url)) };
export default defineConfig({
  resolve: { alias },
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "pure",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts"],
          pool: "threads",
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "io",
          include: ["db/**/*.test.ts", "app/**/*.test.ts", "server/**/*.test.ts"],
          pool: "forks",
        },
      },
    ],
  },
});
