import { getDb } from "@/db/client";
import { getResults } from "@/db/queries/results";
import { jsonError } from "@/lib/http/errors";
import { API_DEFAULTS, parseResultsState } from "@/lib/url-state";

export const dynamic = "force-dynamic";

/** GET /api/results?round=&model=&scenario=…&per=accelerator → {total, rows}; 400 on a bad value. */
export function GET(req: Request): Response {
  const params = new URL(req.url).searchParams;
  const { state, issues } = parseResultsState(params, API_DEFAULTS);
  const first = issues[0];
  if (first) return jsonError(400, first.message, first.field);
  const { total, rows } = getResults(getDb(), state);
  const out = state.per === "accelerator" ? rows : rows.map((r) => ({ ...r, perAccelerator: r.perAccelerator }));
  return Response.json({ total, rows: out });
}
