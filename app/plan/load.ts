// Reads what a plan needs from the database (the bases, each published result's same-system siblings, bake-off
// uploads) and runs the pure planner over it. Server only.
import type { DbHandle } from "@/db/client";
import { getBakeoffUpload } from "@/db/queries/compare";
import { getCurvesByIds } from "@/db/queries/curves";
import { resolveAuto } from "@/db/queries/first-view";
import { getResults, getResultsByIds, getSiblings } from "@/db/queries/results";
import { getDataVersion } from "@/db/queries/version";
import { type Flag, footnotes } from "@/lib/context";
import {
  type BasisSource,
  type Params,
  PLAN_FOOTNOTE,
  type PlanCalcInputs,
  type PlanIssue,
  type PlanOutcome,
  PRESETS,
  parsePlanParams,
  planCapacity,
  planFlags,
  plannedRuns,
  type SensitivityRow,
  sensitivity,
  sharedAssumptions,
} from "@/lib/plan";
import type { PlanSnapshotInput } from "@/lib/snapshot";
import type { PublishedResult } from "@/lib/types";
import { API_DEFAULTS, PAGE_DEFAULTS } from "@/lib/url-state";

export interface Suggestion {
  id: string;
  label: string;
}

export interface PlanPageData {
  parsed: ReturnType<typeof parsePlanParams>;
  issues: PlanIssue[];
  calc: PlanCalcInputs;
  plans: PlanOutcome[];
  rows: SensitivityRow[];
  shared: string[];
  flags: Flag[];
  footnotes: string[];
  suggestions: Suggestion[];
  /** The benchmark the basis search starts on: the newest round's most-submitted LLM benchmark (from the data). */
  searchModel: string;
  /** The newest import when the plan was computed: a frozen plan records it for the "newer data" banner. */
  dataVersion: { version: string; at: string };
}

function suggestionLabel(r: PublishedResult): string {
  return `${r.round} ${r.submitter} ${r.system} · ${r.model} ${r.scenario}`;
}

/** A few latency-bound results to start from when no basis is chosen. */
async function suggestions(h: DbHandle): Promise<Suggestion[]> {
  // the explorer's first view in Server, a latency-bound scenario (any suite, raw values), its three fastest per
  // accelerator; the benchmark comes from the data (db/queries/first-view.ts)
  const { rows } = await getResults(
    h,
    await resolveAuto(h, {
      ...PAGE_DEFAULTS,
      scenario: ["Server"],
      suite: API_DEFAULTS.suite,
      per: API_DEFAULTS.per,
      sort: "perAccelerator",
      limit: 3,
    }),
  );
  return rows.map((r) => ({ id: r.id, label: suggestionLabel(r) }));
}

export async function loadPlan(h: DbHandle, params: Params): Promise<PlanPageData> {
  const parsed = parsePlanParams(params);
  const { inputs } = parsed;
  const issues = [...parsed.issues];
  const results = await getResultsByIds(h, inputs.basis);
  for (const id of inputs.basis)
    if (!results.some((r) => r.id === id))
      issues.push({ field: "basis", message: `Result ${id} is not in this database; it is left out.` });
  const uploads: Awaited<ReturnType<typeof getBakeoffUpload>>[] = [];
  for (const id of inputs.bakeoff) uploads.push(await getBakeoffUpload(h, id));
  inputs.bakeoff.forEach((id, i) => {
    if (!uploads[i]) issues.push({ field: "bakeoff", message: `Bake-off upload ${id} is not in this database.` });
  });
  const ups = uploads.filter((u): u is NonNullable<typeof u> => u !== null);
  const curves = await getCurvesByIds(h, inputs.curve);
  for (const id of inputs.curve)
    if (!curves.some((c) => c.id === id))
      issues.push({ field: "curve", message: `MLPerf Endpoints curve ${id} is not in this database.` });
  const sources: BasisSource[] = [];
  for (const r of results) sources.push({ kind: "published", result: r, siblings: await getSiblings(h, r) });
  sources.push(...ups.map((u) => ({ kind: "bakeoff" as const, upload: u })));
  sources.push(...curves.map((curve) => ({ kind: "curve" as const, curve })));
  const calc: PlanCalcInputs = {
    workload: inputs.workload,
    slo: inputs.slo,
    fleet: inputs.fleet,
    derate: inputs.derate,
    power: inputs.power,
  };
  const plans = sources.map((s) => planCapacity(s, calc));
  // flags and footnotes name the load point each bake-off is planned from, not every point of a sweep
  const bIn = plannedRuns(plans);
  const dv = await getDataVersion(h);
  return {
    parsed,
    issues,
    calc,
    plans,
    rows: sources.length > 0 ? sensitivity(sources, calc, plans) : [],
    shared: sharedAssumptions(calc),
    flags: planFlags(results, plans),
    footnotes:
      sources.length > 0 ? [PLAN_FOOTNOTE, ...footnotes(results, bIn, { retrievedAt: dv.at, derived: true })] : [],
    suggestions: sources.length === 0 ? await suggestions(h) : [],
    searchModel: (await resolveAuto(h, { ...PAGE_DEFAULTS, scenario: ["Server"] })).model[0] ?? "",
    dataVersion: dv,
  };
}

/** What a frozen plan stores: everything the page renders from `data`, computed from the canonical `query`. */
export function planSnapshotPayload(data: PlanPageData, query: string): PlanSnapshotInput {
  const preset = PRESETS[data.parsed.inputs.preset];
  return {
    kind: "plan",
    query,
    dataVersion: data.dataVersion.version,
    retrievedAt: data.dataVersion.at,
    inputs: data.parsed.inputs,
    preset: { name: preset.name, sources: [...preset.sources] },
    issues: data.issues,
    plans: data.plans,
    sensitivity: data.rows,
    assumptions: data.shared,
    flags: data.flags,
    footnotes: data.footnotes,
  };
}
