// A chart as data (issue 29): the one object the image (./svg.ts), the CSV, the JSON and the embed pages are all made
// from, so each says exactly what the others draw. Builders take the series the pages' own charts draw (the
// explorer's lib/scale-chart.ts series, the comparison's bars, a curve's points) and add title, axis units and the
// citation. Pure.
import type { z } from "zod";
import { DERIVED_LABEL, RULE_SHORT } from "@/lib/judge";
import type { ChartData as ChartSchema } from "../api-v1/schemas";
import { retrievalDate, TRADEMARK_LEGEND } from "../context/citations";
import { toCsvLine } from "../csv-export";
import { unitLabel } from "../format";
import type { ChartData as ScaleSeries } from "../scale-chart";

export type ChartData = z.infer<typeof ChartSchema>;
export type ChartPointOut = ChartData["series"][number]["points"][number];

export interface ChartMeta {
  /** Rounds (or other sources) the points come from, for the citation. */
  rounds: readonly string[];
  /** When the data was imported (ISO), for the citation's retrieval date. */
  retrievedAt: string;
  dataVersion: string;
  /** The page the chart belongs to (relative URL), linked from images and embeds. */
  link: string;
  /** The MLPerf suite named in the citation (default "Inference"). */
  suite?: string;
}

/**
 * The attribution the MLPerf Results Messaging Guidelines ask of anything that shows results (mlcommons/policies
 * MLPerf_Results_Messaging_Guidelines.adoc, "Required Footnote" and "Attribution"), in one line for a chart.
 */
export function chartCitation(meta: ChartMeta, derived: boolean): string {
  const rounds = [...new Set(meta.rounds)].sort().join(", ");
  const derivedNote = derived ? ` Per-accelerator figures are ${DERIVED_LABEL}.` : "";
  return `Source: MLPerf® ${meta.suite ?? "Inference"} ${rounds || "results"} (MLCommons), retrieved on ${retrievalDate(meta.retrievedAt)}; drawn by PerfContext.${derivedNote} ${TRADEMARK_LEGEND}`;
}

/** The explorer chart: the view's figure against accelerators that ran (log x), one series per accelerator. */
export function scaleChartData(
  data: ScaleSeries,
  units: string | null,
  view: { benchmark: string; scenario: string },
  meta: ChartMeta,
): ChartData {
  const per = data.figure === "perAccelerator";
  const unit = units ? unitLabel(units) : "result";
  const yUnits = per ? `${unit} per accelerator` : unit;
  const notes: string[] = [];
  if (per) notes.push(`Per accelerator = ${RULE_SHORT} (${DERIVED_LABEL}).`);
  if (data.omitted > 0) notes.push(`${data.omitted} results without an accelerator count or figure are not drawn.`);
  return {
    kind: "scatter",
    title: `${view.benchmark} ${view.scenario}: ${per ? "per accelerator (derived)" : "result as published"} by system size`,
    x: { label: "Accelerators that ran", units: "accelerators", scale: "log" },
    y: { label: per ? "Per accelerator (derived)" : "Result as published", units: yUnits },
    series: data.series.map((s) => ({
      name: s.accelerator,
      line: false,
      points: s.points.map((p) => ({
        x: p.x,
        y: p.y,
        label: `${p.system} (${p.submitter})`,
        id: p.id,
        flag: null,
      })),
    })),
    notes,
    citation: chartCitation(meta, per),
    dataVersion: meta.dataVersion,
    link: meta.link,
  };
}

export interface Bar {
  name: string;
  value: number;
  unverified: boolean;
}

/** A comparison's bars (components/compare/compare-rows.ts chartSeries: what /compare draws), one per result. */
export function barChartData(
  bars: readonly Bar[],
  opts: { title: string; units: string; derived: boolean; note: string | null },
  meta: ChartMeta,
): ChartData {
  return {
    kind: "bars",
    title: opts.title,
    x: { label: "System", units: "", scale: "category" },
    y: { label: opts.derived ? "Per accelerator (derived)" : "Result as published", units: opts.units },
    series: [
      {
        name: opts.title,
        line: false,
        points: bars.map((b) => ({
          x: b.name,
          y: b.value,
          label: b.name,
          id: null,
          flag: b.unverified ? "unverified" : null,
        })),
      },
    ],
    notes: opts.note ? [opts.note] : [],
    citation: chartCitation(meta, opts.derived),
    dataVersion: meta.dataVersion,
    link: meta.link,
  };
}

export const CHART_CSV_COLUMNS = ["series", "x", "y", "label", "id", "flag"] as const;

/** One CSV row per drawn point, in drawing order: series, x, y, label, id, flag. */
export function chartCsv(chart: ChartData): string {
  const lines = [toCsvLine([...CHART_CSV_COLUMNS])];
  for (const s of chart.series)
    for (const p of s.points) lines.push(toCsvLine([s.name, p.x, p.y, p.label, p.id, p.flag]));
  return `${lines.join("\r\n")}\r\n`;
}

/** A file name for a chart download: "perfcontext-chart-llama2-70b-99-offline.svg". */
export function chartFileName(chart: ChartData, ext: string): string {
  const slug = chart.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `perfcontext-chart-${slug || "chart"}.${ext}`;
}
