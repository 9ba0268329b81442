// A comparison holding an MLPerf Endpoints curve: its flags are the judge's (lib/judge judgeSet over the curve facts
// of lib/judge/curve-facts.ts), kept where they name the curve, grouped on the page as one statement of the two
// suites' rules; the one chart of the comparison draws the curve as steps and the Inference result at its scenario
// limit. The curve is the shared fixture (MLCommons' SYNTHETIC checker data: peer review pending, 14,700 W
// provisioned, 8 × MI355X); expected values by hand from its files and the rules.
import { describe, expect, it } from "vitest";
import { groupFlags, SUITE_GROUP } from "@/lib/snapshot/flag-groups";
import type { PublishedResult } from "@/lib/types";
import { compareCurveChart } from "./curve-chart";
import { curveCompareFlags } from "./curve-compare";
import { fixtureCurve } from "./test-curve";

// a gpt-oss-120b Server result as the v6.1 summary publishes one (shape only; its figures are not under test here)
const server = (over: Partial<PublishedResult> = {}) =>
  ({
    id: "aaaaaaaaaaaaaaaa",
    resultId: "6.1-0001",
    round: "v6.1",
    submitter: "X",
    system: "Y",
    model: "gpt-oss-120b",
    usedModel: "gpt-oss-120b",
    scenario: "Server",
    precision: "FP16",
    nodes: 1,
    totalAccelerators: 8,
    software: "vLLM 0.10",
    softwareStack: [],
    validity: "VALID",
    hasPower: false,
    perAccelerator: 1000,
    ...over,
  }) as PublishedResult;

const curve = fixtureCurve();
const codes = (fs: { code: string; severity: string }[]) => fs.map((f) => `${f.severity}:${f.code}`).sort();

describe("curveCompareFlags", () => {
  it("a curve beside an Inference Server result: P90 vs P99 blocks; suite, KV-cache reuse, network warn; peer review pending notes", () => {
    const f = curveCompareFlags([server()], [curve]);
    expect(codes(f)).toEqual([
      "block:latency-percentile",
      "info:peer-review-pending",
      "warn:kv-cache-reuse",
      "warn:network",
      "warn:suite",
      // a peer-review-pending curve is not yet MLCommons-reviewed beside a published result
      "warn:unverified",
    ]);
    expect(f.every((x) => x.ids.includes(curve.id))).toBe(true);
  });

  it("a result with an MLPerf Power measurement beside a curve with provisioned power: power-kind warns", () => {
    const f = curveCompareFlags([server({ hasPower: true })], [curve]);
    expect(f.find((x) => x.code === "power-kind")?.severity).toBe("warn");
    expect(f.find((x) => x.code === "power-kind")?.message).toMatch(/provisioned.*measured|measured.*provisioned/);
  });

  it("a withdrawn curve is never a basis (block with its status); a result of another benchmark blocks", () => {
    const f = curveCompareFlags([server({ model: "llama2-70b-99" })], [fixtureCurve({ status: "withdrawn" })]);
    expect(f.find((x) => x.code === "invalid")?.message).toMatch(/withdrawn/);
    expect(f.find((x) => x.code === "benchmark")?.severity).toBe("block");
  });

  it("no curve, no flags (a comparison of results alone is unchanged)", () => {
    expect(curveCompareFlags([server()], [])).toEqual([]);
  });
});

describe("the suite facts grouped", () => {
  it("the measurement-rule facts are one group, as severe as P90 vs P99 (block), each fact one click away", () => {
    const flags = curveCompareFlags([server({ hasPower: true })], [curve]);
    const groups = groupFlags({ flags, results: [], curves: [curve] });
    const g = groups.find((x) => x.code === SUITE_GROUP);
    expect(g?.severity).toBe("block");
    expect(g?.flags.map((x) => x.code).sort()).toEqual([
      "kv-cache-reuse",
      "latency-percentile",
      "network",
      "power-kind",
      "suite",
    ]);
    expect(g?.statement).toMatch(/5 facts: .*P90 against P99/);
    expect(groups[0]?.code).toBe(SUITE_GROUP);
    // the other facts stay their own flags
    expect(groups.map((x) => x.code)).toContain("peer-review-pending");
  });

  it("the same codes without a curve in the comparison are not pulled into the group", () => {
    const flags = [{ code: "suite", severity: "warn" as const, message: "datacenter vs edge", ids: ["a", "b"] }];
    expect(groupFlags({ flags, results: [] }).map((g) => g.code)).toEqual(["suite"]);
  });
});

describe("compareCurveChart", () => {
  it("draws the curve as steps and the Server result at 1000 / its P99 TPOT bound", () => {
    const m = compareCurveChart({ curves: [curve], results: [server()], bakeoff: [] });
    const [c, r] = m.series;
    expect(c?.kind).toBe("curve");
    // r64 has no TPOT P90 (not drawn); r2048 is the elected Offline point (a step and the ceiling): 6 dots
    expect(c?.points).toHaveLength(6);
    // 9757.9893 system tokens/s ÷ 8 accelerators = 1219.7487
    expect(c?.ceiling).toBeCloseTo(1219.7487, 3);
    expect(c?.note).toMatch(/synthetic test data/);
    expect(r?.kind).toBe("inference");
    // gpt-oss-120b Server: P99 TPOT ≤ 80 ms (mlcommons/inference submission checker LLM_LATENCY_LIMITS) → 12.5/s
    expect(r?.points[0]?.x).toBeCloseTo(12.5, 6);
  });

  it("a curve of ~100–1,220 tokens/s per accelerator beside a result of 16,118: a log y axis, so the steps stay legible", () => {
    // curve: r4 775.6654 ÷ 8 = 96.96 (the smallest), ceiling 1,219.75; the result 16,117.9 → 16,117.9 ÷ 96.96 = 166×
    // > 20× → log, from 10^⌊log10 96.96⌋ = 10 to 10^⌈log10(16,117.9 × 1.08 = 17,407)⌉ = 100,000
    const m = compareCurveChart({ curves: [curve], results: [server({ perAccelerator: 16117.9 })], bakeoff: [] });
    expect([m.yLog, m.yMin, m.yMax]).toEqual([true, 10, 100_000]);
    // the curve alone spans 1,219.75 ÷ 96.96 = 12.6× < 20×: linear from 0, up to niceMax(1,219.75 × 1.08 = 1,317) = 2,000
    const alone = compareCurveChart({ curves: [curve], results: [], bakeoff: [] });
    expect([alone.yLog ?? false, alone.yMax]).toEqual([false, 2000]);
  });

  it("two Server results at the same per-user bound: the chart says their diamonds overlap", () => {
    const m = compareCurveChart({
      curves: [curve],
      results: [server(), server({ id: "bbbbbbbbbbbbbbbb", perAccelerator: 1010 })],
      bakeoff: [],
    });
    // both at x = 1000 / 80 ms = 12.5
    expect(m.overlaps).toEqual([
      "2 Inference results share 12.5 tokens/s per user (their scenario's P99 TPOT bound), so their diamonds may overlap; the list below names each",
    ]);
    expect(compareCurveChart({ curves: [curve], results: [server()], bakeoff: [] }).overlaps).toEqual([]);
  });
});
