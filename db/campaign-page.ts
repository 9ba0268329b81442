// The campaign page's view (lib/campaign/page-view.ts: one page of load points and the chart laid out), made by a
// worker from the stored report where the store has a worker connection (db/work/campaign-page.ts), so the request
// thread parses the view (~0.1 MB), not the report (1.7 MB for 32 members on one max-cap upload). Else, and for a
// campaign whose analysis is not stored yet, from the report every read serves (db/campaign-read.ts, which analyses
// such a campaign once and keeps it).
import { type CampaignPageView, campaignPageView } from "@/lib/campaign/page-view";
import { storedCampaignReport } from "./campaign-read";
import type { DbHandle } from "./client";
import { getDataVersion } from "./queries/version";
import { runJob, workersEnabled } from "./work/pool";

export async function campaignPage(
  h: DbHandle,
  id: string,
  pair: [string, string] | null,
  page: number | null,
  signal?: AbortSignal,
): Promise<CampaignPageView | null> {
  const store = workersEnabled() ? h.workerStore : null;
  if (store) {
    const read = await runJob({ kind: "campaign-page", read: { store, id, pair, page } }, { signal });
    if (!read.found) return null;
    if (read.bytes) {
      const view = JSON.parse(new TextDecoder().decode(read.bytes)) as CampaignPageView;
      return { ...view, report: { ...view.report, dataVersion: (await getDataVersion(h)).version } };
    }
  }
  const report = await storedCampaignReport(h, id, pair, signal);
  return report ? campaignPageView(report, page) : null;
}
