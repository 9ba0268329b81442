// The basis a plan scales from: the same SLO rule as the bake-off overlay, and a card that says what it is.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectAndParse } from "@/lib/bakeoff/detect";
import { capacityPerSuccessfulRequest } from "@/lib/bakeoff/slo";
import { amd8 } from "@/lib/context/test-rows";
import { sharedPath } from "@/lib/shared-data";
import type { BakeoffRun } from "@/lib/types";
import { type BakeoffUploadLike, type Slo, toBasis } from "./basis";
import { type PlanCalcInputs, planCapacity } from "./compute";
import { LOADGEN_SERVER_RUN, MI355X_SERVER, result, run } from "./fixtures.mock";

function sample(...parts: string[]): BakeoffRun[] {
  return detectAndParse(readFileSync(sharedPath("bakeoff", ...parts), "utf8"), parts.join("/")).runs;
}

const LOADGEN = sample("mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt");

const upload = (over: Partial<BakeoffUploadLike> = {}): BakeoffUploadLike => ({
  id: "u".repeat(22),
  label: "MI300X LoadGen",
  accelerator: "MI300X",
  accelerators: 8,
  nodes: 1,
  modelFamily: "llama2-70b",
  runs: LOADGEN,
  ...over,
});

const inputs = (slo: Slo): PlanCalcInputs => ({
  workload: { rps: 100, inTok: 550, outTok: 300 },
  slo,
  fleet: { usablePct: 90, utilPct: 100, k: 1, pricePerAccHour: null },
  derate: true,
});

describe("the overlay's capacity within the SLO and /plan agree (audit 1)", () => {
  // The real 8×MI300X LoadGen Server summary: 81.68 req/s, p99 TTFT 1,914.6 ms, p99 TPOT 193.4 ms.
  it.each([
    ["2000/200: both p99s pass, every request counts (81.68, not 80.05)", { ttftMs: 2000, tpotMs: 200 }, 81.68],
    ["2000/–: TTFT only, passes", { ttftMs: 2000, tpotMs: null }, 81.68],
    // from the log's fastest requests (TTFT 37.58 ms, TPOT 30.26 ms) as the 0% points:
    // TTFT .99 (above p99) × TPOT .5 × (150 − 30.26)/(151.04 − 30.26) = .49072 → 81.68 × .49072 = 40.082
    ["2000/150: TPOT misses, goodput", { ttftMs: 2000, tpotMs: 150 }, 40.082],
    // TTFT .5 × (450 − 37.58)/(875.07 − 37.58) = .24622 × TPOT .5 × (40 − 30.26)/120.78 = .04031 → 81.68 × .0099253
    // = 0.8107 (from 0 ms it was 2.781: 3.4× too many requests counted as within 450/40)
    ["450/40: both miss, goodput", { ttftMs: 450, tpotMs: 40 }, 0.8107],
  ])("%s", (_name, slo, reqPerS) => {
    const b = toBasis({ kind: "bakeoff", upload: upload() }, slo);
    const planned = (b.throughput.reqPerS ?? 0) * (b.goodput?.fraction ?? 1);
    const overlay = capacityPerSuccessfulRequest(
      LOADGEN[0] as BakeoffRun,
      { ttftP99Ms: slo.ttftMs, tpotP99Ms: slo.tpotMs },
      8,
    );
    expect(overlay.goodReqPerS).toBeCloseTo(reqPerS, 2);
    expect(planned).toBeCloseTo(overlay.goodReqPerS ?? -1, 9);
  });

  it("states the rule among the plan's assumptions", () => {
    const o = planCapacity({ kind: "bakeoff", upload: upload() }, inputs({ ttftMs: 2000, tpotMs: 200 }));
    expect(o.steps.some((s) => s.key === "goodput")).toBe(false);
    expect(o.assumptions.join(" ")).toMatch(/at least 99% of requests met it/);
  });
});

describe("SLO check lines are warnings only when they fail (audit 4)", () => {
  it.each([
    // 1,914.6 ≤ 2,000 passes; 193.4 > 150 fails
    [{ ttftMs: 2000, tpotMs: 150 }, ["info", "warn"]],
    [{ ttftMs: 450, tpotMs: 40 }, ["warn", "warn"]],
    [{ ttftMs: 2000, tpotMs: 200 }, ["info", "info"]],
  ])("%o → %o", (slo, severities) => {
    const o = planCapacity({ kind: "bakeoff", upload: upload() }, inputs(slo));
    expect(o.notes.filter((n) => n.code === "slo-check").map((n) => n.severity)).toEqual(severities);
  });
});

describe("the basis card says what it is (audit 3)", () => {
  const slo = { ttftMs: 2000, tpotMs: 200 };
  it.each([
    [
      "LoadGen upload, family matched from the model name in its path",
      upload(),
      [
        /mlperf-loadgen LoadGen · /,
        /model family llama2-70b \(matched from the upload's model name “llama2-70b-99”\)/,
        /MLPerf Server, 83\.5\d* req\/s target/,
        /8 × MI300X/,
        /precision not stated in the upload/,
      ],
    ],
    [
      "family chosen by hand for a model that maps to none",
      upload({ runs: [run({ model: "meta-llama/Llama-3-8B" })], modelFamily: "llama2-70b" }),
      [/model family llama2-70b \(chosen by hand; the upload's model is “meta-llama\/Llama-3-8B”\)/, /10 req\/s/],
    ],
    [
      "no family and no model",
      upload({ runs: [LOADGEN_SERVER_RUN], modelFamily: null }),
      [/no model family \(none chosen, and the upload does not name the model\)/, /MLPerf Server, 83\.5 req\/s target/],
    ],
    [
      "a sweep names the load point used",
      upload({
        runs: [run({ load: { kind: "concurrency", concurrency: 4, requestRate: null } }), run({ outTokPerS: 3000 })],
      }),
      [/load point 2 of 2: 10 req\/s/],
    ],
  ])("%s", (_name, u, says) => {
    const b = toBasis({ kind: "bakeoff", upload: u }, slo);
    for (const s of says) expect(b.detail).toMatch(s);
  });

  it.each([
    ["fp4", result(), /· precision fp4$/],
    ["not published", result({ precision: null }), /· precision not published$/],
  ])("a published basis shows its precision (%s) even alone", (_name, r, says) => {
    expect(toBasis({ kind: "published", result: r, siblings: [] }, slo).detail).toMatch(says);
  });

  it("a published basis keeps its benchmark and scenario", () => {
    expect(toBasis({ kind: "published", result: MI355X_SERVER, siblings: [] }, slo).detail).toContain(
      "llama2-70b-99 Server",
    );
  });
});

describe("bake-off notes do not contradict each other (audit 4)", () => {
  it.each([
    [
      "LLMPerf summary + individual_responses: the stale 'TPOT needs' clause goes",
      [
        "LLMPerf inter_token_latency_s is e2e/output tokens with TTFT included, not TPOT (p50 1, p99 2); TPOT needs the individual_responses file",
        "TPOT computed per request from individual_responses",
      ],
      [
        "LLMPerf inter_token_latency_s is e2e/output tokens with TTFT included, not TPOT (p50 1, p99 2)",
        "TPOT computed per request from individual_responses",
      ],
    ],
    [
      "LLMPerf summary alone keeps it",
      [
        "LLMPerf inter_token_latency_s is e2e/output tokens with TTFT included, not TPOT; TPOT needs the individual_responses file",
      ],
      [
        "LLMPerf inter_token_latency_s is e2e/output tokens with TTFT included, not TPOT; TPOT needs the individual_responses file",
      ],
    ],
  ])("%s", (_name, latencyNotes, expected) => {
    const b = toBasis(
      { kind: "bakeoff", upload: upload({ runs: [run({ latencyNotes })] }) },
      { ttftMs: null, tpotMs: null },
    );
    expect(b.notes).toEqual(expected);
  });
});

describe("a basis that cannot be used says exactly why", () => {
  // the real MI300X Server summary, edited to the INVALID verdict LoadGen prints when the latency limits fail
  const text = readFileSync(
    sharedPath("bakeoff", "mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt"),
    "utf8",
  )
    .replace("Result is : VALID", "Result is : INVALID")
    .replace("Performance constraints satisfied : Yes", "Performance constraints satisfied : NO");
  const parsed = detectAndParse(text, "amd-8xMI300X-llama2-70b-99-server/mlperf_log_summary.txt");

  it("an INVALID LoadGen run: the INVALID verdict and its failed check, and a header without '?'", () => {
    expect(parsed.runs[0]?.validity).toBe("INVALID");
    const b = toBasis(
      { kind: "bakeoff", upload: upload({ runs: parsed.runs, warnings: parsed.warnings }) },
      { ttftMs: null, tpotMs: null },
    );
    // the failed check as LoadGen writes it (loadgen/results.cc: "Performance constraints satisfied : NO"), first
    expect(b.unusable).toBe(
      "Performance constraints satisfied : NO. LoadGen marked this run INVALID: it is shown for reference and never ranked, sized, summed or planned with.",
    );
    expect(b.detail).toContain("INVALID");
    expect(b.detail).toContain("mlperf-loadgen");
    expect(b.detail).not.toMatch(/· \? ·/);
  });

  it("names each point's reason when they differ", () => {
    const ok = LOADGEN[0] as BakeoffRun;
    const b = toBasis(
      {
        kind: "bakeoff",
        upload: upload({
          runs: [
            { ...ok, validity: "INVALID" },
            { ...ok, numRequests: 0, numFailed: 5 },
          ],
        }),
      },
      { ttftMs: null, tpotMs: null },
    );
    expect(b.unusable).toBe(
      "No load point can be used: point 1: Result is : INVALID. LoadGen marked this run INVALID: it is shown for reference and never ranked, sized, summed or planned with; point 2: no request succeeded.",
    );
  });

  // Issue 25 finding 1/Build 2: an INVALID published result is never a basis (it used to be planned, with a note).
  // The real v6.0 AMD 8×MI355X Server row, marked INVALID with the failed checks a LoadGen import stores.
  it("an INVALID published result is not usable, its failed checks up front", () => {
    const r = amd8("Server");
    const invalid = {
      ...r,
      validity: "INVALID" as const,
      latency: {
        source: "loadgen",
        ttftMs: null,
        tpotMs: null,
        latencyMs: null,
        targetQps: null,
        ttftLimitMs: null,
        tpotLimitMs: null,
        loadgenVersion: null,
        minDurationMs: null,
        validity: "INVALID" as const,
        failedChecks: ["Performance constraints satisfied", "Early stopping satisfied"],
        logValue: null,
        queryCount: null,
      },
    };
    const o = planCapacity(
      { kind: "published", result: invalid, siblings: [] },
      inputs({ ttftMs: null, tpotMs: null }),
    );
    expect(o.numbers).toBeNull();
    expect(o.error).toBe(
      "Performance constraints satisfied : NO; Early stopping satisfied: NO. LoadGen marked this run INVALID: it is shown for reference and never ranked, sized, summed or planned with.",
    );
    const plain = planCapacity(
      { kind: "published", result: { ...r, validity: "INVALID" }, siblings: [] },
      inputs({ ttftMs: null, tpotMs: null }),
    );
    expect(plain.error).toBe(
      "Result is : INVALID. LoadGen marked this run INVALID: it is shown for reference and never ranked, sized, summed or planned with.",
    );
  });
});
