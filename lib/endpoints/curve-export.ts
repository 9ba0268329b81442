// A curve as rows for CSV / JSON export: one row per measured point, the curve's identity and status repeated on
// each, the provisioned-power figure labelled as provisioned, the synthetic flag and a citation. Pure.
import { toCsvLine } from "@/lib/csv-export";
import type { Curve } from "./curve-types";

export const CURVE_EXPORT_FIELDS = [
  "curveId",
  "suite",
  "layout",
  "submitter",
  "system",
  "model",
  "benchmark",
  "division",
  "clientLocation",
  "availability",
  "status",
  "cohort",
  "accelerator",
  "totalAccelerators",
  "concurrency",
  "pointCohort",
  "offline",
  "systemTps",
  "perAccelerator",
  "tpsPerUser",
  "ttftP90Ms",
  "tpotP90Ms",
  "provisionedPowerW",
  "systemTpsPerKwProvisioned",
  "failedChecks",
  "synthetic",
  "sourceUrl",
  "citation",
] as const;

export type CurveExportRow = Record<(typeof CURVE_EXPORT_FIELDS)[number], string | number | boolean | null>;

export function curveCitation(c: Curve): string {
  return `MLPerf Endpoints ${c.division}, ${c.model}, ${c.submitter} ${c.system}, cohort ${c.cohort ?? "not stated"}, ${c.status}${c.synthetic ? "; SYNTHETIC test data (MLCommons checker fixture), not a hardware result" : ""}. Source: ${c.sourceUrl ?? c.source}.`;
}

export function curveRows(curves: readonly Curve[]): CurveExportRow[] {
  return curves.flatMap((c) =>
    c.points.map((p) => ({
      curveId: c.id,
      suite: c.suite,
      layout: c.layout,
      submitter: c.submitter,
      system: c.system,
      model: c.model,
      benchmark: c.benchmark,
      division: c.division,
      clientLocation: c.clientLocation,
      availability: c.availability,
      status: c.status,
      cohort: c.cohort,
      accelerator: c.accelerator,
      totalAccelerators: c.totalAccelerators,
      concurrency: p.concurrency,
      pointCohort: p.cohort,
      offline: p.offlineKind ?? "",
      systemTps: p.systemTps,
      perAccelerator: p.perAccelerator,
      tpsPerUser: p.tpsPerUser,
      ttftP90Ms: p.ttftP90Ms,
      tpotP90Ms: p.tpotP90Ms,
      provisionedPowerW: c.provisionedPowerW,
      systemTpsPerKwProvisioned: p.systemTpsPerKwProvisioned,
      failedChecks: p.failedChecks.join(" | "),
      synthetic: c.synthetic,
      sourceUrl: c.sourceUrl,
      citation: curveCitation(c),
    })),
  );
}

export function curvesToCsv(curves: readonly Curve[]): string {
  const rows = curveRows(curves);
  return `${[
    toCsvLine([...CURVE_EXPORT_FIELDS]),
    ...rows.map((r) => toCsvLine(CURVE_EXPORT_FIELDS.map((f) => r[f]))),
  ].join("\r\n")}\r\n`;
}
