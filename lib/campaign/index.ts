// An evaluation campaign in one call: members and their stored runs in, the frozen-parameter check, the per-shape
// reports, the sweeps and the Pareto points out. The API and pages call this; the frozen report stores its output.
import { checkParams, type Difference, type ParamCheck } from "./params";
import type { CampaignMember } from "./roles";
import { type CampaignRun, campaignRuns, type MemberSource } from "./runs";
import { type ShapeReport, shapeReports } from "./shapes";
import { groupSeries, type ParetoData, paretoData, type Series } from "./sweeps";

export * from "./methodology";
export * from "./params";
export * from "./roles";
export * from "./runs";
export * from "./schema";
export * from "./shapes";
export * from "./sweeps";

/** A published MLPerf Server or Interactive result for the Pareto chart (tokens/s per accelerator at its limits). */
export interface PublishedParetoPoint {
  id: string;
  label: string;
  scenario: "Server" | "Interactive";
  perAccelerator: number;
  ttftLimitMs: number;
  tpotLimitMs: number;
  /** 1000 / TPOT limit: the per-user speed a p99 within the TPOT limit guarantees at least. */
  perUserAtLimit: number;
}

export interface SeriesView {
  id: string;
  label: string;
  axis: Series["axis"];
  runKeys: string[];
}

export interface CampaignAnalysis {
  runs: CampaignRun[];
  check: ParamCheck;
  /** CONTRACT shape: field, values, members (plus label, severity, runs, unknown, message). */
  differences: Difference[];
  shapes: ShapeReport[];
  series: SeriesView[];
  pareto: ParetoData;
  /** Members whose upload or reproduction is not stored (deleted, or not landed yet). */
  missing: { index: number; kind: CampaignMember["kind"]; id: string; why: string }[];
  /** The MLPerf family most members map to (its published results are drawn), and every family seen. */
  family: string | null;
  families: string[];
}

export function analyzeCampaign(
  members: { member: CampaignMember; source: MemberSource | null; why?: string }[],
): CampaignAnalysis {
  const runs = campaignRuns(members);
  const check = checkParams(runs);
  const series = groupSeries(runs);
  const counts = new Map<string, number>();
  for (const m of members) {
    const f = m.source?.modelFamily;
    if (f) counts.set(f, (counts.get(f) ?? 0) + 1);
  }
  // most members first; a tie goes to the family listed first
  const families = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([f]) => f);
  return {
    runs,
    check,
    differences: check.differences,
    shapes: shapeReports(runs),
    series: series.map((s) => ({ id: s.id, label: s.label, axis: s.axis, runKeys: s.runs.map((r) => r.key) })),
    pareto: paretoData(series),
    missing: members.flatMap((m, index) =>
      m.source ? [] : [{ index, kind: m.member.kind, id: m.member.id, why: m.why ?? "not stored" }],
    ),
    family: families[0] ?? null,
    families,
  };
}
export * from "./report";
