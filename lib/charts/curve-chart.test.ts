// A curve's chart (issue 29) over the shared Endpoints fixture (MLCommons' synthetic checker data, sub_a
// sys_mi355x_8gpu gpt-oss-120b): a step function in order of tokens/s per user, the elected Offline point a step
// (flagged), the CSV the points the SVG draws. Figures by hand from the fixture's result_summary.json files (see
// lib/endpoints/curve.test.ts): r2048 9,757.99 system tokens/s, r4 775.67; r64's result_summary.json has no `tpot`
// block, so it has no tokens/s per user and is not drawn.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type CurveInput, readCurve } from "../endpoints/curve";
import { sharedPath } from "../shared-data";
import { chartCsv } from "./chart-data";
import { curveChartData } from "./curve-chart";
import { chartSvg } from "./svg";

const SYS = sharedPath("endpoints", "test_submissions", "sub_a", "results", "sys_mi355x_8gpu");
const MODEL = path.join(SYS, "gpt-oss-120b");

function fixture(): CurveInput {
  const points = fs
    .readdirSync(MODEL)
    .filter((d) => /^r\d+$/.test(d))
    .map((d) => {
      const files: CurveInput["points"][number]["files"] = {};
      for (const f of fs.readdirSync(path.join(MODEL, d))) {
        const p = path.join(MODEL, d, f);
        files[f] = { path: p, text: fs.readFileSync(p, "utf8") };
      }
      return { concurrency: Number(d.slice(1)), files };
    });
  const sp = path.join(SYS, "system_power.json");
  return {
    layout: "v1.0",
    source: MODEL,
    system: "sys_mi355x_8gpu",
    model: "gpt-oss-120b",
    org: null,
    synthetic: true,
    systemPower: { path: sp, text: fs.readFileSync(sp, "utf8") },
    points,
    sourceUrl: null,
  };
}

describe("a curve's chart", () => {
  const curve = { ...readCurve(fixture()), supersededBy: null, importedAt: "2026-12-01T00:00:00Z" };
  const chart = curveChartData(curve, { rounds: [], retrievedAt: "2026-12-01", dataVersion: "3", link: "/curves/x" });

  it("is a step function over tokens/s per user, ascending; the elected Offline point a flagged step", () => {
    expect(chart.kind).toBe("steps");
    expect(chart.series).toHaveLength(1);
    const pts = chart.series[0]?.points ?? [];
    expect(pts).toHaveLength(6);
    expect(pts.map((p) => p.label)).not.toContain("concurrency 64");
    expect(chart.notes).toContain("1 point without a checked TPOT P90 is not drawn.");
    const xs = pts.map((p) => Number(p.x));
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    // every fixture point measures TPOT P90 5.5 ms → 181.8182 tokens/s per user; ties go highest concurrency first
    expect(xs.every((x) => Math.abs(x - 181.8182) < 1e-3)).toBe(true);
    expect(pts[0]?.label).toBe("concurrency 2048");
    expect(pts[0]?.y).toBeCloseTo(9757.9893, 3);
    expect(pts[0]?.flag).toBe("offline (elected)");
    expect(pts[5]?.label).toBe("concurrency 4");
    expect(pts[5]?.y).toBeCloseTo(775.6654, 3);
    expect(chart.notes).toContain("MLCommons' synthetic checker test data: not a hardware result.");
    expect(chart.citation).toMatch(/^Source: MLPerf® Endpoints/);
  });

  it("its CSV rows are the marks its SVG draws, joined by one step path", () => {
    const rows = chartCsv(chart)
      .trim()
      .split("\r\n")
      .slice(1)
      .map((l) => l.split(",").slice(0, 3));
    const svg = chartSvg(chart);
    const marks = [...svg.matchAll(/class="point" data-series="([^"]*)" data-x="([^"]*)" data-y="([^"]*)"/g)].map(
      (m) => [m[1], m[2], m[3]],
    );
    expect(marks).toEqual(rows);
    const path = /<path d="(M[^"]+)"/.exec(svg)?.[1] ?? "";
    // one move, then a vertical and a horizontal segment per later point: the curve holds, never interpolates
    expect(path.match(/V/g)).toHaveLength(5);
    expect(path.match(/H/g)).toHaveLength(5);
    expect(path).not.toMatch(/L|C|Q/);
  });
});
