// GET /results/export?<the explorer's query> → CSV of every row of that view (not only the page): one row per result,
// every field in lib/columns.ts, the citation in a `citation` column, nothing after the last row. `&format=json` gives
// the same rows as a JSON array. Same lenient parse as the page, so the file always matches what the page showed.
// A view over the cap is cut at the cap; the response headers say so (the file itself stays loadable as is).

import { parsePageState } from "@/components/results-table/state";
import { getStore } from "@/db/client";
import { getAllResults, getResults } from "@/db/queries/results";
import { getDataVersion } from "@/db/queries/version";
import { exportFilename, resultsToCsv, resultsToJson } from "@/lib/csv-export";
import { forQuery, latestRoundOf, resolvePageState } from "../load";

export const dynamic = "force-dynamic";

const CAP = 20_000;

export async function GET(req: Request): Promise<Response> {
  const h = await getStore();
  const latest = await latestRoundOf(h);
  const params = new URL(req.url).searchParams;
  const json = params.get("format") === "json";
  const state = forQuery(await resolvePageState(h, parsePageState(params).state), latest);
  const rows = await getAllResults(h, state, CAP);
  const total = rows.length < CAP ? rows.length : (await getResults(h, { ...state, limit: 1, page: 1 })).total;
  const ctx = { retrievedAt: (await getDataVersion(h)).at };
  const full = rows.map((r) => ({ ...r, servingEngine: r.servingEngine ?? null }));
  const name = exportFilename(
    [state.round.join("+"), state.model.join("+"), state.scenario.join("+")].filter((p) => p.length <= 40),
    new Date().toISOString().slice(0, 10),
    json ? "json" : "csv",
  );
  const headers = {
    "content-disposition": `attachment; filename="${name}"`,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "x-total-count": String(total),
    "x-row-count": String(rows.length),
    ...(total > rows.length ? { warning: `199 - "This file holds the first ${rows.length} of ${total} results"` } : {}),
  };
  if (json)
    return new Response(JSON.stringify(resultsToJson(full, ctx)), {
      headers: { ...headers, "content-type": "application/json; charset=utf-8" },
    });
  return new Response(resultsToCsv(full, ctx), { headers: { ...headers, "content-type": "text/csv; charset=utf-8" } });
}
