// A campaign's report by id (and an optional methodology pair), shared by the API, the pages and the freeze route; and
// the pages' one lookup of a campaign by the id in their URL (findCampaign).
import { type CampaignRow, getCampaignRow, storedCampaignReport } from "@/db/campaigns";
import { type DbHandle, getStore } from "@/db/client";
import type { CampaignReport } from "@/lib/campaign/report";
import { CAMPAIGN_ID_RE } from "@/lib/campaign/schema";

const RUN_KEY = /^\d{1,3}\.\d{1,5}$/;

/** "1.1" and "2.3" from ?a=&b=, when both are run keys; else null (the report picks its default pair). */
export function pairFrom(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): [string, string] | null {
  const get = (k: string) => {
    const v = params instanceof URLSearchParams ? params.get(k) : params[k];
    return typeof v === "string" ? v : Array.isArray(v) ? (v[0] ?? null) : null;
  };
  const a = get("a");
  const b = get("b");
  return a && b && RUN_KEY.test(a) && RUN_KEY.test(b) ? [a, b] : null;
}

export async function campaignReport(
  h: DbHandle,
  id: string,
  pair: [string, string] | null = null,
  signal?: AbortSignal,
): Promise<CampaignReport | null> {
  // the analysis stored when the campaign was written (db/campaigns.ts): no query string makes a read recompute it
  return storedCampaignReport(h, id, pair, signal);
}

/** The campaign a page's URL names, or null for a malformed or unknown id (the page then answers 404). */
export async function findCampaign(id: string, h?: DbHandle): Promise<CampaignRow | null> {
  return CAMPAIGN_ID_RE.test(id) ? getCampaignRow(h ?? (await getStore()), id) : null;
}
