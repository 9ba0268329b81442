// The explorer chart over real v6.0 rows: which views can be drawn on one axis, and the series they make.
import { describe, expect, it } from "vitest";
import { parsedSummary, ROUND_FILES } from "@/lib/mlperf/test-real-summaries";
import type { UnitGroupRow } from "./result-order";
import { type ChartPoint, chartBlocker, chartSeries } from "./scale-chart";
import type { ResultRecord } from "./types";

const v60 = parsedSummary(ROUND_FILES["v6.0"]).records;

function groups(rows: ResultRecord[]): UnitGroupRow[] {
  const m = new Map<string, UnitGroupRow>();
  for (const r of rows) {
    const k = JSON.stringify([r.model, r.scenario, r.round, r.units]);
    const g = m.get(k) ?? {
      model: r.model,
      scenario: r.scenario,
      round: r.round,
      units: r.units,
      higherIsBetter: r.higherIsBetter,
      count: 0,
      withPerAccelerator: 0,
      suspect: 0,
    };
    g.count++;
    m.set(k, g);
  }
  return [...m.values()];
}

function points(rows: ResultRecord[]): ChartPoint[] {
  return rows.map((r, i) => ({
    id: String(i),
    resultId: r.resultId,
    system: r.system.systemName,
    submitter: r.submitter,
    accelerator: r.system.accelerator,
    totalAccelerators: r.system.totalAccelerators,
    nodes: r.system.nodes,
    value: r.value,
    perAccelerator: r.system.totalAccelerators ? r.value / r.system.totalAccelerators : null,
    units: r.units,
  }));
}

const where = (f: (r: ResultRecord) => boolean) => v60.filter(f);

describe("chartBlocker over real v6.0 views", () => {
  it.each<[string, (r: ResultRecord) => boolean, RegExp | null]>([
    [
      "llama2-70b-99 Server: one benchmark, scenario, unit",
      (r) => r.model === "llama2-70b-99" && r.scenario === "Server",
      null,
    ],
    ["every Server row: many benchmarks and units", (r) => r.scenario === "Server", /mixes \d+ benchmarks, \d+ units/],
    [
      "llama2-70b-99 Offline + Server: two scenarios",
      (r) => r.model === "llama2-70b-99" && r.scenario !== "Interactive",
      /mixes 2 scenarios/,
    ],
    [
      "SingleStream: latencies of several benchmarks in ms and s",
      (r) => r.scenario === "SingleStream",
      /benchmarks.*units/,
    ],
  ])("%s", (_name, f, expected) => {
    const rows = where(f);
    expect(rows.length).toBeGreaterThan(0);
    const b = chartBlocker(groups(rows));
    if (expected === null) expect(b).toBeNull();
    else expect(b).toMatch(expected);
  });

  it("an empty view has nothing to draw", () => {
    expect(chartBlocker([])).toBe("No results in this view.");
  });
});

describe("chartSeries", () => {
  const server = where((r) => r.model === "llama2-70b-99" && r.scenario === "Server");

  it("one series per accelerator, biggest first; every row with a count is a point", () => {
    const d = chartSeries(points(server), "accelerator");
    expect(d.figure).toBe("perAccelerator");
    const drawn = d.series.reduce((n, s) => n + s.points.length, 0);
    const withCount = server.filter((r) => (r.system.totalAccelerators ?? 0) > 0).length;
    expect(drawn).toBe(withCount);
    expect(d.omitted).toBe(server.length - withCount);
    const sizes = d.series.map((s) => s.points.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    // the 87-GPU AMD cluster sits at x = 87, its figure its result ÷ 87
    const amd = d.series.flatMap((s) => s.points).find((p) => p.x === 87);
    expect(amd?.submitter).toBe("AMD");
    expect(amd?.y).toBeCloseTo((amd?.value ?? 0) / 87, 6);
  });

  it("per=raw draws the result as published", () => {
    const d = chartSeries(points(server), "raw");
    expect(d.figure).toBe("value");
    for (const s of d.series) for (const p of s.points) expect(p.y).toBe(p.value);
  });

  it("latencies have no per-accelerator figure: the chart falls back to the result", () => {
    const ss = where((r) => r.scenario === "SingleStream").map((p) => p);
    const pts = points(ss).map((p) => ({ ...p, perAccelerator: null }));
    expect(chartSeries(pts, "accelerator").figure).toBe("value");
  });
});
