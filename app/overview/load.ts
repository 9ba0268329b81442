// Reads what the overview needs (the benchmark's published results in every round, its Endpoints curves, the asked
// bake-off uploads) and runs the pure rows over them (lib/overview). Server only: the page, GET /api/overview and a
// frozen overview all call this, so they show one computation.
import type { DbHandle } from "@/db/client";
import { getBakeoffUpload } from "@/db/queries/compare";
import { listCurves } from "@/db/queries/curves";
import { currentFacets } from "@/db/queries/facets";
import { resolveAuto } from "@/db/queries/first-view";
import { getAllResults } from "@/db/queries/results";
import { getDataVersion } from "@/db/queries/version";
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

async function defaultBenchmark(h: DbHandle, have: string[]): Promise<string> {
  // the explorer's first view in Server: the newest round's most-submitted benchmark (from the data), when it is an
  // LLM with token limits; else the first such benchmark held
  const auto = (await resolveAuto(h, { ...PAGE_DEFAULTS, scenario: ["Server"] })).model[0] ?? "";
  return isLevelBenchmark(auto) && have.includes(auto) ? auto : (have[0] ?? "");
}

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
  const results = benchmark
    ? await getAllResults(h, {
        ...API_DEFAULTS,
        model: [benchmark],
        division: ["closed"],
        status: "all",
        limit: 20_000,
      }).then((rs) => rs.filter((r) => r.benchmark === benchmark))
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
      level,
      pricing,
      rows.some((r) => !r.verified),
    ),
    query: overviewQuery(parsed.form),
    dataVersion: await getDataVersion(h),
  };
}
