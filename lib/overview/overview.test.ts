// /overview's rows over real published rows (../shared/data/mlperf summaries, the same files as data/official), the
// shared Endpoints fixture and the shared LoadGen bake-off. Every expected value is read by hand from the source row
// and worked out below; none is computed by the code under test.
//
// Limits used (lib/context/benchmark-limits.ts, from the submission checker's LLM_LATENCY_LIMITS and the logs):
//   gpt-oss-120b  Server TTFT 3000 ms / TPOT 80 ms (12.5 tokens/s per user); Interactive 2000 ms / 15 ms (66.7)
//   llama2-70b-99 Server TTFT 2000 ms / TPOT 200 ms (5 tokens/s per user);  Interactive 450 ms / 40 ms (25)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectAndParse } from "@/lib/bakeoff/detect";
import { allResults } from "@/lib/context/test-fixtures";
import { readCurve } from "@/lib/endpoints/curve";
import type { Curve } from "@/lib/endpoints/curve-types";
import { sharedPath } from "@/lib/shared-data";
import type { PublishedResult } from "@/lib/types";
import { type BakeoffUploadIn, bakeoffRows, curveRows, evaluateResult, type OverviewRow, publishedRows } from ".";
import type { OverviewPricing, ServiceLevel } from "./params";

// the chat traffic shape (lib/plan/presets.ts: 550 input / 150 output tokens) and the default input weight 0.25
const CHAT = { name: "Short interactive chat", inTok: 550, outTok: 150 };
const NO_PRICE: OverviewPricing = {
  pricePerAccHour: null,
  pricePerKwh: null,
  pue: 1.3,
  inputWeight: 0.25,
  shape: CHAT,
};

function v60(benchmark: string): PublishedResult[] {
  return allResults("v6.0").filter((r) => r.benchmark === benchmark && r.division === "closed");
}

function rowOf(rows: OverviewRow[], system: string): OverviewRow {
  const r = rows.find((x) => x.system === system);
  if (!r) throw new Error(`no row for ${system}`);
  return r;
}

const GB300 = "NVIDIA GB300 NVL72 (72x GB300-288GB_aarch64, TensorRT)";
const NEBIUS_B200 = "Nebius B200 n1 (8x B200-SXM-180GB, TensorRT)";
const INTEL_B60 = "1-node-4x-BMG-B60";
const AMD_SMCI = "smci355-ccs-aus-m09-17 (AS -4126GS-NMR-LCC)";
const DELL_H200NVL = "PowerEdge XE7740 (8x H200-NVL-141GB, TensorRT)";
const CISCO_B300 = "Cisco UCS C880A M8 (8x NVIDIA B300-SXM-270GB, TensorRT)";

type Case = [
  what: string,
  benchmark: string,
  level: ServiceLevel,
  system: string,
  meets: boolean,
  scenario: string,
  tokensPerAccHour: number | null,
  ceiling: number | null,
];

// Rows of v6.0 summary_results.json read by hand (ID, Model, Scenario, Performance_Result Tokens/s, Total Accelerators):
//   6.0-0078 NVIDIA GB300 NVL72, 72 accelerators: gpt-oss-120b Server 1,072,250, Interactive 677,199
//   6.0-0083 Nebius B200 n1, 8: gpt-oss-120b Server 87,444.2, Interactive 13,155.3
//   6.0-0059 Intel 1-node-4x-BMG-B60, 4: gpt-oss-120b Server 452.191, Offline 841.038 (no Interactive)
//   6.0-0002 AMD smci355, 8: llama2-70b-99 Server 100,282, Interactive 73,608.2
//   6.0-0021 Dell XE7740 H200-NVL, 8: llama2-70b-99 Server 29,084.9, Interactive 16,343.8
//   6.0-0010 Cisco C880A B300, 8: llama2-70b-99 Server 114,504, Offline 115,730 (no Interactive)
const CASES: Case[] = [
  // gpt-oss-120b at 12.5 tokens/s per user (80 ms), TTFT 3000 ms: Server (3000/80) and Interactive (2000/15) both meet
  // 1,072,250 / 72 = 14,892.361 tokens/s per accelerator × 3600 = 53,612,500 (Server beats Interactive 677,199/72)
  [
    "gpt-oss 12.5/3000 GB300",
    "gpt-oss-120b",
    { tpsPerUser: 12.5, ttftMs: 3000 },
    GB300,
    true,
    "Server",
    53_612_500,
    null,
  ],
  // 87,444.2 / 8 = 10,930.525 × 3600 = 39,349,890
  [
    "gpt-oss 12.5/3000 Nebius",
    "gpt-oss-120b",
    { tpsPerUser: 12.5, ttftMs: 3000 },
    NEBIUS_B200,
    true,
    "Server",
    39_349_890,
    null,
  ],
  // 452.191 / 4 = 113.04775 × 3600 = 406,971.9
  [
    "gpt-oss 12.5/3000 Intel",
    "gpt-oss-120b",
    { tpsPerUser: 12.5, ttftMs: 3000 },
    INTEL_B60,
    true,
    "Server",
    406_971.9,
    null,
  ],
  // gpt-oss-120b at 50 tokens/s per user (20 ms), TTFT 2000 ms: only Interactive (15 ms ≤ 20, 2000 ≤ 2000) meets
  // 677,199 / 72 = 9,405.5417 × 3600 = 33,859,950
  [
    "gpt-oss 50/2000 GB300",
    "gpt-oss-120b",
    { tpsPerUser: 50, ttftMs: 2000 },
    GB300,
    true,
    "Interactive",
    33_859_950,
    null,
  ],
  // 13,155.3 / 8 = 1,644.4125 × 3600 = 5,919,885
  [
    "gpt-oss 50/2000 Nebius",
    "gpt-oss-120b",
    { tpsPerUser: 50, ttftMs: 2000 },
    NEBIUS_B200,
    true,
    "Interactive",
    5_919_885,
    null,
  ],
  // no Interactive result: Server's 80 ms is looser than 20 ms → no row figure; Offline ceiling 841.038/4 × 3600
  // = 756,934.2 shown apart, labelled
  [
    "gpt-oss 50/2000 Intel",
    "gpt-oss-120b",
    { tpsPerUser: 50, ttftMs: 2000 },
    INTEL_B60,
    false,
    "Server",
    null,
    756_934.2,
  ],
  // llama2-70b-99 at 25 tokens/s per user (40 ms), TTFT 450 ms (the chat preset): only Interactive (450/40) meets
  // 73,608.2 / 8 = 9,201.025 × 3600 = 33,123,690
  [
    "llama2 25/450 AMD",
    "llama2-70b-99",
    { tpsPerUser: 25, ttftMs: 450 },
    AMD_SMCI,
    true,
    "Interactive",
    33_123_690,
    null,
  ],
  // 16,343.8 / 8 = 2,042.975 × 3600 = 7,354,710
  [
    "llama2 25/450 Dell",
    "llama2-70b-99",
    { tpsPerUser: 25, ttftMs: 450 },
    DELL_H200NVL,
    true,
    "Interactive",
    7_354_710,
    null,
  ],
  // no Interactive: Server (2000/200) is looser; Offline ceiling 115,730 / 8 × 3600 = 52,078,500
  [
    "llama2 25/450 Cisco",
    "llama2-70b-99",
    { tpsPerUser: 25, ttftMs: 450 },
    CISCO_B300,
    false,
    "Server",
    null,
    52_078_500,
  ],
  // llama2-70b-99 at 5 tokens/s per user (200 ms), TTFT 2000 ms: Server and Interactive meet; Server is faster
  // 100,282 / 8 = 12,535.25 × 3600 = 45,126,900
  ["llama2 5/2000 AMD", "llama2-70b-99", { tpsPerUser: 5, ttftMs: 2000 }, AMD_SMCI, true, "Server", 45_126_900, null],
  // 29,084.9 / 8 = 3,635.6125 × 3600 = 13,088,205
  [
    "llama2 5/2000 Dell",
    "llama2-70b-99",
    { tpsPerUser: 5, ttftMs: 2000 },
    DELL_H200NVL,
    true,
    "Server",
    13_088_205,
    null,
  ],
  // 114,504 / 8 = 14,313 × 3600 = 51,526,800
  [
    "llama2 5/2000 Cisco",
    "llama2-70b-99",
    { tpsPerUser: 5, ttftMs: 2000 },
    CISCO_B300,
    true,
    "Server",
    51_526_800,
    null,
  ],
];

describe("published systems at a service level (v6.0, closed)", () => {
  it.each(CASES)("%s", (_w, benchmark, level, system, meets, scenario, tph, ceiling) => {
    const r = rowOf(publishedRows(v60(benchmark), level, NO_PRICE), system);
    expect(r.meets).toBe(meets);
    expect(r.basis.kind).toBe("result");
    expect(r.basis.point).toBe(scenario);
    expect(r.basis.href).toBe(`/results/${r.basis.id}`);
    if (tph === null) expect(r.tokensPerAccHour).toBeNull();
    else expect(r.tokensPerAccHour).toBeCloseTo(tph, 0);
    if (ceiling === null) expect(r.ceiling === null || meets).toBe(true);
    else {
      expect(r.ceiling?.tokensPerAccHour).toBeCloseTo(ceiling, 0);
      expect(r.ceiling?.label).toMatch(/Offline ceiling.*not a figure at this level/);
    }
    expect(r.why).toMatch(
      meets ? /at least as strict as/ : /No published point meets this level\. Nearest: .*looser than the level/,
    );
  });

  it("says which limits miss: Intel B60 at 50 tokens/s per user names Server's 80 ms TPOT", () => {
    const r = rowOf(publishedRows(v60("gpt-oss-120b"), { tpsPerUser: 50, ttftMs: 2000 }, NO_PRICE), INTEL_B60);
    expect(r.why).toContain("TPOT 80 ms > 20 ms");
    expect(r.costPerMTokens).toBeNull();
  });

  it("a TTFT tighter than every limit: llama2 at 25 tokens/s and TTFT 400 ms, Interactive's 450 ms misses", () => {
    const r = rowOf(publishedRows(v60("llama2-70b-99"), { tpsPerUser: 25, ttftMs: 400 }, NO_PRICE), AMD_SMCI);
    expect(r.meets).toBe(false);
    expect(r.why).toContain("TTFT 450 ms > 400 ms");
  });

  it("cost per million output tokens: $3 per accelerator-hour ÷ 53,612,500 × 1e6 = $0.055957 (GB300 gpt-oss Server)", () => {
    const p = { pricePerAccHour: 3, pricePerKwh: 0.1, pue: 1.3, inputWeight: 0.25, shape: CHAT };
    const r = rowOf(publishedRows(v60("gpt-oss-120b"), { tpsPerUser: 12.5, ttftMs: 3000 }, p), GB300);
    expect(r.costPerMTokens).toBeCloseTo(0.055957, 6);
    // no MLPerf Power measurement on this row: no energy, no energy cost
    expect(r.energyPerMTokensKWh).toBeNull();
    expect(r.cost.energy).toBeNull();
    expect(r.energyWhy).toMatch(/no MLPerf Power measurement/);
  });
});

describe("measured power (v5.1 5.1-0061 Lenovo SR680a V3, llama2-70b-99 Server power row)", () => {
  // The row: 99,159.3 Tokens/s, Power_Result 10,442.2597 Watts, 8 accelerators.
  // 10,442.2597 W ÷ 99,159.3 tokens/s = 0.1053079 J per token → × 1e6 ÷ 3.6e6 = 0.0292522 kWh per million tokens.
  // Per accelerator 99,159.3 / 8 = 12,394.9125 × 3600 = 44,621,685 tokens per accelerator-hour.
  // $4 per accelerator-hour → 4e6 / 44,621,685 = $0.0896425; electricity 0.0292522 × PUE 1.3 × $0.10 = $0.0038028;
  // total $0.0934453 per million output tokens.
  const rows = allResults("v5.1").filter(
    (r) => r.resultId === "5.1-0061" && r.benchmark === "llama2-70b-99" && r.scenario === "Server" && r.hasPower,
  );
  it("gives kWh per million from the measurement, and its cost with PUE", () => {
    expect(rows).toHaveLength(1);
    const [r] = publishedRows(
      rows,
      { tpsPerUser: 5, ttftMs: 2000 },
      { pricePerAccHour: 4, pricePerKwh: 0.1, pue: 1.3, inputWeight: 0.25, shape: CHAT },
    );
    expect(r?.meets).toBe(true);
    expect(r?.tokensPerAccHour).toBeCloseTo(44_621_685, 0);
    expect(r?.energyKind).toBe("measured");
    expect(r?.energyPerMTokensKWh).toBeCloseTo(0.0292522, 6);
    expect(r?.cost.accelerator).toBeCloseTo(0.0896425, 6);
    expect(r?.cost.energy).toBeCloseTo(0.0038028, 6);
    expect(r?.costPerMTokens).toBeCloseTo(0.0934453, 6);
  });
});

describe("never a basis", () => {
  const amd = v60("llama2-70b-99").filter((r) => r.system === AMD_SMCI);
  it.each([
    ["withdrawn", { status: "withdrawn" as const }, /withdrawn: never a basis/],
    ["no longer published", { status: "no-longer-published" as const }, /no longer published: never a basis/],
    ["INVALID", { validity: "INVALID" as const }, /INVALID/],
  ])("%s: the Interactive result is not used, whatever its figure", (_w, change, why) => {
    const edited = amd.map((r) => (r.scenario === "Interactive" ? { ...r, ...change } : r));
    const inter = edited.find((r) => r.scenario === "Interactive") as PublishedResult;
    const e = evaluateResult(inter, { tpsPerUser: 25, ttftMs: 450 });
    expect(e.usable).toBe(false);
    expect(e.why).toMatch(why);
    const [row] = publishedRows(edited, { tpsPerUser: 25, ttftMs: 450 }, NO_PRICE);
    expect(row?.meets).toBe(false);
    expect(row?.tokensPerAccHour).toBeNull();
  });
});

// The shared Endpoints fixture (MLCommons' synthetic checker data, sub_a sys_mi355x_8gpu gpt-oss-120b; values by hand
// in lib/endpoints/curve.test.ts): every step's TPOT P90 5.5 ms → 181.8 tokens/s per user; TTFT P90 r4 163.2 ms,
// r16 135.4, r64 none (checker error), r128 243.4, r512 8,699.1, r1024 97,821.9, r2048 458,917.7 (elected Offline);
// systemTps r128 5,687.0736, r512 9,192.0955; 8 accelerators; provisioned 14,700 W.
function fixtureCurve(over: Partial<Curve> = {}): Curve {
  const model = sharedPath("endpoints", "test_submissions", "sub_a", "results", "sys_mi355x_8gpu", "gpt-oss-120b");
  const sp = path.join(model, "..", "system_power.json");
  const points = readdirSync(model)
    .filter((d) => /^r\d+$/.test(d))
    .map((d) => {
      const files: Record<string, { path: string; text: string }> = {};
      for (const f of readdirSync(path.join(model, d)))
        files[f] = { path: path.join(model, d, f), text: readFileSync(path.join(model, d, f), "utf8") };
      return { concurrency: Number(d.slice(1)), files };
    });
  const rec = readCurve({
    layout: "v1.0",
    source: model,
    system: "sys_mi355x_8gpu",
    model: "gpt-oss-120b",
    org: null,
    synthetic: true,
    systemPower: { path: sp, text: readFileSync(sp, "utf8") },
    points,
    sourceUrl: null,
  });
  return { ...rec, supersededBy: null, importedAt: null, ...over };
}

describe("an Endpoints curve: the last measured step meeting both, never between steps", () => {
  // taken as if it were a hardware result, to test the step rule (the real fixture is synthetic: see below)
  const c = fixtureCurve({ synthetic: false });
  it.each([
    // TTFT ≤ 500: r4, r16, r128 meet; the highest throughput is r128: 5,687.0736 / 8 = 710.8842 × 3600 = 2,559,183
    ["100 tokens/s, 500 ms → r128", { tpsPerUser: 100, ttftMs: 500 }, true, "r128", 2_559_183],
    // TTFT ≤ 10,000: r512 also meets: 9,192.0955 / 8 = 1,149.0119 × 3600 = 4,136,443
    ["100 tokens/s, 10 s → r512", { tpsPerUser: 100, ttftMs: 10_000 }, true, "r512", 4_136_443],
    // TTFT ≤ 100: no step (r16's 135.4 ms is the nearest)
    ["100 tokens/s, 100 ms → none, r16 nearest", { tpsPerUser: 100, ttftMs: 100 }, false, "r16", null],
    // 200 tokens/s per user: every step gives 181.8
    ["200 tokens/s → none", { tpsPerUser: 200, ttftMs: 500 }, false, "r4", null],
  ])("%s", (_w, level, meets, point, tph) => {
    const [r] = curveRows([c], level, NO_PRICE);
    expect(r?.meets).toBe(meets);
    expect(r?.basis).toMatchObject({ kind: "curve", id: c.id, point, href: `/curves/${c.id}` });
    if (tph === null) expect(r?.tokensPerAccHour).toBeNull();
    else expect(r?.tokensPerAccHour).toBeCloseTo(tph, 0);
    if (!meets) expect(r?.why).toMatch(/no measured step meets/);
  });

  it("energy from PROVISIONED power, labelled so: 14,700 W ÷ 5,687.0736 tokens/s = 2.584806 J → 0.718002 kWh/M", () => {
    const [r] = curveRows([c], { tpsPerUser: 100, ttftMs: 500 }, NO_PRICE);
    expect(r?.energyKind).toBe("provisioned");
    expect(r?.energyPerMTokensKWh).toBeCloseTo(0.718002, 5);
    expect(r?.energyWhy).toMatch(/provisioned power.*not a measurement/);
  });

  it.each([
    ["synthetic checker data", { synthetic: true }, /synthetic/],
    ["withdrawn", { synthetic: false, status: "withdrawn" as const }, /withdrawn: never a basis/],
    ["invalidated", { synthetic: false, status: "invalidated" as const }, /invalidated: never a basis/],
  ])("%s is never a basis", (_w, over, why) => {
    const [r] = curveRows([fixtureCurve(over)], { tpsPerUser: 100, ttftMs: 500 }, NO_PRICE);
    expect(r?.meets).toBe(false);
    expect(r?.why).toMatch(why);
  });
});

// The shared 8×MI300X LoadGen Server summary (bakeoff/mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server): Completed
// tokens per second 24,593.77; p99 TTFT 1,914,647,645 ns = 1,914.6 ms; p99 TPOT 193,380,124 ns = 193.4 ms; VALID.
describe("a bake-off beside the published rows, unverified, by the same rule", () => {
  const file = sharedPath("bakeoff", "mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt");
  const upload = (text: string): BakeoffUploadIn => ({
    id: "u".repeat(22),
    label: "MI300X LoadGen",
    accelerator: "MI300X",
    accelerators: 8,
    modelFamily: "llama2-70b",
    runs: detectAndParse(text, "mlperf_log_summary.txt").runs,
  });
  const text = readFileSync(file, "utf8");

  it("meets 5 tokens/s per user at 2000 ms: 24,593.77 / 8 = 3,074.221 × 3600 = 11,067,197 per accelerator-hour", () => {
    const [r] = bakeoffRows([upload(text)], "llama2-70b-99", { tpsPerUser: 5, ttftMs: 2000 }, NO_PRICE);
    expect(r?.meets).toBe(true);
    expect(r?.verified).toBe(false);
    expect(r?.tokensPerAccHour).toBeCloseTo(11_067_196.5, 0);
    expect(r?.why).toMatch(/^Unverified/);
    expect(r?.basis.href).toBe(`/bakeoff/${"u".repeat(22)}`);
  });

  it("misses 25 tokens/s per user at 450 ms (p99 TTFT 1,914.6 > 450, TPOT 193.4 > 40)", () => {
    const [r] = bakeoffRows([upload(text)], "llama2-70b-99", { tpsPerUser: 25, ttftMs: 450 }, NO_PRICE);
    expect(r?.meets).toBe(false);
    expect(r?.why).toMatch(/TTFT p99 1914.6 ms > target 450 ms/);
  });

  it("an INVALID run is never a basis", () => {
    const bad = text
      .replace("Result is : VALID", "Result is : INVALID")
      .replace("Performance constraints satisfied : Yes", "Performance constraints satisfied : NO");
    const [r] = bakeoffRows([upload(bad)], "llama2-70b-99", { tpsPerUser: 5, ttftMs: 2000 }, NO_PRICE);
    expect(r?.meets).toBe(false);
    expect(r?.why).toMatch(/INVALID/);
  });

  it("another benchmark's upload is not shown as this one", () => {
    const [r] = bakeoffRows([upload(text)], "gpt-oss-120b", { tpsPerUser: 5, ttftMs: 2000 }, NO_PRICE);
    expect(r?.meets).toBe(false);
    expect(r?.why).toMatch(/not this benchmark/);
  });
});
