// SLO math, with every expected number worked out by hand in the comments.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import type { BakeoffRun } from "@/lib/types";
import { blankRun } from "./common";
import { detectAndParse } from "./detect";
import {
  capacityPerSuccessfulRequest,
  fractionWithin,
  loadText,
  mlperfSlo,
  P99_RULE,
  sloCheck,
  successRate,
  successRateInfo,
  successRateText,
} from "./slo";

function sample(...parts: string[]): BakeoffRun {
  const rel = parts.join("/");
  const run = detectAndParse(readFileSync(sharedPath("bakeoff", ...parts), "utf8"), rel).runs[0];
  if (!run) throw new Error(`no run in ${rel}`);
  return run;
}

function synthetic(over: Partial<BakeoffRun>): BakeoffRun {
  return { ...blankRun("csv"), ...over };
}

const LAT = (p50: number | null, p90: number | null, p95: number | null, p99: number | null) => ({
  mean: null,
  p50,
  p90,
  p95,
  p99,
});

describe("fractionWithin (percentile interpolation)", () => {
  const l = LAT(100, 200, 300, 500);
  it.each([
    [250, 0.925], // between p90 (200 → .90) and p95 (300 → .95): .90 + .05 × 50/100
    [200, 0.9], // exactly p90
    [50, 0.25], // below p50: from (0 ms, 0) to (100 ms, .50): .50 × 50/100
    [400, 0.97], // between p95 and p99: .95 + .04 × 100/200
    [10_000, 0.99], // above p99: only "at least 99%" is known
    [0, 0],
  ])("target %d ms → %d", (target, expected) => {
    expect(fractionWithin(l, target)).toBeCloseTo(expected, 12);
  });

  it("uses only the points present (vLLM default: p50 and p99)", () => {
    // (20 → .50) to (60 → .99): .50 + .49 × 20/40 = .745
    expect(fractionWithin(LAT(20, null, null, 60), 40)).toBeCloseTo(0.745, 12);
  });

  it("no points → null; non-monotone points are clamped, never NaN", () => {
    expect(fractionWithin(null, 10)).toBeNull();
    expect(fractionWithin(LAT(null, null, null, null), 10)).toBeNull();
    // p95 < p90 in the file: p95 is raised to 200, so 200 ms → .90 then .95 is reached at once; 250 → .95 + .04 × 50/300
    expect(fractionWithin(LAT(100, 200, 150, 500), 250)).toBeCloseTo(0.95 + (0.04 * 50) / 300, 12);
  });
});

describe("mlperfSlo reads the one limits table (issue 25 finding 5)", () => {
  it.each([
    // constants.py LLM_LATENCY_LIMITS["gpt-oss-120b"]: Server 3000/80 ms, Interactive 2000/15 ms (not 20 ms)
    ["gpt-oss-120b", "Interactive", { ttftP99Ms: 2000, tpotP99Ms: 15 }],
    ["gpt-oss-120b", "Server", { ttftP99Ms: 3000, tpotP99Ms: 80 }],
    // a results-repo folder spelling: llama3_1-405b Interactive 4500/80 ms
    ["llama3_1-405b", "Interactive", { ttftP99Ms: 4500, tpotP99Ms: 80 }],
  ] as const)("%s %s", (family, scenario, want) => {
    expect(mlperfSlo(family, scenario)).toEqual(want);
  });
});

describe("sloCheck", () => {
  const server = sample("mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt");

  it("LoadGen Server run against llama2-70b Server limits: 1914.6 ≤ 2000 and 193.4 ≤ 200 → pass", () => {
    const slo = mlperfSlo("llama2-70b", "Server");
    expect(slo).toEqual({ ttftP99Ms: 2000, tpotP99Ms: 200 });
    const c = sloCheck(server, slo ?? { ttftP99Ms: null, tpotP99Ms: null });
    expect(c.pass).toBe(true);
    expect(c.details.map((d) => d.message)).toEqual([
      "TTFT p99 1914.6 ms ≤ target 2000 ms",
      "TPOT p99 193.4 ms ≤ target 200 ms",
    ]);
  });

  it("the same run against Interactive limits 450/40 fails both", () => {
    const c = sloCheck(server, mlperfSlo("llama2-70b", "Interactive") ?? { ttftP99Ms: null, tpotP99Ms: null });
    expect(c.pass).toBe(false);
    expect(c.details.map((d) => d.pass)).toEqual([false, false]);
  });

  it("SGLang late-2024 has no p99: unknown, not pass", () => {
    const c = sloCheck(sample("sglang", "llama_3_3_70b_offline_output.jsonl"), { ttftP99Ms: 2000, tpotP99Ms: null });
    expect(c.pass).toBeNull();
    expect(c.details[0]?.message).toBe("TTFT: cannot check, the file has no p99 TTFT");
  });

  it("a failed check wins over an unknown one", () => {
    const run = synthetic({ numRequests: 10, ttftMs: LAT(1, null, null, 900), tpotMs: null });
    expect(sloCheck(run, { ttftP99Ms: 500, tpotP99Ms: 50 }).pass).toBe(false);
  });

  it("every request failed: cannot check", () => {
    const c = sloCheck(sample("vllm", "bench_serve_all_requests_failed_v0.25.1.json"), {
      ttftP99Ms: 2000,
      tpotP99Ms: 200,
    });
    expect(c.pass).toBeNull();
    expect(c.details[0]?.message).toMatch(/no request succeeded/);
  });
});

describe("successRate", () => {
  it("all-failed vLLM file → 0 with a message", () => {
    const run = sample("vllm", "bench_serve_all_requests_failed_v0.25.1.json");
    expect(successRateInfo(run)).toEqual({ rate: 0, message: "every request failed: 0 of 8 succeeded" });
    expect(successRate(run)).toBe(0);
  });

  it.each([
    ["vllm/run=0.json", 1],
    ["guidellm/benchmarks_stripped.json", 46 / 47], // 46 ok, 1 incomplete
    ["sglang/llama_3_3_70b_offline_output.jsonl", null], // failures not recorded
    ["vllm/throughput_llama8B_tp1.json", null],
  ])("%s → %s", (rel, expected) => {
    const r = successRate(sample(...rel.split("/")));
    if (expected === null) expect(r).toBeNull();
    else expect(r).toBeCloseTo(expected, 12);
  });

  it("no requests at all → null, never 0/0", () => {
    expect(successRateInfo(synthetic({ numRequests: 0, numFailed: 0 }))).toEqual({
      rate: null,
      message: "no requests were sent",
    });
  });
});

describe("capacityPerSuccessfulRequest", () => {
  const slo = { ttftP99Ms: 200, tpotP99Ms: 50 };

  it("exact from per-request data: 2 of 4 successful requests meet the SLO over 2 s → 1 req/s, 0.25 per accelerator", () => {
    const run = synthetic({
      numRequests: 4,
      numFailed: 1,
      durationS: 2,
      reqPerS: 2,
      perRequest: [
        { ok: true, ttftMs: 100, tpotMs: 20, e2eMs: 500 }, // meets both
        { ok: true, ttftMs: 300, tpotMs: 20, e2eMs: 700 }, // TTFT too slow
        { ok: true, ttftMs: 100, tpotMs: 60, e2eMs: 900 }, // TPOT too slow
        { ok: true, ttftMs: 150, tpotMs: null, e2eMs: 150 }, // one output token: no TPOT to miss
        { ok: false, ttftMs: null, tpotMs: null, e2eMs: null },
      ],
    });
    const c = capacityPerSuccessfulRequest(run, slo, 4);
    expect(c).toMatchObject({ goodReqPerS: 1, perAccelerator: 0.25, method: "exact", fractionMeetingSlo: 0.5 });
    expect(c.approximation).toMatch(/2 of 5 requests succeeded within the SLO/);
  });

  it("estimated from percentiles: 10 req/s × .925 × .745 = 6.89125 req/s; / 8 = 0.86140625", () => {
    const run = synthetic({
      numRequests: 100, // 100 ok / 10 s = 10 successful req/s
      numFailed: 0,
      durationS: 10,
      ttftMs: LAT(100, 200, 300, 500), // 250 ms → .925
      tpotMs: LAT(20, null, null, 60), // 40 ms → .745
    });
    const c = capacityPerSuccessfulRequest(run, { ttftP99Ms: 250, tpotP99Ms: 40 }, 8);
    expect(c.method).toBe("estimated");
    expect(c.fractionMeetingSlo).toBeCloseTo(0.689125, 12);
    expect(c.goodReqPerS).toBeCloseTo(6.89125, 12);
    expect(c.perAccelerator).toBeCloseTo(0.86140625, 12);
    expect(c.approximation).toMatch(/92\.5% within TTFT 250 ms × 74\.5% within TPOT 40 ms/);
    expect(c.approximation).toMatch(/independent/);
    expect(c.approximation).toMatch(/linear interpolation/);
  });

  it("real vLLM run=0.json (p50/p99 only) vs 2000/200 ms: both p99s within → all 8 ÷ 1.3654 s count (P99_RULE)", () => {
    const c = capacityPerSuccessfulRequest(sample("vllm", "run=0.json"), { ttftP99Ms: 2000, tpotP99Ms: 200 }, null);
    expect(c.method).toBe("p99-met");
    expect(c.goodReqPerS).toBeCloseTo(8 / 1.3653671270003542, 9);
    expect(c.perAccelerator).toBeNull(); // no accelerator count given or in the file
    expect(c.approximation).toMatch(/needs the accelerator count/);
  });

  it("all-failed vLLM file → 0 good req/s (exact), no division by zero", () => {
    const c = capacityPerSuccessfulRequest(sample("vllm", "bench_serve_all_requests_failed_v0.25.1.json"), slo, 8);
    expect(c).toMatchObject({ goodReqPerS: 0, perAccelerator: 0, method: "exact", fractionMeetingSlo: 0 });
  });

  it.each([
    ["vllm/throughput_llama8B_tp1.json", /no TTFT percentiles/],
    ["llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_summary.json", /no TPOT percentiles/],
  ])("%s → unavailable with a reason", (rel, reason) => {
    const c = capacityPerSuccessfulRequest(sample(...rel.split("/")), slo, 8);
    expect(c).toMatchObject({
      goodReqPerS: null,
      perAccelerator: null,
      method: "unavailable",
      fractionMeetingSlo: null,
    });
    expect(c.approximation).toMatch(reason);
  });

  it("zero duration and no rate → unavailable, never NaN or Infinity", () => {
    const run = synthetic({ numRequests: 1, durationS: 0, perRequest: [{ ok: true, ttftMs: 1, tpotMs: 1, e2eMs: 2 }] });
    expect(capacityPerSuccessfulRequest(run, slo, 0)).toMatchObject({ goodReqPerS: null, method: "unavailable" });
    const est = synthetic({ numRequests: 5, durationS: 0, reqPerS: null, ttftMs: LAT(1, 2, 3, 4) });
    expect(capacityPerSuccessfulRequest(est, slo, 0).goodReqPerS).toBeNull();
  });

  it("no targets set → unavailable, not every successful request counted as within an SLO", () => {
    const run = synthetic({ numRequests: 10, durationS: 1, ttftMs: LAT(10, 20, 30, 40), tpotMs: LAT(1, 2, 3, 4) });
    const c = capacityPerSuccessfulRequest(run, { ttftP99Ms: null, tpotP99Ms: null }, 8);
    expect(c).toMatchObject({ goodReqPerS: null, perAccelerator: null, method: "unavailable" });
    expect(c.approximation).toMatch(/No SLO targets set/);
  });

  it.each([
    // counted: completed ÷ duration, whatever the file says of failures
    [
      { numRequests: 100, numFailed: null, durationS: 10, reqPerS: 12 },
      /10 successful req\/s \(100 completed requests ÷ 10 s\)/,
    ],
    // no duration (SGLang, GenAI-Perf exports): the file's request throughput, which counts completed requests
    [
      { numRequests: null, numFailed: null, durationS: null, reqPerS: 8.8 },
      /8\.8 successful req\/s \(the file's request throughput, which counts completed requests\)/,
    ],
  ] as const)("the estimate says where its successful req/s comes from (%#)", (fields, says) => {
    const run = synthetic({ ...fields, ttftMs: LAT(10, 20, 30, 40), tpotMs: LAT(1, 2, 3, 4) });
    const c = capacityPerSuccessfulRequest(run, { ttftP99Ms: 25, tpotP99Ms: 50 }, 8); // p99 TTFT 40 > 25: estimated
    expect(c.method).toBe("estimated");
    expect(c.approximation).toMatch(says);
    expect(c.approximation).not.toMatch(/attempted/);
  });

  it("accelerators = 0 gives no per-accelerator figure", () => {
    const run = synthetic({ numRequests: 10, durationS: 1, ttftMs: LAT(10, 20, 30, 40), tpotMs: LAT(1, 2, 3, 4) });
    const c = capacityPerSuccessfulRequest(run, slo, 0);
    expect(c.goodReqPerS).toBeCloseTo(10, 12); // both p99s within: every successful request counts
    expect(c.perAccelerator).toBeNull();
  });
});

describe("one p99 rule for the overlay and /plan (audit 1)", () => {
  const server = sample("mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt");
  // The file's 81.68 successful req/s (LoadGen samples/s; no duration, so the file's rate is used).
  it.each([
    // both p99s within (1914.6 ≤ 2000, 193.4 ≤ 200): the SLO is met, every successful request counts
    ["2000/200 both p99s pass", { ttftP99Ms: 2000, tpotP99Ms: 200 }, 1, "p99-met"],
    // TTFT only, passing
    ["2000/– TTFT only, passes", { ttftP99Ms: 2000, tpotP99Ms: null }, 1, "p99-met"],
    // TPOT misses (193.4 > 150): TTFT share .99 (above p99) × TPOT share .5 × (150 − min 30.26)/(p50 151.04 − 30.26),
    // the log's fastest TPOT as the 0% point
    [
      "2000/150 TPOT misses",
      { ttftP99Ms: 2000, tpotP99Ms: 150 },
      0.99 * ((0.5 * (150 - 30.262518)) / (151.044504 - 30.262518)),
      "estimated",
    ],
  ] as const)("%s → share %d", (_name, slo, share, method) => {
    const c = capacityPerSuccessfulRequest(server, slo, 8);
    expect(server.reqPerS).toBeCloseTo(81.68, 2);
    expect(c.method).toBe(method);
    expect(c.fractionMeetingSlo).toBeCloseTo(share, 9);
    expect(c.goodReqPerS).toBeCloseTo((server.reqPerS ?? 0) * share, 9);
  });

  it("says the rule in words when it credits every request", () => {
    const c = capacityPerSuccessfulRequest(server, { ttftP99Ms: 2000, tpotP99Ms: 200 }, 8);
    expect(c.goodReqPerS).toBeCloseTo(81.68, 2); // not 81.68 × .99 × .99 = 80.05
    expect(c.approximation).toMatch(
      /the run meets the SLO, so all 81\.7 successful req\/s .* count; a passing p99 means at least 99% of requests met it/,
    );
    expect(P99_RULE).toMatch(/at least 99%/);
  });

  it("per-request data: a passing run still counts every successful request, and says what the count found", () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({
      ok: true,
      ttftMs: i === 0 ? 900 : 100, // one request over the 500 ms target: p99 still within
      tpotMs: i === 1 ? 90 : 20, // another over the 50 ms target
      e2eMs: 1000,
    }));
    const run = synthetic({
      numRequests: 200,
      numFailed: 0,
      durationS: 20,
      perRequest: rows,
      ttftMs: LAT(100, 100, 100, 100),
      tpotMs: LAT(20, 20, 20, 20),
    });
    const c = capacityPerSuccessfulRequest(run, { ttftP99Ms: 500, tpotP99Ms: 50 }, 2);
    expect(c).toMatchObject({ goodReqPerS: 10, perAccelerator: 5, fractionMeetingSlo: 1, method: "p99-met" });
    expect(c.approximation).toMatch(/198 of 200/);
  });
});

describe("fractionWithin: the run's minimum is the 0% point (audit 2)", () => {
  const withMin = (min: number | null) => ({ ...LAT(100, 200, 300, 500), min });
  it.each([
    [withMin(60), 50, 0], // below the minimum no request can finish
    [withMin(60), 80, 0.25], // (60 → 0) to (100 → .50): .50 × 20/40
    [withMin(60), 250, 0.925], // above p50 the minimum changes nothing
    [withMin(null), 80, 0.4], // no minimum: from (0 ms, 0) → .50 × 80/100
    [withMin(150), 80, 0.4], // a minimum above p50 is inconsistent and ignored
  ])("%o at %s ms → %s", (l, target, expected) => {
    expect(fractionWithin(l, target)).toBeCloseTo(expected, 12);
  });

  it.each([
    // no minimum in the file: the text says the 0-ms floor overstates the share just above the real minimum
    [LAT(100, 200, 300, 500), /from 0% at 0 ms.*overstates the share of requests just above the run's real minimum/],
    [{ ...LAT(100, 200, 300, 500), min: 60 }, /from 0% at the run's minimum TTFT of 60 ms/],
  ])("the estimate names its 0%% point (%#)", (ttft, says) => {
    const run = synthetic({ numRequests: 10, durationS: 1, ttftMs: ttft, tpotMs: null });
    const c = capacityPerSuccessfulRequest(run, { ttftP99Ms: 150, tpotP99Ms: null }, 1);
    expect(c.method).toBe("estimated");
    expect(c.approximation).toMatch(says);
  });
});

describe("success-rate wording (audit 4)", () => {
  it.each([
    [{ numRequests: 8, numFailed: 0 }, "100% (8 of 8 requests succeeded)"],
    [{ numRequests: 46, numFailed: 1 }, "97.9% (46 of 47 requests succeeded)"],
    [{ numRequests: 0, numFailed: 8 }, "0% (every request failed: 0 of 8 succeeded)"],
    [{ numRequests: 5, numFailed: null }, "unknown (5 requests succeeded; the file does not count failures)"],
    [{ numRequests: null, numFailed: null }, "unknown (the file does not count requests)"],
  ])("%o → %s", (fields, text) => {
    const t = successRateText(synthetic(fields));
    expect(t).toBe(text);
    expect(t.match(/%/g)?.length ?? 0).toBeLessThanOrEqual(1); // the rate once, not again in the brackets
    expect(t).not.toMatch(/\([^)]*\(/); // no brackets inside brackets
  });
});

describe("loadText (audit 4)", () => {
  it.each([
    [{ kind: "sweep-step", concurrency: null, requestRate: null }, "genai-perf", "load not stated in the file"],
    [{ kind: "sweep-step", concurrency: 4, requestRate: null }, "guidellm", "sweep step, concurrency 4"],
    [{ kind: "concurrency", concurrency: 10, requestRate: null }, "genai-perf", "concurrency 10"],
    [
      { kind: "mlperf-server", concurrency: null, requestRate: 83.5 },
      "mlperf-loadgen",
      "MLPerf Server, 83.5 req/s target",
    ],
    [{ kind: "offline", concurrency: null, requestRate: null }, "vllm", "offline"],
  ] as const)("%o (%s) → %s", (load, tool, text) => {
    expect(loadText(synthetic({ tool, load }))).toBe(text);
  });

  it.each([
    // the artifact folder names the concurrency; the CSV alone does not
    ["meta_llama3-8b-instruct-openai-chat-concurrency10/profile_export_genai_perf.csv", "concurrency 10"],
    ["profile_export_genai_perf.csv", "load not stated in the file"],
  ])("the real GenAI-Perf CSV export as %s → %s", (name, text) => {
    const file = sharedPath(
      "bakeoff",
      "genai-perf",
      "meta_llama3-8b-instruct-openai-chat-concurrency10",
      "profile_export_genai_perf.csv",
    );
    const run = detectAndParse(readFileSync(file, "utf8"), name).runs[0];
    expect(run && loadText(run)).toBe(text);
  });
});
