// The campaign page's view made in a worker (issue 26): the stored report (1.7 MB for 32 members on one max-cap
// upload) read on the worker's own connection, the published points of its benchmark added, cut to the page's window
// with the Pareto chart laid out (lib/campaign/page-view.ts), and moved back as the view's JSON bytes (~0.1 MB).
// Before, the request thread decoded and parsed the whole report for every page view (~35 ms, and its garbage).
import { campaignPageView } from "@/lib/campaign/page-view";
import { reportFromStored, type StoredReport } from "@/lib/campaign/stored";
import { readReportJson } from "../campaign-store";
import { publishedParetoPoints } from "../queries/published-points";
import type { ReportBytes } from "./reads";
import { type WorkerStore, workerConn } from "./store";

/** The page asked for: a campaign, its ?a=&b= pair and its ?page=N. */
export interface PageRead {
  store: WorkerStore;
  id: string;
  pair: [string, string] | null;
  page: number | null;
}

/**
 * found false: no such campaign; bytes null: no analysis of this version stored (the caller has it analysed). The
 * view's report carries no data version (the caller adds it: the page never shows it).
 */
export async function readCampaignPage(r: PageRead): Promise<ReportBytes> {
  const c = workerConn(r.store);
  const read = await readReportJson(c, r.id, r.pair);
  if (read === undefined) return { found: false, bytes: null, family: null };
  if (read === null) return { found: true, bytes: null, family: null };
  const stored = JSON.parse(read.json) as StoredReport;
  const published = await publishedParetoPoints(c, read.family);
  const view = campaignPageView(reportFromStored(stored, published, ""), r.page);
  const b = Buffer.from(JSON.stringify(view), "utf8");
  return { found: true, bytes: new Uint8Array(b.buffer, b.byteOffset, b.byteLength), family: read.family };
}
