// The one chart of three kinds of evidence on the same axes — output tokens/s per accelerator (y) against tokens/s
// per user (x), both higher-is-better (Endpoints rules §4.2) — each marked for what it is:
// - a published Endpoints curve: a STEP function only (rules §4.2, §5.2: between points the curve holds the last
//   measured value; any smoothing must be labelled "interpolated (not official)", and we draw none). For a target
//   per-user speed x the step gives the throughput of the last measured point that still meets it (x_i ≥ x). The
//   Offline point is a separately labelled ceiling (§5.7): a dedicated run is only the ceiling, an elected C_max
//   point is a step too. Points the checker refuses (no TPOT P90) are not drawn.
// - an MLPerf Inference result (Server / Interactive): one point at the per-user speed its P99 TPOT bound guarantees
//   (1000 / tpot limit, lib/judge tokenLimits) — a P99 bound, not a P90 measurement: marked so.
// - the user's bake-off sweep: each run at 1000 / its TPOT P90 (P50 when the file has no P90, marked), unverified.
// Pure: the component only draws what this returns.
import { perGivenAccelerators } from "@/lib/judge";
import { tokenLimits } from "@/lib/judge/limits";
import type { PublishedResult } from "@/lib/types";
import { CURVE_STATUS_LABEL, type Curve } from "./curve-types";

export const INTERPOLATED_LABEL = "interpolated (not official)";
export const STEP_RULE =
  "Steps only: between measured points a curve holds the last measured value (MLPerf Endpoints rules §4.2); nothing is interpolated.";

export interface ChartPoint {
  x: number;
  y: number;
  label: string;
}

export interface ChartSeries {
  kind: "curve" | "inference" | "bakeoff";
  id: string;
  label: string;
  /** What it is, in words shown in the legend: status, synthetic, P99 bound, unverified. */
  note: string;
  points: ChartPoint[];
  /** curve only: the step polyline, in drawing order */
  steps: ChartPoint[];
  /** curve only: the Offline ceiling (per accelerator) */
  ceiling: number | null;
  href: string | null;
}

export interface CurveChartModel {
  series: ChartSeries[];
  /** What could not be placed on these axes, and why (no accelerator count, no TPOT bound…) */
  left: string[];
  xMax: number;
  yMax: number;
  /**
   * A logarithmic y axis from `yMin` to `yMax` (powers of ten) when the figures span more than LOG_SPAN× (a curve of
   * ~1,000 tokens/s per accelerator beside results of ~15,000 would otherwise sit flat on the axis, its steps
   * unreadable); absent or false: linear from 0.
   */
  yLog?: boolean;
  yMin?: number;
  /** Marks drawn on the same spot, said in words (Inference results share their scenario's per-user bound). */
  overlaps?: string[];
}

/** Above this ratio of the largest to the smallest figure drawn, the y axis is logarithmic. */
export const LOG_SPAN = 20;

/** The staircase through measured points: from each point left to the next one's per-user speed, then up. */
export function stepPolyline(points: readonly { x: number; y: number; label: string }[]): ChartPoint[] {
  const s = [...points].sort((a, b) => b.x - a.x || a.y - b.y);
  const out: ChartPoint[] = [];
  s.forEach((p, i) => {
    out.push(p);
    const next = s[i + 1];
    if (next) out.push({ x: next.x, y: p.y, label: "" });
  });
  return out;
}

export function curveSeries(c: Curve): { series: ChartSeries | null; left: string | null } {
  const name = `${c.submitter} ${c.system}`;
  if (c.totalAccelerators === null)
    return { series: null, left: `${name}: the system description states no accelerator count` };
  const drawn = c.points.filter(
    (p) => p.offlineKind !== "dedicated" && p.tpsPerUser !== null && p.perAccelerator !== null,
  );
  const points = drawn.map((p) => ({
    x: p.tpsPerUser as number,
    y: p.perAccelerator as number,
    label: `r${p.concurrency}`,
  }));
  const off = c.points.find((p) => p.offline);
  const notes = [
    `MLPerf Endpoints ${c.layout === "v0.7" ? "v0.7 (other definitions)" : ""}`.trim(),
    CURVE_STATUS_LABEL[c.status].toLowerCase(),
    ...(c.synthetic ? ["synthetic test data, not a hardware result"] : []),
  ];
  return {
    series: {
      kind: "curve",
      id: c.id,
      label: name,
      note: notes.join(" · "),
      points,
      steps: stepPolyline(points),
      ceiling: off ? perGivenAccelerators(off.systemTps, c.totalAccelerators) : null,
      href: `/curves/${c.id}`,
    },
    left: null,
  };
}

/** The run fields the chart reads (a stored run or a frozen comparison's trimmed copy of it). */
export interface ChartRun {
  tpotMs: { p50: number | null; p90: number | null } | null;
  outTokPerS: number | null;
  accelerators: number | null;
  load: { concurrency: number | null } | null;
}

/** The result fields the chart reads (a live row or a frozen comparison's copy of it). */
export type ChartResult = Pick<
  PublishedResult,
  "id" | "submitter" | "system" | "round" | "scenario" | "model" | "perAccelerator" | "resultId"
>;

export function inferenceSeries(rows: readonly ChartResult[]): { series: ChartSeries[]; left: string[] } {
  const series: ChartSeries[] = [];
  const left: string[] = [];
  for (const r of rows) {
    const name = `${r.submitter} ${r.system} (${r.round} ${r.scenario})`;
    if (r.scenario !== "Server" && r.scenario !== "Interactive") {
      left.push(`${name}: ${r.scenario} has no latency bound, so no per-user speed`);
      continue;
    }
    const lim = tokenLimits(r.model, r.scenario);
    if (!lim || r.perAccelerator === null) {
      left.push(`${name}: ${lim ? "no per-accelerator figure" : "no TPOT bound in the limits table"}`);
      continue;
    }
    series.push({
      kind: "inference",
      id: r.id,
      label: name,
      note: `MLPerf Inference, P99 TPOT ≤ ${lim.tpotMs} ms → ≥ ${(1000 / lim.tpotMs).toFixed(1)} tokens/s per user (a P99 bound, not a P90 measurement)`,
      points: [{ x: 1000 / lim.tpotMs, y: r.perAccelerator, label: r.resultId ?? r.id }],
      steps: [],
      ceiling: null,
      href: `/results/${r.id}`,
    });
  }
  return { series, left };
}

export function bakeoffSeries(
  id: string,
  label: string,
  runs: readonly ChartRun[],
): { series: ChartSeries | null; left: string | null } {
  const pts: ChartPoint[] = [];
  let p50 = false;
  for (const [i, r] of runs.entries()) {
    const tpot = r.tpotMs?.p90 ?? r.tpotMs?.p50 ?? null;
    if (r.tpotMs?.p90 == null && r.tpotMs?.p50 != null) p50 = true;
    const y = perGivenAccelerators(r.outTokPerS, r.accelerators);
    if (tpot === null || !(tpot > 0) || y === null) continue;
    pts.push({ x: 1000 / tpot, y, label: r.load?.concurrency != null ? `c${r.load.concurrency}` : `run ${i + 1}` });
  }
  if (pts.length === 0)
    return { series: null, left: `${label}: no run states both a TPOT percentile and the accelerators it ran on` };
  return {
    series: {
      kind: "bakeoff",
      id,
      label,
      note: `your sweep, unverified · x = 1000 / TPOT ${p50 ? "P50 (the file has no P90)" : "P90"}`,
      points: pts.sort((a, b) => b.x - a.x),
      steps: [],
      ceiling: null,
      href: `/bakeoff/${id}`,
    },
    left: null,
  };
}

/**
 * Inference results of one scenario all sit at its bound's per-user speed (x = 1000 / the P99 TPOT limit), so results
 * of similar throughput draw one diamond over another: say how many share each x, so six never read as one.
 */
export function overlapNotes(series: readonly ChartSeries[]): string[] {
  const byX = new Map<number, number>();
  for (const s of series) if (s.kind === "inference") for (const p of s.points) byX.set(p.x, (byX.get(p.x) ?? 0) + 1);
  return [...byX.entries()]
    .filter(([, n]) => n > 1)
    .sort((a, b) => a[0] - b[0])
    .map(
      ([x, n]) =>
        `${n} Inference results share ${x.toFixed(1)} tokens/s per user (their scenario's P99 TPOT bound), so their diamonds may overlap; the list below names each`,
    );
}

/** Round an axis maximum up to 1, 2 or 5 × 10^k so ticks fall on plain numbers. */
export function niceMax(v: number): number {
  if (!(v > 0)) return 1;
  const e = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (v <= m * e) return m * e;
  return 10 * e;
}

export function chartModel(parts: { series: (ChartSeries | null)[]; left: (string | null)[] }): CurveChartModel {
  const series = parts.series.filter((s): s is ChartSeries => s !== null);
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const ys = series.flatMap((s) => [...s.points.map((p) => p.y), ...(s.ceiling !== null ? [s.ceiling] : [])]);
  const left = parts.left.filter((l): l is string => l !== null);
  const overlaps = overlapNotes(series);
  const xMax = niceMax(Math.max(0, ...xs) * 1.08);
  const pos = ys.filter((y) => y > 0);
  const lo = pos.length ? Math.min(...pos) : 0;
  const hi = Math.max(0, ...ys);
  if (lo > 0 && hi / lo > LOG_SPAN)
    return {
      series,
      left,
      xMax,
      yMax: 10 ** Math.ceil(Math.log10(hi * 1.08)),
      yLog: true,
      yMin: 10 ** Math.floor(Math.log10(lo)),
      overlaps,
    };
  return { series, left, xMax, yMax: niceMax(hi * 1.08), overlaps };
}

/**
 * The one chart of a comparison holding curves: its curves as steps, its Inference results at their scenario limits
 * and its bake-off sweeps (each run's own accelerator count, else the upload's). Built from the comparison's
 * payload alone, so a frozen comparison redraws exactly what was shown.
 */
export function compareCurveChart(data: {
  curves: readonly Curve[];
  results: readonly ChartResult[];
  bakeoff: readonly {
    id: string;
    label: string;
    accelerators: number | null;
    runs: readonly ChartRun[];
  }[];
}): CurveChartModel {
  const cs = data.curves.map(curveSeries);
  const inf = inferenceSeries(data.results);
  const bo = data.bakeoff.map((u) =>
    bakeoffSeries(
      u.id,
      u.label,
      u.runs.map((r) => ({ ...r, accelerators: r.accelerators ?? u.accelerators })),
    ),
  );
  return chartModel({
    series: [...cs.map((c) => c.series), ...inf.series, ...bo.map((b) => b.series)],
    left: [...cs.map((c) => c.left), ...inf.left, ...bo.map((b) => b.left)],
  });
}
