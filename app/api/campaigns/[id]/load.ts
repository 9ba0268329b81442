// A campaign's report by id (and an optional methodology pair), shared by the API, the pages and the freeze route.
import { loadCampaign } from "@/db/campaigns";
import type { DbHandle } from "@/db/client";
import { buildReport, type CampaignReport } from "@/lib/campaign/report";

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
): Promise<CampaignReport | null> {
  const view = await loadCampaign(h, id);
  return view ? buildReport(view, pair) : null;
}
