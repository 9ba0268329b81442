// The campaign as the API returns it and as the report (live or frozen) shows it: one plain JSON object, built once
// from the analysis. The CSV and the frozen snapshot are made from this object, so all three say the same. Pure.
import { loadText } from "@/lib/bakeoff/slo";
import { toCsvLine } from "@/lib/csv-export";
import type { CampaignAnalysis, PublishedParetoPoint } from "./index";
import { type MethodRow, methodologyDiff } from "./methodology";
import type { Difference, ParamCheck } from "./params";
import { CACHES, type CampaignMember, CONDITIONS, SHAPES } from "./roles";
import type { ShapeReport } from "./shapes";
import { perUserSpeed } from "./sweeps";

export const UNVERIFIED_NOTE =
  "Unverified: every figure here comes from uploaded benchmark files, not from MLCommons-reviewed results.";

export interface RunSummary {
  key: string;
  memberIndex: number;
  label: string;
  tool: string;
  toolVersion: string | null;
  model: string | null;
  load: string;
  series: string | null;
  reqPerS: number | null;
  outTokPerS: number | null;
  ttftP99Ms: number | null;
  tpotP99Ms: number | null;
  accelerators: number | null;
  perUser: number | null;
}

export interface MemberSummary {
  index: number;
  kind: CampaignMember["kind"];
  id: string;
  label: string | null;
  shape: CampaignMember["shape"];
  cache: CampaignMember["cache"];
  condition: CampaignMember["condition"];
  isl: number | null;
  osl: number | null;
  declared: CampaignMember["declared"];
  points: number;
  missing: string | null;
}

export interface CampaignReport {
  kind: "campaign";
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  members: MemberSummary[];
  differences: Difference[];
  frozen: ParamCheck["frozen"];
  unstated: string[];
  shapes: ShapeReport[];
  series: CampaignAnalysis["series"];
  pareto: CampaignAnalysis["pareto"];
  published: PublishedParetoPoint[];
  family: string | null;
  families: string[];
  runs: RunSummary[];
  methodology: { a: string; b: string; rows: MethodRow[] } | null;
  unverified: string;
  dataVersion: string;
}

export interface ReportInput {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  members: CampaignMember[];
  analysis: CampaignAnalysis;
  published: PublishedParetoPoint[];
  dataVersion: string;
}

/** The default pair for the methodology diff: the first two runs from different members, else the first two runs. */
export function defaultPair(analysis: CampaignAnalysis): [string, string] | null {
  const [first, ...rest] = analysis.runs;
  if (!first) return null;
  const other = rest.find((r) => r.memberIndex !== first.memberIndex) ?? rest[0];
  return other ? [first.key, other.key] : null;
}

export function buildReport(input: ReportInput, pair: [string, string] | null = null): CampaignReport {
  const { analysis } = input;
  const seriesOf = new Map<string, string>();
  for (const s of analysis.series) for (const k of s.runKeys) seriesOf.set(k, s.id);
  const chosen = pair ?? defaultPair(analysis);
  const a = chosen ? analysis.runs.find((r) => r.key === chosen[0]) : undefined;
  const b = chosen ? analysis.runs.find((r) => r.key === chosen[1]) : undefined;
  return {
    kind: "campaign",
    id: input.id,
    name: input.name,
    createdAt: input.createdAt,
    updatedAt: input.updatedAt,
    members: input.members.map((m, index) => {
      const runs = analysis.runs.filter((r) => r.memberIndex === index);
      const missing = analysis.missing.find((x) => x.index === index);
      return {
        index,
        kind: m.kind,
        id: m.id,
        label: runs[0]?.source.label ?? null,
        shape: m.shape,
        cache: m.cache,
        condition: m.condition,
        isl: m.isl ?? null,
        osl: m.osl ?? null,
        declared: m.declared ?? {},
        points: runs.length,
        missing: missing ? missing.why : null,
      };
    }),
    differences: analysis.check.differences,
    frozen: analysis.check.frozen,
    unstated: analysis.check.unstated,
    shapes: analysis.shapes,
    series: analysis.series,
    pareto: analysis.pareto,
    published: input.published,
    family: analysis.family,
    families: analysis.families,
    runs: analysis.runs.map((r) => ({
      key: r.key,
      memberIndex: r.memberIndex,
      label: r.label,
      tool: r.run.tool,
      toolVersion: r.run.toolVersion,
      model: r.run.model,
      load: loadText(r.run),
      series: seriesOf.get(r.key) ?? null,
      reqPerS: r.run.reqPerS,
      outTokPerS: r.run.outTokPerS,
      ttftP99Ms: r.run.ttftMs?.p99 ?? null,
      tpotP99Ms: r.run.tpotMs?.p99 ?? null,
      accelerators: r.accelerators,
      perUser: perUserSpeed(r.run)?.value ?? null,
    })),
    methodology: a && b ? { a: a.key, b: b.key, rows: methodologyDiff(a, b) } : null,
    unverified: UNVERIFIED_NOTE,
    dataVersion: input.dataVersion,
  };
}

export function roleText(m: Pick<MemberSummary, "shape" | "cache" | "condition">): string {
  return `${SHAPES[m.shape].short} · ${CACHES[m.cache].label.toLowerCase()} · ${CONDITIONS[m.condition].label.toLowerCase()}`;
}

/** One CSV row per member outcome per shape (the figures the verdicts rest on), every row marked unverified. */
export function reportCsv(r: CampaignReport): string {
  const header = [
    "campaign",
    "shape",
    "slo",
    "member",
    "cache",
    "condition",
    "load_point",
    "meets_slo",
    "good_req_per_s",
    "good_req_per_s_per_accelerator",
    "good_output_tok_per_s",
    "error_rate",
    "method",
    "why_this_point",
    "verdict",
    "verified",
  ];
  const rows: (string | number | null)[][] = [];
  for (const s of r.shapes) {
    for (const o of s.outcomes) {
      rows.push([
        r.name,
        s.shape,
        s.slo.source,
        o.label,
        o.role.cache,
        o.role.condition,
        o.pointLoad,
        o.meetsSlo === null ? "unknown" : o.meetsSlo ? "yes" : "no",
        o.goodReqPerS,
        o.perAccelerator,
        o.goodOutTokPerS,
        o.errorRate,
        o.method,
        o.why,
        s.verdict,
        "unverified",
      ]);
    }
  }
  return `${[header, ...rows].map(toCsvLine).join("\r\n")}\r\n\r\n${toCsvLine([UNVERIFIED_NOTE])}\r\n`;
}

/** A stored frozen campaign read back: the shape is checked at its top level (the writer is this module). */
export function parseStoredReport(text: string): { ok: true; report: CampaignReport } | { ok: false; message: string } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, message: "the stored campaign is not valid JSON" };
  }
  const o = v as Partial<CampaignReport> | null;
  if (
    o?.kind !== "campaign" ||
    typeof o.name !== "string" ||
    !Array.isArray(o.shapes) ||
    !Array.isArray(o.differences) ||
    !Array.isArray(o.members) ||
    !Array.isArray(o.runs) ||
    !o.pareto ||
    !Array.isArray(o.series)
  )
    return { ok: false, message: "the stored campaign does not match the report shape" };
  return { ok: true, report: o as CampaignReport };
}
