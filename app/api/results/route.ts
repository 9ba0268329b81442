import { getStore } from "@/db/client";
import { resolveAuto } from "@/db/queries/first-view";
import { getResults } from "@/db/queries/results";
import { jsonError } from "@/lib/http/errors";
import { benchmarkMixMessage, defaultSort, unitMixMessage } from "@/lib/result-order";
import { API_DEFAULTS, parseResultsState } from "@/lib/url-state";

export const dynamic = "force-dynamic";

/**
 * GET /api/results?round=&model=&scenario=…&per=accelerator → {total, page, pages, rows, order}; 400 on a bad value. Without
 * `sort`, the rows are ranked as the explorer ranks them: per=accelerator by the per-accelerator figure, per=raw
 * (the default) by the result, best first (ascending for a latency-only scenario filter). `order` says how the rows
 * were sorted and why, when that is not what was asked (units ranked apart, no per-accelerator figure). A page past
 * the last is empty, with the total.
 */
export async function GET(req: Request): Promise<Response> {
  const params = new URL(req.url).searchParams;
  const first = parseResultsState(params, API_DEFAULTS);
  const { state, issues } = parseResultsState(params, {
    ...API_DEFAULTS,
    ...defaultSort(first.state.per, first.state.scenario),
  });
  const bad = issues[0];
  if (bad) return jsonError(400, bad.message, bad.field);
  const h = await getStore();
  // "auto" (the explorer's data-decided model or scenario) means the same here
  const { total, rows, plan, units } = await getResults(h, await resolveAuto(h, state));
  const notes = [
    plan.note,
    units ? benchmarkMixMessage(units) : null,
    units ? unitMixMessage(units, plan.sort) : null,
  ].filter((n): n is string => n !== null);
  return Response.json({
    total,
    page: state.page,
    pages: Math.max(1, Math.ceil(total / state.limit)),
    rows,
    order: { sort: plan.sort, dir: plan.dir, notes },
  });
}
