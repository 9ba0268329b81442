// Issue 26's second target, "no single request holding a core for more than 2 s", for the heaviest job the product
// accepts: a bake-off upload at the 200,000-sample cap (lib/bakeoff/limits.ts). Measured as the CPU time of the
// thread that parses it (db/work/jobs.ts threadCpuMs: /proc/thread-self, this thread alone, so a loaded machine
// stretches it far less than wall time). It took ~2.0 s: an eager String(x) per sample for an error message that
// was never shown, and the file's JSON parsed twice (runs, then facts). Now ~0.7 s; the budget leaves headroom.
import { describe, expect, it } from "vitest";
import { largestUpload } from "@/bench/render";
import { prepareBakeoffRow } from "../bakeoff-prepare";
import { threadCpuMs } from "./jobs";

const BUDGET_MS = 1500;

describe.runIf(threadCpuMs() !== null)("a max-cap upload's parse", () => {
  it(`costs its thread under ${BUDGET_MS} ms of CPU`, () => {
    const bytes = new TextEncoder().encode(largestUpload(100, 2000));
    const input = { label: null, accelerator: null, accelerators: null, nodes: null, modelFamily: "llama2-70b" };
    // the best of two: the first also compiles the parsers
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 2; i++) {
      const c0 = threadCpuMs() as number;
      const row = prepareBakeoffRow({ ...input, files: [{ name: "max-cap.jsonl", bytes }] });
      best = Math.min(best, (threadCpuMs() as number) - c0);
      expect(row.perRequestSamples).toBe(200_000);
    }
    expect(best).toBeLessThan(BUDGET_MS);
  }, 120_000);
});
