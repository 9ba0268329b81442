// Numbers as tools write them (float-noise counts are whole, impossible values still refused) and the semantics a
// planner must see (a TTFT without streaming is flagged, not used).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BakeoffParseError, detectAndParse } from "./detect";
import { asWhole, quantityProblem } from "./plausible";
import { SOURCE_FIXTURES } from "./testdata/source-fixtures";

/** x as a float sum would leave it: x·(1 + δ) with |δ| ≤ 4 ulp-ish relative noise (≤ 1e-12). */
const noisy = (x: number, d: number) => x * (1 + d);
const noise = fc.double({ min: -1e-12, max: 1e-12, noNaN: true });

describe("counts within a relative 1e-9 of a whole number are that number", () => {
  it.each([
    [1748.9999999999998, 1749],
    [14592.000000000002, 14592],
    [3, 3],
    [0, 0],
    [1e12 - 1e-4, 1e12],
  ])("%s → %s", (x, whole) => {
    expect(asWhole(x)).toBe(whole);
    expect(quantityProblem(x, "count")).toBeNull();
  });

  it.each([7.5, 2.4, 1748.5, 100.001])("%s stays refused as a count", (x) => {
    expect(quantityProblem(x, "count")).toMatch(/not a whole number/);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY, 1e13])("%s stays refused as a count", (x) => {
    expect(quantityProblem(x, "count")).not.toBeNull();
  });

  it("property: a valid vLLM file whose counts carry float noise parses, to the whole counts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 4096 }),
        noise,
        noise,
        noise,
        (completed, failed, isl, d1, d2, d3) => {
          const file = {
            date: "20260301-120000",
            model_id: "m",
            num_prompts: completed + failed,
            request_rate: 1,
            max_concurrency: 8,
            duration: 100,
            completed: noisy(completed, d1),
            failed: noisy(failed, d2),
            total_input_tokens: noisy(completed * isl, d3),
            total_output_tokens: completed * 10,
            mean_ttft_ms: 10,
            median_ttft_ms: 9,
            p99_ttft_ms: 20,
          };
          const run = detectAndParse(JSON.stringify(file), "run.json").runs[0];
          expect(run?.numRequests).toBe(completed);
          expect(run?.numFailed).toBe(failed);
          expect(run?.islMean).toBeCloseTo(isl, 6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("property: a guidellm benchmark whose token sums carry float noise parses (the guidellm 0.5 case)", () => {
    const base = SOURCE_FIXTURES.find((f) => f.tool === "guidellm" && /0\.5/.test(f.schema));
    if (!base) throw new Error("guidellm 0.5 fixture missing");
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        noise,
        noise,
        (o, i, d1, d2) => {
          const doc = JSON.parse(base.text);
          const m = doc.benchmarks[0].metrics;
          m.output_token_count.successful.total_sum = noisy(o, d1);
          m.prompt_token_count.successful.total_sum = noisy(i, d2);
          const run = detectAndParse(JSON.stringify(doc), "benchmarks.json").runs[0];
          expect(run?.outTokPerS).toBeCloseTo(o / 30, 6);
          expect(run?.totalTokPerS).toBeCloseTo((o + i) / 30, 6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a count that is not whole beyond float noise is still refused, naming the field", () => {
    const base = SOURCE_FIXTURES.find((f) => f.tool === "vllm" && f.age === "newest");
    const doc = JSON.parse(base?.text ?? "{}");
    doc.completed = 197.5;
    expect(() => detectAndParse(JSON.stringify(doc), "x.json")).toThrow(/completed: 197\.5 is not a whole number/);
  });
});

describe("a TTFT that is no time to first token (streaming off) is flagged and not used", () => {
  it("genai-bench records whose TTFT is the constant 0.001 s", () => {
    const base = SOURCE_FIXTURES.find((f) => f.tool === "genai-bench" && f.age === "oldest");
    const doc = JSON.parse(base?.text ?? "{}");
    for (const r of doc.individual_request_metrics) r.ttft = 0.001;
    Object.assign(doc.aggregated_metrics.stats.ttft, {
      min: 0.001,
      max: 0.001,
      mean: 0.001,
      p25: 0.001,
      p50: 0.001,
      p75: 0.001,
      p90: 0.001,
      p95: 0.001,
      p99: 0.001,
    });
    const run = detectAndParse(JSON.stringify(doc), "x.json").runs[0];
    expect(run?.ttftMs).toBeNull();
    expect(run?.perRequest?.every((r) => r.ttftMs === null)).toBe(true);
    expect(run?.e2eMs?.p50).toBeCloseTo(2000, 6); // the rest of the run stays
    expect(run?.latencyNotes.some((n) => /TTFT not used: every request's TTFT is the same 1 ms/.test(n))).toBe(true);
  });

  it("an aggregate TTFT equal to E2E at mean, p50 and p99 (the answer arrived in one piece)", () => {
    const base = SOURCE_FIXTURES.find((f) => f.tool === "vllm" && f.age === "newest");
    const doc = JSON.parse(base?.text ?? "{}");
    Object.assign(doc, { mean_ttft_ms: 10000, median_ttft_ms: 9900, p90_ttft_ms: 10800, p99_ttft_ms: 11500 });
    const run = detectAndParse(JSON.stringify(doc), "x.json").runs[0];
    expect(run?.ttftMs).toBeNull();
    expect(run?.latencyNotes.some((n) => /TTFT equals the end-to-end latency/.test(n))).toBe(true);
  });

  it("a real TTFT spread is kept", () => {
    const base = SOURCE_FIXTURES.find((f) => f.tool === "vllm" && f.age === "newest");
    expect(detectAndParse(base?.text ?? "", "x.json").runs[0]?.ttftMs?.p99).toBe(200);
  });
});

describe("units stated by the file are honoured", () => {
  it("genai-bench _time_unit s and ms give the same ms", () => {
    const base = SOURCE_FIXTURES.find((f) => f.tool === "genai-bench" && f.age === "oldest");
    const s = JSON.parse(base?.text ?? "{}");
    const ms = JSON.parse(base?.text ?? "{}");
    ms._time_unit = "ms";
    s._time_unit = "s";
    for (const k of ["ttft", "tpot", "e2e_latency"]) {
      for (const [stat, v] of Object.entries(ms.aggregated_metrics.stats[k]))
        ms.aggregated_metrics.stats[k][stat] = (v as number) * 1000;
    }
    for (const r of ms.individual_request_metrics) for (const k of ["ttft", "tpot", "e2e_latency"]) r[k] *= 1000;
    const a = detectAndParse(JSON.stringify(s), "a.json").runs[0];
    const b = detectAndParse(JSON.stringify(ms), "b.json").runs[0];
    expect(a?.ttftMs?.p99).toBeCloseTo(297.5, 6);
    expect(b?.ttftMs?.p99).toBeCloseTo(297.5, 6);
    expect(b?.e2eMs?.p50).toBeCloseTo(a?.e2eMs?.p50 ?? Number.NaN, 6);
  });

  it("an unknown _time_unit is refused, naming the field", () => {
    const base = SOURCE_FIXTURES.find((f) => f.tool === "genai-bench" && f.age === "oldest");
    const doc = JSON.parse(base?.text ?? "{}");
    doc._time_unit = "us";
    let err: unknown;
    try {
      detectAndParse(JSON.stringify(doc), "x.json");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BakeoffParseError);
    expect((err as BakeoffParseError).field).toBe("_time_unit");
  });

  it("a benchmark report statistic in a unit the schema lacks is refused", () => {
    const base = SOURCE_FIXTURES.find((f) => f.tool === "llm-d-report" && f.age === "newest");
    const doc = JSON.parse(base?.text ?? "{}");
    doc.results.request_performance.aggregate.latency.time_to_first_token.units = "minutes";
    expect(() => detectAndParse(JSON.stringify(doc), "x.json")).toThrow(/time_to_first_token\.units: "minutes"/);
  });
});
