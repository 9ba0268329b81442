// The campaign page's share of a campaign's report (issue 26): the load points its table lists (one page, plus the
// two runs the methodology diff compares when they are on another page) and the Pareto chart already laid out, not
// the 3,200 runs and 3,200 Pareto points of a 32-member campaign on one max-cap upload. Made in a worker from the
// stored report (db/work/campaign-page.ts), so the request thread parses ~0.1 MB instead of the report's 1.7 MB. Pure.
import { CAMPAIGN_PAGE_ROWS } from "@/lib/bakeoff/limits";
import { type PageWindow, pageOf } from "@/lib/paging";
import { type ParetoGeometry, paretoGeometry } from "./pareto-geometry";
import type { CampaignReport, RunSummary } from "./report";

/** What the Pareto chart draws: its marks and lines, and the runs left off it (how many, each reason once). */
export interface ParetoFigure {
  geometry: ParetoGeometry;
  excluded: { count: number; reasons: string[] };
  family: string | null;
  families: string[];
}

export function paretoFigure(
  r: Pick<CampaignReport, "series" | "pareto" | "published" | "family" | "families">,
): ParetoFigure {
  return {
    geometry: paretoGeometry(r),
    excluded: { count: r.pareto.excluded.length, reasons: [...new Set(r.pareto.excluded.map((e) => e.reason))] },
    family: r.family,
    families: r.families,
  };
}

export interface CampaignPageView {
  /** the report with `runs` cut to the page's window and its Pareto points left out (drawn in `figure`) */
  report: CampaignReport;
  window: PageWindow & { total: number };
  /** the compared runs that are not in the window (the methodology picker offers them too) */
  pair: RunSummary[];
  figure: ParetoFigure;
}

/** The page `asked` for (?page=N; out of range: the nearest page) of `report`'s load points, and its chart. */
export function campaignPageView(
  report: CampaignReport,
  asked: number | null,
  perPage: number = CAMPAIGN_PAGE_ROWS,
): CampaignPageView {
  const total = report.runs.length;
  const w = pageOf(total, perPage, asked);
  const rows = report.runs.slice(w.from, w.to);
  const chosen = [report.methodology?.a, report.methodology?.b];
  return {
    report: { ...report, runs: rows, pareto: { points: [], excluded: [] } },
    window: { ...w, total },
    pair: report.runs.filter((r) => chosen.includes(r.key) && !rows.includes(r)),
    figure: paretoFigure(report),
  };
}
