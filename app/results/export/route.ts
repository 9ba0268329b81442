// GET /results/export?<the explorer's query> → CSV of every row of that view (not only the page), with citation
// footnotes. Same lenient parse as the page, so the file always matches what the page showed for that URL.

import { parsePageState } from "@/components/results-table/state";
import { getDb } from "@/db/client";
import { getAllResults, getResults } from "@/db/queries/results";
import { getDataVersion } from "@/db/queries/version";
import { exportFilename, resultsToCsv } from "@/lib/csv-export";
import { forQuery, getEngines, latestRoundOf, resolvePageState } from "../load";

export const dynamic = "force-dynamic";

const CAP = 20_000;

export function GET(req: Request): Response {
  const h = getDb();
  const latest = latestRoundOf(h);
  const state = forQuery(resolvePageState(h, parsePageState(new URL(req.url).searchParams).state), latest);
  const rows = getAllResults(h, state, CAP);
  const total = rows.length < CAP ? rows.length : getResults(h, { ...state, limit: 1, page: 1 }).total;
  const engines = getEngines(
    h,
    rows.map((r) => r.id),
  );
  const retrievedAt = getDataVersion(h).at;
  const csv = resultsToCsv(
    rows.map((r) => ({ ...r, servingEngine: engines.get(r.id) ?? null })),
    { retrievedAt, total },
  );
  const name = exportFilename(
    [state.round.join("+"), state.model.join("+"), state.scenario.join("+")].filter((p) => p.length <= 40),
    new Date().toISOString().slice(0, 10),
  );
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
