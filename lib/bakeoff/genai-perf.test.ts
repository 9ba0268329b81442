// GenAI-Perf writes the same run as JSON and as CSV (values rounded to 2 decimals, thousands quoted);
// both must give the same BakeoffRun.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import type { BakeoffRun } from "@/lib/types";
import { detectAndParse } from "./detect";

const G1 = "genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency10/profile_export_genai_perf";
const G100 = "genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency100/profile_export_genai_perf";

function parse(rel: string): BakeoffRun {
  const run = detectAndParse(readFileSync(sharedPath("bakeoff", ...rel.split("/")), "utf8"), rel).runs[0];
  if (!run) throw new Error(`no run in ${rel}`);
  return run;
}

describe("GenAI-Perf CSV and JSON of the same run", () => {
  it.each([G1, G100])("%s gives equal values (CSV rounds to 2 decimals)", (base) => {
    const j = parse(`${base}.json`);
    const c = parse(`${base}.csv`);
    const near = (a: number | null | undefined, b: number | null | undefined) => {
      if (a == null || b == null) return expect(a ?? null).toBe(b ?? null);
      expect(Math.abs(a - b)).toBeLessThanOrEqual(0.005 + 1e-9);
    };
    for (const k of ["ttftMs", "tpotMs", "e2eMs"] as const) {
      for (const s of ["mean", "p50", "p90", "p95", "p99"] as const) near(j[k]?.[s], c[k]?.[s]);
    }
    for (const k of ["reqPerS", "outTokPerS", "islMean", "oslMean", "numRequests"] as const) near(j[k], c[k]);
    expect(c.load).toEqual(j.load);
    // Derived from rounded inputs, so equal only to the inputs' precision.
    expect(c.totalTokPerS).toBeCloseTo(j.totalTokPerS ?? Number.NaN, -1);
  });
});
