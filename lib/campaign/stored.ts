// A campaign's analysis computed once, when the campaign is written, and stored (issue 26 "compute once, read many"):
// the report for the default methodology pair, and each run as the methodology diff reads it, without the per-request
// samples and without the member's other runs. A read fills in what belongs to the moment of reading (the published
// Pareto points and the data version) and, for another ?a=&b= pair, diffs the two stored runs. Pure.
import type { CampaignAnalysis, PublishedParetoPoint } from "./index";
import { methodologyDiff } from "./methodology";
import { buildReport, type CampaignReport, type ReportInput } from "./report";
import type { CampaignRun } from "./runs";

/** Bumped when what is stored changes shape or meaning: a stored analysis of another version is computed again. */
// 2: an INVALID run is left off the Pareto front with its failed checks (issue 25)
export const ANALYSIS_VERSION = 2;

export type StoredReport = Omit<CampaignReport, "published" | "dataVersion">;

export interface StoredAnalysis {
  version: number;
  report: StoredReport;
  /** Every run, compact (see compactRun), for the methodology diff of any pair. */
  runs: CampaignRun[];
}

/** A run as the methodology diff and the report read it: no per-request samples, its source without its runs. */
export function compactRun(r: CampaignRun): CampaignRun {
  return {
    ...r,
    run: r.run.perRequest ? { ...r.run, perRequest: null } : r.run,
    source: { ...r.source, runs: [], facts: null },
  };
}

/** The stored form of an analysis: its default report (published points and data version left to the read). */
export function storedAnalysis(input: Omit<ReportInput, "published" | "dataVersion">): StoredAnalysis {
  const { published: _p, dataVersion: _d, ...report } = buildReport({ ...input, published: [], dataVersion: "" });
  return { version: ANALYSIS_VERSION, report, runs: input.analysis.runs.map(compactRun) };
}

/**
 * The stored text: `{"version","report"}`, a newline, then the runs (JSON never holds a raw newline), so a read of
 * the default report parses the report alone; the runs (the larger part) only when another pair is asked for.
 */
export function storedAnalysisText(a: StoredAnalysis): string {
  return `${JSON.stringify({ version: a.version, report: a.report })}\n${JSON.stringify(a.runs)}`;
}

/** The version a stored analysis text says it was made by, or null when it says none (unreadable). */
export function storedVersion(text: string | null): number | null {
  if (!text) return null;
  const nl = text.indexOf("\n");
  try {
    const head = JSON.parse(nl < 0 ? text : text.slice(0, nl)) as { version?: unknown } | null;
    return typeof head?.version === "number" ? head.version : null;
  } catch {
    return null;
  }
}

/**
 * Which of two builds is stale when the worker bundle (.worker/jobs.mjs, built by `npm run build:worker` or by the
 * pool from the sources) analyses campaigns by another ANALYSIS_VERSION than the server build reading them back (the
 * Next build, .next): versions only go up, so the lower one was built from older sources. Null when they agree.
 */
export function staleBuild(workerVersion: number | null, serverVersion: number = ANALYSIS_VERSION): string | null {
  if (workerVersion === serverVersion) return null;
  if (workerVersion !== null && workerVersion > serverVersion)
    return `the Next build (.next) is stale: it reads campaign analyses of version ${serverVersion}, the worker bundle (.worker/jobs.mjs, built from newer sources) writes version ${workerVersion}; rebuild with \`npm run build\`. Until then campaigns are analysed on the request thread by this build's code.`;
  return `the worker bundle (.worker/jobs.mjs) is stale: it writes campaign analyses of version ${workerVersion ?? "unknown"}, this server build reads version ${serverVersion}; rebuild with \`npm run build:worker\`. Until then campaigns are analysed on the request thread by this build's code.`;
}

/** A stored analysis of this version, or null (none stored, unreadable, or made by another version). */
export function readStoredAnalysis(text: string | null): StoredAnalysis | null {
  if (!text) return null;
  const nl = text.indexOf("\n");
  if (nl < 0) return null;
  try {
    const head = JSON.parse(text.slice(0, nl)) as Partial<StoredAnalysis>;
    if (!head || head.version !== ANALYSIS_VERSION || !head.report) return null;
    let runs: CampaignRun[] | null = null;
    return {
      version: head.version,
      report: head.report,
      // parsed when first read
      get runs() {
        runs ??= JSON.parse(text.slice(nl + 1)) as CampaignRun[];
        return runs;
      },
    };
  } catch {
    return null;
  }
}

/** The report a read serves: the stored one, with this moment's published points and data version, and `pair`. */
export function reportFromStored(
  stored: StoredAnalysis,
  published: PublishedParetoPoint[],
  dataVersion: string,
  pair: [string, string] | null,
): CampaignReport {
  const report: CampaignReport = { ...stored.report, published, dataVersion };
  const m = stored.report.methodology;
  if (!pair || (m && m.a === pair[0] && m.b === pair[1])) return report;
  const a = stored.runs.find((r) => r.key === pair[0]);
  const b = stored.runs.find((r) => r.key === pair[1]);
  return { ...report, methodology: a && b ? { a: a.key, b: b.key, rows: methodologyDiff(a, b) } : null };
}

/** The family whose published points the report draws (the analysis' own choice, stored with it). */
export function storedFamily(stored: StoredAnalysis): CampaignAnalysis["family"] {
  return stored.report.family;
}
