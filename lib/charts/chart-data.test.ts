// A chart's CSV is exactly the points its image draws (issue 29): the explorer chart of the real v6.0
// llama2-70b-99 Offline rows (../shared/data summary_results.json) and a comparison's bars, each turned into CSV and
// SVG, and every SVG mark's series/x/y read back and set against the CSV rows, in order. Expected figures are read by
// hand from the file: 6.0-0002 (AMD, 8 × MI355X) 103,480 tokens/s, so 12,935 per accelerator.
import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { type ChartPoint, chartSeries } from "../scale-chart";
import { sharedPath } from "../shared-data";
import { barChartData, type ChartData, chartCsv, chartFileName, scaleChartData } from "./chart-data";
import { chartSvg, escapeXml, linearTicks, log2Ticks } from "./svg";

interface SummaryRow {
  ID: string;
  Submitter: string;
  System: string;
  Model: string;
  Scenario: string;
  Accelerator: string;
  Nodes: number;
  "Total Accelerators": number;
  Performance_Result: number;
  Performance_Units: string;
}

const rows = (
  JSON.parse(readFileSync(sharedPath("mlperf", "summary", "v6.0.summary_results.json"), "utf8")) as SummaryRow[]
).filter((r) => r.Model === "llama2-70b-99" && r.Scenario === "Offline");

const points: ChartPoint[] = rows.map((r) => ({
  id: r.ID,
  resultId: r.ID,
  system: r.System,
  submitter: r.Submitter,
  accelerator: r.Accelerator,
  totalAccelerators: r["Total Accelerators"],
  nodes: r.Nodes,
  value: r.Performance_Result,
  perAccelerator: r.Performance_Result / r["Total Accelerators"],
  units: r.Performance_Units,
}));

const META = { rounds: ["v6.0"], retrievedAt: "2026-12-01T10:00:00Z", dataVersion: "7", link: "/results?round=v6.0" };

/** Every drawn mark of an SVG: its series, x and y, in document order. */
function marks(svg: string): string[][] {
  return [...svg.matchAll(/class="point" data-series="([^"]*)" data-x="([^"]*)" data-y="([^"]*)"/g)].map((m) => [
    (m[1] ?? "").replace(/&amp;/g, "&"),
    (m[2] ?? "").replace(/&amp;/g, "&"),
    m[3] ?? "",
  ]);
}

function csvRows(chart: ChartData): string[][] {
  const parsed = Papa.parse<string[]>(chartCsv(chart).trim(), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...body] = parsed.data;
  expect(header).toEqual(["series", "x", "y", "label", "id", "flag"]);
  return body;
}

describe("a chart's CSV equals the points its SVG draws", () => {
  const cases = [
    { per: "raw" as const, id: "6.0-0002", x: "8", y: "103480", units: "tokens/s" },
    { per: "accelerator" as const, id: "6.0-0002", x: "8", y: "12935", units: "tokens/s per accelerator" },
  ];
  it.each(cases)("explorer chart, per=$per: $id at ($x, $y)", ({ per, id, x, y, units }) => {
    expect(rows).toHaveLength(42);
    const chart = scaleChartData(
      chartSeries(points, per),
      "Tokens/s",
      { benchmark: "llama2-70b-99", scenario: "Offline" },
      META,
    );
    const svg = chartSvg(chart);
    const csv = csvRows(chart);
    expect(csv).toHaveLength(42);
    expect(marks(svg)).toEqual(csv.map((r) => r.slice(0, 3)));
    const row = csv.find((r) => r[4] === id);
    expect(row?.slice(0, 3)).toEqual(["AMD Instinct MI355X 288GB HBM3e", x, y]);
    expect(chart.y.units.toLowerCase()).toBe(units);
    // title, axis units and citation are in the image itself
    expect(svg).toContain(escapeXml(chart.title));
    expect(svg).toContain("Accelerators that ran (accelerators)");
    expect(svg).toContain("MLPerf® Inference v6.0 (MLCommons), retrieved on 2026-12-01");
    expect(svg).not.toMatch(/<script|href=/);
  });

  it("comparison bars: one row and one bar per result, an unverified bar flagged in both", () => {
    const bars = [
      { name: "8×MI355X (AMD)", value: 103480, unverified: false },
      { name: "Cisco UCS 8×MI350X", value: 78936.7, unverified: true },
    ];
    const chart = barChartData(
      bars,
      { title: "Result as published", units: "tokens/s", derived: false, note: null },
      META,
    );
    const csv = csvRows(chart);
    expect(csv.map((r) => [r[1], r[2], r[5]])).toEqual([
      ["8×MI355X (AMD)", "103480", ""],
      ["Cisco UCS 8×MI350X", "78936.7", "unverified"],
    ]);
    expect(marks(chartSvg(chart))).toEqual(csv.map((r) => r.slice(0, 3)));
    expect(chartFileName(chart, "png")).toBe("perfcontext-chart-result-as-published.png");
  });

  it("axis ticks: round linear steps from 0, powers of two up to the largest system", () => {
    expect(linearTicks(103480)).toEqual([0, 50000, 100000, 150000]);
    expect(linearTicks(12935)).toEqual([0, 5000, 10000, 15000]);
    expect(log2Ticks(72)).toEqual([1, 2, 4, 8, 16, 32, 64, 72]);
    expect(log2Ticks(8)).toEqual([1, 2, 4, 8]);
  });
});
