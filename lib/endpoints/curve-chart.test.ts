// The one chart's model: steps through measured points (never between them), the Offline ceiling apart, points the
// checker refused left out, Inference results at their P99 TPOT bound, a bake-off sweep at 1000 / TPOT P90.
// Values by hand.
import { describe, expect, it } from "vitest";
import type { BakeoffRun, PublishedResult } from "@/lib/types";
import { bakeoffSeries, curveSeries, inferenceSeries, niceMax, stepPolyline } from "./curve-chart";
import type { Curve, CurvePoint } from "./curve-types";

function pt(
  concurrency: number,
  tpsPerUser: number | null,
  systemTps: number,
  offlineKind: CurvePoint["offlineKind"] = null,
): CurvePoint {
  return {
    concurrency,
    cohort: null,
    offline: offlineKind !== null,
    offlineKind,
    systemTps,
    tpsPerUser,
    ttftP90Ms: null,
    tpotP90Ms: tpsPerUser ? 1000 / tpsPerUser : null,
    perAccelerator: systemTps / 8,
    systemTpsPerKwProvisioned: null,
    samplesCompleted: null,
    samplesFailed: null,
    durationS: 1,
    outputTokens: 1,
    failedChecks: tpsPerUser === null ? ["No TPOT P90 reported"] : [],
  };
}

const curve = (points: CurvePoint[]): Curve => ({
  id: "0123456789abcdef",
  seriesId: "x",
  suite: "endpoints",
  layout: "v1.0",
  submitter: "S",
  system: "sys",
  model: "gpt-oss-120b",
  benchmark: "gpt-oss-120b",
  division: "Standardized",
  clientLocation: null,
  availability: "Available",
  status: "peer-review-pending",
  statusNote: null,
  cohort: "2026-10-C1",
  accelerator: "A",
  acceleratorsPerNode: 8,
  nodes: 1,
  totalAccelerators: 8,
  servingEngine: null,
  precision: null,
  provisionedPowerW: null,
  provisionedPowerNote: "",
  inputTokenAverage: null,
  outputTokenAverage: null,
  sourceUrl: null,
  source: "",
  synthetic: false,
  supersededBy: null,
  importedAt: null,
  points,
});

describe("steps", () => {
  it("hold the last measured value between points: (100, 10) → (50, 10) → (50, 30) → (20, 30) → (20, 40)", () => {
    const s = stepPolyline([
      { x: 20, y: 40, label: "c" },
      { x: 100, y: 10, label: "a" },
      { x: 50, y: 30, label: "b" },
    ]).map((p) => [p.x, p.y]);
    expect(s).toEqual([
      [100, 10],
      [50, 10],
      [50, 30],
      [20, 30],
      [20, 40],
    ]);
  });

  it("a curve: dedicated Offline only as the ceiling, a refused point left out, per accelerator (÷ 8)", () => {
    const { series } = curveSeries(
      curve([pt(1, 100, 80), pt(8, 50, 240), pt(16, null, 300), pt(6396, 5, 800, "dedicated")]),
    );
    expect(series?.points.map((p) => [p.x, p.y])).toEqual([
      [100, 10],
      [50, 30],
    ]);
    expect(series?.ceiling).toBe(100); // 800 / 8
  });

  it("an elected C_max point is a step and the ceiling", () => {
    const { series } = curveSeries(curve([pt(1, 100, 80), pt(64, 40, 400, "elected")]));
    expect(series?.points).toHaveLength(2);
    expect(series?.ceiling).toBe(50);
  });
});

describe("other evidence on the same axes", () => {
  it("an Inference Server result sits at 1000 / its P99 TPOT bound (gpt-oss-120b Server: 80 ms → 12.5)", () => {
    const r = {
      id: "r1",
      resultId: "6.1-0001",
      submitter: "X",
      system: "Y",
      round: "v6.1",
      scenario: "Server",
      model: "gpt-oss-120b",
      perAccelerator: 1000,
    } as PublishedResult;
    const off = { ...r, id: "r2", scenario: "Offline" } as PublishedResult;
    const { series, left } = inferenceSeries([r, off]);
    expect(series[0]?.points[0]).toMatchObject({ x: 12.5, y: 1000 });
    expect(series[0]?.note).toMatch(/P99 bound, not a P90 measurement/);
    expect(left[0]).toMatch(/Offline has no latency bound/);
  });

  it("a bake-off run at 1000 / TPOT P90, its output tokens/s per accelerator", () => {
    const run = {
      outTokPerS: 4000,
      accelerators: 8,
      tpotMs: { mean: null, p50: 15, p90: 20, p95: null, p99: null },
      load: { kind: "concurrency", concurrency: 32, requestRate: null },
    } as unknown as BakeoffRun;
    const { series } = bakeoffSeries("u1", "my sweep", [run]);
    expect(series?.points[0]).toMatchObject({ x: 50, y: 500, label: "c32" });
    expect(series?.note).toMatch(/unverified/);
  });

  it("axis maxima round up to plain numbers", () => {
    expect([niceMax(181.8), niceMax(1300), niceMax(0)]).toEqual([200, 2000, 1]);
  });
});
