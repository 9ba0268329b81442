// The campaign's Pareto chart laid out on the server (issue 26): the page's HTML carries the marks it draws and
// nothing else, no charting library and no per-point data for one in the browser. A 32-member campaign on one
// 100-point upload is 3,200 points; sent whole to a client chart they were 650 KB of the page's payload.
//
// x: output tokens/s per user, y: output tokens/s per accelerator, both linear from 0 to a nice top tick at or past
// 1.04 × the largest value. A mark sits
// on a grid of COLUMNS columns across the plot (finer than a pixel on any screen the page fits: the page is at most
// 1,152 px wide) and PLOT_H one-pixel rows. Marks are drawn in order (series by series, each in load order), so a
// later mark on the same cell covers an earlier one exactly: the earlier one is not drawn, and counted. The same holds
// for a series' line: a line whose vertices are all the same cells as a later series' line lies under it. Pure.
import { niceTicks, type Tick } from "@/lib/chart-geometry";
import { formatNumber } from "@/lib/format";
import type { PublishedParetoPoint, SeriesView } from "./index";
import type { ParetoData } from "./sweeps";

/** Grid columns across the plot: a column is at most one pixel wide wherever the plot is narrower than this. */
export const COLUMNS = 1200;
/** The plot's height in pixels (the grid's rows). */
export const PLOT_H = 300;
const HEADROOM = 1.04;

export interface ParetoMark {
  /** grid column (0..COLUMNS) and row (pixels from the plot's top) */
  col: number;
  row: number;
  /** hover text */
  tip: string;
  /** how many earlier marks sit on this same cell, under this one */
  under: number;
}

export interface ParetoLine {
  id: string;
  label: string;
  /** index into the palette (the series' place in the campaign) */
  color: number;
  /** how many points the series has on the chart */
  points: number;
  /**
   * the polyline's vertices, "col,row col,row …" (consecutive repeats dropped); null when a later line covers it or
   * it has one vertex (one point, or every point on one cell)
   */
  path: string | null;
  marks: ParetoMark[];
}

export interface PublishedMarks {
  scenario: "Server" | "Interactive";
  /** how many published results of this scenario */
  points: number;
  marks: ParetoMark[];
  /** the TPOT limit's per-user speed, its column, and the limits for the label */
  limit: { col: number; ttftMs: number; tpotMs: number } | null;
}

export interface ParetoGeometry {
  xTicks: Tick[];
  yTicks: Tick[];
  lines: ParetoLine[];
  published: PublishedMarks[];
  /** points on the chart, marks drawn, and marks not drawn because a later one covers them */
  counts: { points: number; drawn: number; covered: number; linesCovered: number };
}

export type ParetoInput = {
  series: Pick<SeriesView, "id" | "label">[];
  pareto: ParetoData;
  published: PublishedParetoPoint[];
};

const SCENARIOS = ["Server", "Interactive"] as const;

/** Keeps the last mark per cell, in drawing order; each kept mark counts the ones it covers. */
class Cells {
  private readonly at = new Map<number, { mark: ParetoMark; owner: number }>();
  put(mark: ParetoMark, owner: number): void {
    const key = mark.col * (PLOT_H + 1) + mark.row;
    const prev = this.at.get(key);
    if (prev) mark.under = prev.mark.under + 1;
    this.at.set(key, { mark, owner });
  }
  /** the marks still on top, per owner, in drawing order */
  kept(owners: number): ParetoMark[][] {
    const out: ParetoMark[][] = Array.from({ length: owners }, () => []);
    for (const { mark, owner } of this.at.values()) out[owner]?.push(mark);
    return out;
  }
}

export function paretoGeometry(data: ParetoInput): ParetoGeometry {
  const { points } = data.pareto;
  const maxX = Math.max(0, ...points.map((p) => p.perUser), ...data.published.map((p) => p.perUserAtLimit));
  const maxY = Math.max(0, ...points.map((p) => p.perAccelerator), ...data.published.map((p) => p.perAccelerator));
  // 4% of room past the largest value, so a mark on the top tick is not cut at the plot's edge
  const xValues = niceTicks(maxX * HEADROOM);
  const yValues = niceTicks(maxY * HEADROOM);
  const xTop = xValues[xValues.length - 1] ?? 1;
  const yTop = yValues[yValues.length - 1] ?? 1;
  const col = (x: number) => Math.round((x / xTop) * COLUMNS);
  const row = (y: number) => Math.round(PLOT_H - (y / yTop) * PLOT_H);

  const bySeries = new Map<string, ParetoData["points"]>();
  for (const p of points) bySeries.set(p.series, [...(bySeries.get(p.series) ?? []), p]);
  const drawn = data.series
    .map((s, color) => ({ s, color, pts: bySeries.get(s.id) ?? [] }))
    .filter((x) => x.pts.length > 0);

  // published points first: the campaign's own marks are drawn over them
  const cells = new Cells();
  SCENARIOS.forEach((sc, owner) => {
    for (const p of data.published)
      if (p.scenario === sc)
        cells.put(
          {
            col: col(p.perUserAtLimit),
            row: row(p.perAccelerator),
            tip: `${p.label}\nPublished MLPerf ${sc}: p99 TPOT ≤ ${p.tpotLimitMs} ms, so at least ${formatNumber(p.perUserAtLimit)} tokens/s per user\n${formatNumber(p.perAccelerator)} tokens/s per accelerator`,
            under: 0,
          },
          owner,
        );
  });
  const paths: string[] = [];
  drawn.forEach(({ s, pts }, i) => {
    const vertices: string[] = [];
    for (const p of pts) {
      const m = {
        col: col(p.perUser),
        row: row(p.perAccelerator),
        tip: `${p.label}\nUNVERIFIED · ${s.label}\n${formatNumber(p.perAccelerator)} output tokens/s per accelerator\n${formatNumber(p.perUser)} output tokens/s per user (1000 / ${p.basis})`,
        under: 0,
      };
      cells.put(m, SCENARIOS.length + i);
      const v = `${m.col},${m.row}`;
      if (vertices[vertices.length - 1] !== v) vertices.push(v);
    }
    paths.push(vertices.join(" "));
  });
  const kept = cells.kept(SCENARIOS.length + drawn.length);
  // a line is covered when a later series draws the very same vertices (same cells, same order)
  const lastWith = new Map<string, number>();
  paths.forEach((p, i) => {
    lastWith.set(p, i);
  });
  // a line of one vertex (every point on one cell) has no length: nothing to draw
  const hasLength = (p: string) => p.includes(" ");
  let linesCovered = 0;
  const lines: ParetoLine[] = drawn.map(({ s, color, pts }, i) => {
    const path = paths[i] ?? "";
    const top = lastWith.get(path) === i;
    if (hasLength(path) && !top) linesCovered++;
    return {
      id: s.id,
      label: s.label,
      color,
      points: pts.length,
      path: hasLength(path) && top ? path : null,
      marks: kept[SCENARIOS.length + i] ?? [],
    };
  });
  const published: PublishedMarks[] = SCENARIOS.map((sc, owner) => {
    const of = data.published.filter((p) => p.scenario === sc);
    const first = of[0];
    return {
      scenario: sc,
      points: of.length,
      marks: kept[owner] ?? [],
      limit: first ? { col: col(first.perUserAtLimit), ttftMs: first.ttftLimitMs, tpotMs: first.tpotLimitMs } : null,
    };
  }).filter((p) => p.points > 0);
  const all = points.length + data.published.length;
  const drawnMarks = kept.reduce((n, k) => n + k.length, 0);
  return {
    xTicks: xValues.map((value) => ({ value, at: value / xTop })),
    yTicks: yValues.map((value) => ({ value, at: row(value) })),
    lines,
    published,
    counts: {
      points: all,
      drawn: drawnMarks,
      covered: all - drawnMarks,
      linesCovered,
    },
  };
}

/**
 * Run keys as ranges: ["1.1","1.2","1.3","2.1"] → "1.1–1.3, 2.1". A range joins keys of one member with consecutive
 * point numbers, in the order given, so every key listed is named by exactly one item.
 */
export function keyRanges(keys: readonly string[]): string {
  const out: string[] = [];
  let start: string | null = null;
  let prev: [string, number] | null = null;
  const close = (k: string) => out.push(start === null || start === k ? k : `${start}–${k}`);
  for (const k of keys) {
    const dot = k.lastIndexOf(".");
    const member = k.slice(0, dot);
    const n = Number(k.slice(dot + 1));
    if (prev && prev[0] === member && prev[1] + 1 === n && dot > 0) {
      prev = [member, n];
      continue;
    }
    if (prev) close(`${prev[0]}.${prev[1]}`);
    start = k;
    prev = dot > 0 && Number.isInteger(n) ? [member, n] : null;
    if (!prev) {
      out.push(k);
      start = null;
    }
  }
  if (prev) close(`${prev[0]}.${prev[1]}`);
  return out.join(", ");
}
