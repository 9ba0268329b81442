// The /embed pages (issue 29) answer plain HTML from a route handler: no React runtime and no scripts, only the
// chart's inline SVG (lib/charts/embed-html.ts). Their frame policy (any ancestor, no scripts) is next.config.mjs's
// /embed entry; every other path keeps `frame-ancestors 'none'` and X-Frame-Options DENY.
import { V1Error } from "@/app/api/v1/respond";
import { type DbHandle, getStore } from "@/db/client";
import type { ChartData } from "@/lib/charts/chart-data";
import { embedErrorHtml, embedHtml } from "@/lib/charts/embed-html";

const HTML = { "content-type": "text/html; charset=utf-8" };

export async function embed(
  req: Request,
  dataPath: string,
  load: (h: DbHandle, params: URLSearchParams) => Promise<ChartData>,
): Promise<Response> {
  const url = new URL(req.url);
  try {
    const chart = await load(await getStore(), url.searchParams);
    return new Response(embedHtml(chart, `${dataPath}${url.search}`), { headers: HTML });
  } catch (e) {
    if (e instanceof V1Error) return new Response(embedErrorHtml(e.message, "/"), { status: e.status, headers: HTML });
    throw e;
  }
}
