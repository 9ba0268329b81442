// Reads what the overview needs (the benchmark's published results in every round, its Endpoints curves, the asked
// bake-off uploads) and runs the pure rows over them (lib/overview). Server only: the page, GET /api/overview and a
// frozen overview all call this, so they show one computation.
import type { OverviewReportData } from "@/components/overview/overview-report";
import type { DbHandle } from "@/db/client";
import { getBakeoffUpload } from "@/db/queries/compare";
import { listCurves } from "@/db/queries/curves";
import { currentFacets } from "@/db/queries/facets";
import { resolveAuto } from "@/db/queries/first-view";
import { getAllResults } from "@/db/queries/results";
import { getDataVersion, perDataVersion } from "@/db/queries/version";
import {
  isLevelBenchmark,
  type OverviewInputs,
  type OverviewIssue,
  type OverviewRow,
  overviewNotes,
  overviewQuery,
  overviewRows,
  type Params,
  parseOverviewParams,
} from "@/lib/overview";
import { PRESETS } from "@/lib/plan/presets";
import type { OverviewSnapshotData } from "@/lib/snapshot";
import { API_DEFAULTS, PAGE_DEFAULTS } from "@/lib/url-state";

export interface OverviewData {
  form: ReturnType<typeof parseOverviewParams>["form"];
  inputs: OverviewInputs;
  /** The benchmark shown (the asked one, or the data's default). */
  benchmark: string;
  /** LLM benchmarks with token limits that the database holds, for the picker. */
  benchmarks: string[];
  issues: OverviewIssue[];
  rows: OverviewRow[];
  notes: string[];
  /** The canonical query (no "?"), what a frozen overview stores. */
  query: string;
  dataVersion: { version: string; at: string };
}

/**
 * The benchmark shown when none is asked: llama2-70b-99 when held — the default traffic shape (the planner's chat
 * preset, p99 TTFT 450 ms / TPOT 40 ms) IS its Interactive limits, so the first screen answers at a level published
 * results were measured at; else the explorer's first-view benchmark in Server (from the data) when it is an LLM with
 * token limits; else the first such benchmark held.
 */
async function defaultBenchmark(h: DbHandle, have: string[]): Promise<string> {
  if (have.includes(DEFAULT_BENCHMARK)) return DEFAULT_BENCHMARK;
  const auto = (await resolveAuto(h, { ...PAGE_DEFAULTS, scenario: ["Server"] })).model[0] ?? "";
  return isLevelBenchmark(auto) && have.includes(auto) ? auto : (have[0] ?? "");
}

const DEFAULT_BENCHMARK = "llama2-70b-99";

export async function loadOverview(h: DbHandle, params: Params): Promise<OverviewData> {
  const parsed = parseOverviewParams(params);
  const issues = [...parsed.issues];
  const benchmarks = (await currentFacets(h)).lists.model.filter(isLevelBenchmark);
  let benchmark = parsed.inputs.benchmark;
  if (benchmark && !benchmarks.includes(benchmark)) {
    issues.push({ field: "benchmark", message: `This database holds no ${benchmark} result; the default is shown.` });
    benchmark = "";
  }
  if (!benchmark) benchmark = await defaultBenchmark(h, benchmarks);
  // the benchmark's closed-division results in every round, read once per import (db/queries/version.ts)
  const results = benchmark
    ? await perDataVersion(h, `overview:results:${benchmark}`, async () =>
        (
          await getAllResults(h, {
            ...API_DEFAULTS,
            model: [benchmark],
            division: ["closed"],
            status: "all",
            limit: 20_000,
          })
        ).filter((r) => r.benchmark === benchmark),
      )
    : [];
  const curves = benchmark
    ? (
        await listCurves(h, {
          model: [benchmark],
          division: [],
          availability: [],
          submitter: [],
          accelerator: [],
          q: "",
          limit: 500,
        })
      ).curves
    : [];
  const uploads: NonNullable<Awaited<ReturnType<typeof getBakeoffUpload>>>[] = [];
  for (const id of parsed.inputs.bakeoff) {
    const u = await getBakeoffUpload(h, id);
    if (u) uploads.push(u);
    else issues.push({ field: "bakeoff", message: `Bake-off upload ${id} is not in this database.` });
  }
  const { level, pricing } = parsed.inputs;
  const rows = overviewRows({ benchmark, level, pricing, results, curves, uploads });
  return {
    form: parsed.form,
    inputs: parsed.inputs,
    benchmark,
    benchmarks,
    issues,
    rows,
    notes: overviewNotes(
      benchmark,
      level,
      pricing,
      rows.some((r) => !r.verified),
    ),
    query: overviewQuery(parsed.form),
    dataVersion: await getDataVersion(h),
  };
}

/** What the report renders, from one load: the page, the OG card and a frozen overview all take it from here. */
export function overviewReportData(d: OverviewData): OverviewReportData {
  return {
    benchmark: d.benchmark,
    presetName: presetName(d.inputs),
    level: d.inputs.level,
    pricing: d.inputs.pricing,
    rows: d.rows,
    notes: d.notes,
  };
}

/** What a frozen overview stores: everything the report renders, computed from the canonical query. */
export function overviewSnapshotPayload(d: OverviewData): OverviewSnapshotData {
  return {
    kind: "overview",
    query: d.query,
    dataVersion: d.dataVersion.version,
    dataVersionAt: d.dataVersion.at,
    ...overviewReportData(d),
    issues: d.issues,
  };
}

/** The traffic shape's name when the level is the shape's own, else "custom level" (a frozen view must not name a
 * shape whose figures it does not use). */
export function presetName(i: OverviewInputs): string {
  const p = PRESETS[i.preset];
  const same =
    i.level.ttftMs === p.ttftMs &&
    (p.tpotMs === null ? i.level.tpsPerUser === null : Math.abs((i.level.tpsPerUser ?? -1) - 1000 / p.tpotMs) < 1e-9);
  return same ? p.name : "custom level";
}
