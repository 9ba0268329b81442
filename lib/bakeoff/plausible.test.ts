// Impossible or unreadable numbers are rejected, not stored or dropped: negative values (1), implausibly large ones
// (2), fractional counts and more requests than were sent (3), percentiles out of order (4), non-numbers and
// decimal commas (5), and runs with no requests (6). Each case is a real shared file (read in place) or the CSV
// template with one value changed; the error names the source's own field and its line when known.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import type { BakeoffRun } from "@/lib/types";
import { BakeoffParseError, detectAndParse } from "./detect";
import { BAD, type Bad, csvRow, GENAI_CSV_100, llm, read, VLLM_FAILED, v } from "./test-implausible";

function rejection(b: Bad): BakeoffParseError {
  try {
    detectAndParse(b.text, b.filename ?? null);
  } catch (e) {
    if (e instanceof BakeoffParseError) return e;
    throw e;
  }
  throw new Error("accepted; expected a rejection");
}

describe("impossible or unreadable values are rejected, naming the field and line", () => {
  it.each(BAD)("rule $rule: $name", (b) => {
    const e = rejection(b);
    expect(e.message).toMatch(b.message);
    expect(e.field).toBe(b.field);
    expect(e.line).toBe(b.line);
  });

  it("covers every rule", () => {
    expect(new Set(BAD.map((b) => b.rule))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });
});

function only(text: string, filename: string | null = null): { run: BakeoffRun; warnings: string[] } {
  const p = detectAndParse(text, filename);
  const run = p.runs[0];
  if (!run || p.runs.length !== 1) throw new Error(`expected one run, got ${p.runs.length}`);
  return { run, warnings: p.warnings };
}

describe("real values stay accepted", () => {
  const root = sharedPath("bakeoff");
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => {
      const full = path.join(dir, n);
      return statSync(full).isDirectory() ? files(full) : [path.relative(root, full)];
    });

  it.each(files(root))("real file %s parses, every latency ≥ 0 and its percentiles in order", (rel) => {
    for (const run of detectAndParse(read(rel), rel).runs) {
      for (const l of [run.ttftMs, run.tpotMs, run.itlMs, run.e2eMs]) {
        if (!l) continue;
        const ps = [l.p50, l.p90, l.p95, l.p99].filter((x): x is number => x !== null);
        expect(ps.every((x, i) => x >= 0 && (i === 0 || (ps[i - 1] ?? 0) <= x))).toBe(true);
      }
    }
  });

  it("the real all-failed vLLM run (0 completed, 8 failed) is kept, with a warning and no latency", () => {
    const { run, warnings } = only(VLLM_FAILED, "bench_serve_all_requests_failed_v0.25.1.json");
    expect([run.numRequests, run.numFailed, run.ttftMs]).toEqual([0, 8, null]);
    expect(warnings.join(" ")).toMatch(/every request failed/);
  });

  it.each(["", "n/a", "N/A", "-", "None", "null", "NaN", " "])("template cell %j is not measured (null)", (cell) => {
    expect(only(csvRow({ ttft_p99_ms: cell })).run.ttftMs?.p99).toBeNull();
  });

  it.each([
    ["null", null],
    ['"None"', null],
    ['"n/a"', null],
    ['"-"', null],
    ['""', null],
    ['"21.65"', 21650],
  ])("LLMPerf TTFT p99 %s → %s ms", (raw, ms) => {
    const { run } = only(llm({ results_ttft_s_quantiles_p99: raw }));
    if (ms === null) expect(run.ttftMs?.p99).toBeNull();
    else expect(run.ttftMs?.p99).toBeCloseTo(ms, 9);
  });

  it('thousands separators in 3-digit groups: "1,019.69" (real GenAI-Perf CSV), "16,300", "1,240.3"', () => {
    const g = only(GENAI_CSV_100, "profile_export_genai_perf.csv").run;
    expect(g.ttftMs?.mean).toBe(1019.69);
    const t = only(csvRow({})).run;
    expect([t.e2eMs?.p50, t.outTokPerS]).toEqual([16300, 1240.3]);
  });

  it("values at the bounds are accepted: 1e9 ms latency, 1e12 tok/s, 1e12 requests", () => {
    const { run } = only(
      csvRow({ ttft_p99_ms: "1e9", e2e_p99_ms: "1e9", output_tok_per_s: "1e12", num_requests: "1e12" }),
    );
    expect([run.ttftMs?.p99, run.outTokPerS, run.numRequests]).toEqual([1e9, 1e12, 1e12]);
  });

  it("equal percentiles, and a p50 above p99 only by float rounding, are in order", () => {
    const p99 = 762.4942294094944;
    expect(only(v({ median_ttft_ms: String(p99) })).run.ttftMs?.p50).toBe(p99);
    expect(only(v({ median_ttft_ms: String(p99 * (1 + 1e-12)) })).run.ttftMs?.p50).toBeCloseTo(p99, 6);
  });

  it("a run where every request failed (0 completed, 5 failed) is kept", () => {
    const { run } = only(csvRow({ num_requests: "0", num_failed: "5", req_per_s: "0", output_tok_per_s: "0" }));
    expect([run.numRequests, run.numFailed, run.ttftMs]).toEqual([0, 5, null]);
  });

  it("zero throughput and zero latency are values, not errors", () => {
    const { run } = only(csvRow({ req_per_s: "0", ttft_p50_ms: "0", ttft_p99_ms: "0" }));
    expect([run.reqPerS, run.ttftMs?.p50, run.ttftMs?.p99]).toEqual([0, 0, 0]);
  });
});
