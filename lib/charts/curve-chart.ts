// An MLPerf Endpoints curve as a chart (issue 29), drawn as the rules allow (../shared/formats/endpoints.md "How a
// curve may be drawn", rules §4.2 and §5.2): Y system output tokens/s against X tokens/s per user, both
// higher-is-better, a step function only (between two points the curve holds the throughput the more interactive
// point measured, never an interpolation), the dedicated Offline run a separately labelled ceiling, never a step.
// Points the checker failed (no TPOT P90) are not drawn and are counted in a note. Pure.
import type { Curve } from "../endpoints/curve-types";
import { type ChartData, type ChartMeta, chartCitation } from "./chart-data";

export function curveChartData(c: Curve, meta: ChartMeta): ChartData {
  const drawable = c.points.filter((p) => p.failedChecks.length === 0 && p.tpsPerUser !== null);
  const steps = drawable
    .filter((p) => p.offlineKind !== "dedicated")
    // less interactive first; at equal interactivity, the higher concurrency first (the fixture's points all measure
    // 181.8 tokens/s per user)
    .sort((a, b) => (a.tpsPerUser ?? 0) - (b.tpsPerUser ?? 0) || b.concurrency - a.concurrency);
  const ceiling = drawable.filter((p) => p.offlineKind === "dedicated");
  const point = (p: Curve["points"][number], flag: string | null) => ({
    x: p.tpsPerUser ?? 0,
    y: p.systemTps,
    label: `concurrency ${p.concurrency}`,
    id: c.id,
    flag,
  });
  const notes: string[] = [];
  const left = c.points.length - drawable.length;
  if (left > 0)
    notes.push(`${left} point${left > 1 ? "s" : ""} without a checked TPOT P90 ${left > 1 ? "are" : "is"} not drawn.`);
  if (c.status !== "finalized") notes.push(`Status: ${c.status}${c.statusNote ? ` (${c.statusNote})` : ""}.`);
  if (c.synthetic) notes.push("MLCommons' synthetic checker test data: not a hardware result.");
  if (c.layout === "v0.7")
    notes.push("v0.7 layout: tokens/s per user is system_tps / concurrency, not 1000 / TPOT P90.");
  return {
    kind: "steps",
    title: `${c.system} · ${c.model}: throughput against interactivity`,
    x: { label: "Interactivity", units: "tokens/s per user", scale: "linear" },
    y: { label: "System throughput", units: "output tokens/s" },
    series: [
      {
        name: "Curve (step function)",
        line: true,
        points: steps.map((p) => point(p, p.offline ? "offline (elected)" : null)),
      },
      ...(ceiling.length
        ? [
            {
              name: "Offline ceiling (not a step)",
              line: false,
              points: ceiling.map((p) => point(p, "offline ceiling")),
            },
          ]
        : []),
    ],
    notes,
    citation: chartCitation({ ...meta, suite: "Endpoints", rounds: [c.cohort ?? "curve"] }, false),
    dataVersion: meta.dataVersion,
    link: meta.link,
  };
}
