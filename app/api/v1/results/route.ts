import { resolveAuto } from "@/db/queries/first-view";
import { getResults } from "@/db/queries/results";
import { v1Result } from "@/lib/api-v1/shape";
import { benchmarkMixMessage, defaultSort, unitMixMessage } from "@/lib/result-order";
import { API_DEFAULTS, parseResultsState } from "@/lib/url-state";
import { V1Error, v1 } from "../respond";

export const dynamic = "force-dynamic";

/** GET /api/v1/results: the explorer's rows, as GET /api/results reads them, with `limit` and `next` for paging. */
export const { GET, OPTIONS } = v1("listResults", async ({ h, req }) => {
  const params = new URL(req.url).searchParams;
  const first = parseResultsState(params, API_DEFAULTS);
  const { state, issues } = parseResultsState(params, {
    ...API_DEFAULTS,
    ...defaultSort(first.state.per, first.state.scenario),
  });
  const bad = issues[0];
  if (bad) throw new V1Error(400, bad.message, bad.field);
  const { total, rows, plan, units } = await getResults(h, await resolveAuto(h, state));
  const pages = Math.max(1, Math.ceil(total / state.limit));
  let next: string | null = null;
  if (state.page < pages) {
    const u = new URL(req.url);
    u.searchParams.set("page", String(state.page + 1));
    next = `${u.pathname}${u.search}`;
  }
  const notes = [plan.note, units ? benchmarkMixMessage(units) : null, units ? unitMixMessage(units, plan.sort) : null];
  return {
    json: {
      total,
      page: state.page,
      pages,
      limit: state.limit,
      next,
      rows: rows.map(v1Result),
      order: { sort: plan.sort, dir: plan.dir, notes: notes.filter((n): n is string => n !== null) },
    },
  };
});
