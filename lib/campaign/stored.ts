// A campaign's analysis computed once, when the campaign is written, and stored (issue 26 "compute once, read many"):
// the report for the default methodology pair, and each run as the methodology diff reads it, without the per-request
// samples and without the member's other runs. A read fills in what belongs to the moment of reading (the published
// Pareto points and the data version) and, for another ?a=&b= pair, diffs the two stored runs. Pure.
import type { PublishedParetoPoint } from "./index";
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
 * What a campaign's analysis is stored as (issue 26): `analysis` is `{"version","report"}` (the campaigns row), `runs`
 * the compact runs apart (campaign_runs: 6 MB for 32 members on a max-cap upload, read only for another pair's
 * methodology diff), `reportBytes` the UTF-8 bytes of the report with no methodology: the least any freeze of it
 * stores before its published points and data version, so a freeze over the snapshot cap is refused unread.
 */
export interface StoredColumns {
  version: number;
  analysis: string;
  runs: string;
  reportBytes: number;
}

export function storedColumns(a: StoredAnalysis): StoredColumns {
  const report = JSON.stringify(a.report);
  const methodology = JSON.stringify(a.report.methodology);
  return {
    version: a.version,
    analysis: `{"version":${a.version},"report":${report}}`,
    runs: JSON.stringify(a.runs),
    // the report's text with its methodology written as `null` (4 bytes)
    reportBytes: Buffer.byteLength(report) - Buffer.byteLength(methodology) + 4,
  };
}

const HEAD = /^\{"version":(\d+),"report":/;

/** The version a stored `analysis` text says it was made by, or null when it says none (unreadable). */
export function storedVersion(text: string | null): number | null {
  const m = text ? HEAD.exec(text.slice(0, 40)) : null;
  return m ? Number(m[1]) : null;
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

/**
 * The stored report's own JSON text, sliced out of a stored `analysis` of this version without parsing it (null: none
 * stored, or made by another version).
 */
export function storedReportJson(analysis: string | null): string | null {
  const m = analysis ? HEAD.exec(analysis.slice(0, 40)) : null;
  if (!analysis || !m || Number(m[1]) !== ANALYSIS_VERSION || !analysis.endsWith("}")) return null;
  return analysis.slice(m[0].length, -1);
}

/** True when the stored report answers `pair` as it is: no pair asked, or the pair it was stored with. */
export function servesPair(report: Pick<StoredReport, "methodology">, pair: [string, string] | null): boolean {
  const m = report.methodology;
  return !pair || (m !== null && m.a === pair[0] && m.b === pair[1]);
}

/** The stored report with the methodology diff of `pair` (null when either run is not in the campaign). */
export function reportForPair(
  report: StoredReport,
  pair: [string, string],
  runs: readonly CampaignRun[],
): StoredReport {
  const a = runs.find((r) => r.key === pair[0]);
  const b = runs.find((r) => r.key === pair[1]);
  return { ...report, methodology: a && b ? { a: a.key, b: b.key, rows: methodologyDiff(a, b) } : null };
}

/**
 * The JSON of the report a read serves from the stored report's JSON (`{…}`): `published` and `dataVersion` of the
 * moment appended as JSON.stringify({...report, published, dataVersion}) writes them, without parsing the report.
 */
export function servedTail(published: PublishedParetoPoint[], dataVersion: string): string {
  return `,"published":${JSON.stringify(published)},"dataVersion":${JSON.stringify(dataVersion)}}`;
}

/** The least bytes a freeze of a stored report holds: reportBytes and the tail a read appends. */
export function leastFrozenBytes(reportBytes: number, published: PublishedParetoPoint[], dataVersion: string): number {
  return reportBytes + Buffer.byteLength(servedTail(published, dataVersion)) - 1;
}

/** The report a read serves: the stored one, with this moment's published points and data version. */
export function reportFromStored(
  report: StoredReport,
  published: PublishedParetoPoint[],
  dataVersion: string,
): CampaignReport {
  return { ...report, published, dataVersion };
}
