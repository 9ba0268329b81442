// Test-only: how the cross-feature suite (app/api/cross-feature.test.ts) asks each feature — route handlers called
// as Next calls them, and the builders the pages render from. Returns what each states, untouched.
import Papa from "papaparse";
import { renderToStaticMarkup } from "react-dom/server";
import { SystemDetails } from "@/components/result/system-details";
import type { CampaignReport } from "@/lib/campaign/report";
import type { BakeoffRun, PublishedResult } from "@/lib/types";
import * as exportCsv from "../results/export/route";
import * as bakeoff from "./bakeoff/[id]/route";
import * as campaigns from "./campaigns/[id]/route";
import * as compare from "./compare/route";
import * as results from "./results/route";

export const rowIds = new Map<string, PublishedResult>();
export type Json = Record<string, unknown>;
export const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
export const json = async (r: Response | Promise<Response>) => (await (await r).json()) as Json;
export const get = (path: string) => new Request(`http://x${path}`);

export async function row(platform: string, model: string, scenario: string): Promise<PublishedResult> {
  const key = `${platform}|${model}|${scenario}`;
  const hit = rowIds.get(key);
  if (hit) return hit;
  const q = `round=v6.0&model=${model}&scenario=${scenario}&limit=500`;
  const body = await json(results.GET(get(`/api/results?${q}`)));
  const r = (body.rows as PublishedResult[]).find((x) => x.platform === platform && !x.hasPower);
  if (!r) throw new Error(`no ${platform} ${model} ${scenario}`);
  rowIds.set(key, r);
  return r;
}

export async function csvEngine(r: PublishedResult): Promise<string | null> {
  const res = await exportCsv.GET(
    get(`/results/export?round=v6.0&model=llama2-70b-99&scenario=${r.scenario}&limit=500`),
  );
  const parsed = Papa.parse<Record<string, string>>(await res.text(), { header: true, skipEmptyLines: true });
  const line = parsed.data.find((x) => x.id === r.id);
  if (!line) throw new Error(`${r.id} not in the CSV`);
  return line.servingEngine === "" ? null : (line.servingEngine ?? "absent");
}

export function pageEngine(r: PublishedResult): string | null {
  const html = renderToStaticMarkup(SystemDetails({ result: r }));
  const m = /Serving engine: <\/span>([^<(]+?) <span/.exec(html);
  const said = m?.[1]?.trim() ?? "absent";
  return said === "not named by the source" ? null : said;
}

export async function compareData(q: string) {
  return (await json(compare.GET(get(`/api/compare?${q}`)))) as Json & {
    results: PublishedResult[];
    flags: { code: string; severity: string; message: string; ids: string[] }[];
    perAccelerator: Record<string, unknown>;
  };
}

export const runsOf = async (id: string) =>
  ((await json(bakeoff.GET(get(`/api/bakeoff/${id}`), ctx(id)))).runs ?? []) as BakeoffRun[];
export const campaign = async (id: string) =>
  (await json(campaigns.GET(get(`/api/campaigns/${id}`), ctx(id)))) as unknown as CampaignReport;
export const planOf = async (route: { GET: (req: Request) => Promise<Response> }, q: string) =>
  (await json(route.GET(get(`/api/plan?${q}`)))) as Json & {
    bases: { kind: string; id: string; usable: boolean; reason: string | null; benchmark: string }[];
    flags: { code: string; severity: string }[];
  };
