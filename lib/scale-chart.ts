// The explorer's chart: the figure (per accelerator, or as published) against system size (accelerators, log scale)
// for the view's rows, one series per accelerator. Pure: whether a view can be drawn honestly, and its series.
// A chart puts every point on one y-axis, so a view that mixes units, benchmarks or scenarios is not drawn (the page
// says which); rows without an accelerator count or without the figure are left out and counted.
import { canonicalUnits } from "./mlperf/normalize";
import type { UnitGroupRow } from "./result-order";

export interface ChartPoint {
  id: string;
  resultId: string | null;
  system: string;
  submitter: string;
  accelerator: string | null;
  totalAccelerators: number | null;
  nodes: number | null;
  value: number;
  perAccelerator: number | null;
  units: string;
}

export type ChartFigure = "perAccelerator" | "value";

/** Why a view gets no chart; null when it can be drawn. */
export function chartBlocker(groups: readonly UnitGroupRow[]): string | null {
  const live = groups.filter((g) => g.count > 0);
  if (live.length === 0) return "No results in this view.";
  const n = (key: (g: UnitGroupRow) => string) => new Set(live.map(key)).size;
  const benchmarks = n((g) => g.model);
  const units = n((g) => canonicalUnits(g.units));
  const scenarios = n((g) => g.scenario);
  const parts: string[] = [];
  if (benchmarks > 1) parts.push(`${benchmarks} benchmarks`);
  if (scenarios > 1) parts.push(`${scenarios} scenarios`);
  if (units > 1) parts.push(`${units} units`);
  if (parts.length === 0) return null;
  return `No chart: this view mixes ${parts.join(", ")}, and one axis cannot rank them against each other. Narrow it to one benchmark and scenario to see the chart.`;
}

export interface ChartSeries {
  accelerator: string;
  points: (ChartPoint & { x: number; y: number })[];
}

export interface ChartData {
  figure: ChartFigure;
  series: ChartSeries[];
  /** Rows left out: no accelerator count, or no figure (a latency has no per-accelerator figure). */
  omitted: number;
}

/**
 * Points grouped by accelerator (most points first), x = accelerators that ran, y = the figure. Per accelerator when
 * asked and any row has it, else the result as published.
 */
export function chartSeries(points: readonly ChartPoint[], per: "raw" | "accelerator"): ChartData {
  const figure: ChartFigure =
    per === "accelerator" && points.some((p) => p.perAccelerator !== null) ? "perAccelerator" : "value";
  const by = new Map<string, ChartSeries["points"]>();
  let omitted = 0;
  for (const p of points) {
    const y = figure === "perAccelerator" ? p.perAccelerator : p.value;
    if (p.totalAccelerators === null || p.totalAccelerators <= 0 || y === null || !(y > 0)) {
      omitted++;
      continue;
    }
    const key = p.accelerator ?? "Accelerator not published";
    const list = by.get(key) ?? [];
    list.push({ ...p, x: p.totalAccelerators, y });
    by.set(key, list);
  }
  const series = [...by]
    .map(([accelerator, pts]) => ({ accelerator, points: pts }))
    .sort((a, b) => b.points.length - a.points.length || a.accelerator.localeCompare(b.accelerator));
  return { figure, series, omitted };
}

/** What the explorer page hands its chart: the series, or why the view has none. */
export interface ChartView {
  /** Why the view is not charted (mixed benchmarks, scenarios or units); null when `data` is drawn. */
  blocker: string | null;
  data: ChartData | null;
  /** The figure's unit, for the axis. */
  units: string | null;
}
