// Resolves the model and scenario a view leaves to the data (url-state AUTO) against the database. A view whose
// other default filters (datacenter, closed, available) leave nothing in its rounds is widened, one default at a
// time, until it has rows: a round with only open or edge results still lands on rows.
import { sql } from "drizzle-orm";
import { type BenchmarkCount, pickFirstView } from "@/lib/first-view";
import { API_DEFAULTS, AUTO, PAGE_DEFAULTS, type ResultsState } from "@/lib/url-state";
import type { DbHandle } from "../client";
import { buildWhere } from "./results";
import { perDataVersion } from "./version";

async function counts(h: DbHandle, s: ResultsState): Promise<BenchmarkCount[]> {
  const { results } = h.t;
  return h.db
    .select({
      benchmark: results.benchmark,
      family: results.modelFamily,
      scenario: results.scenario,
      count: sql<number>`count(*)`,
    })
    .from(results)
    .where(await buildWhere(h, s))
    .groupBy(results.benchmark, results.modelFamily, results.scenario);
}

/** The defaults a view may drop, in order, when they leave its rounds without results. */
const WIDEN = ["suite", "availability", "division"] as const;

/** True when the state leaves its model or scenario to the data. */
export function hasAuto(s: ResultsState): boolean {
  return s.model.includes(AUTO) || s.scenario.includes(AUTO);
}

/**
 * The state with AUTO replaced by what the data says (see lib/first-view.ts), widened if its default filters find
 * nothing. A state without AUTO comes back as it is. Kept per data version (a handful of views are asked often).
 */
export async function resolveAuto(h: DbHandle, s: ResultsState): Promise<ResultsState> {
  if (!hasAuto(s)) return s;
  const cache = await perDataVersion(h, "first-view", () => new Map<string, ResultsState>());
  const key = JSON.stringify(s);
  const hit = cache.get(key);
  if (hit) return hit;
  const base = (x: ResultsState): ResultsState => ({
    ...x,
    model: x.model.includes(AUTO) ? [] : x.model,
    scenario: x.scenario.includes(AUTO) ? [] : x.scenario,
  });
  let state = s;
  let groups = await counts(h, base(state));
  for (const k of WIDEN) {
    if (groups.some((g) => g.count > 0)) break;
    if (JSON.stringify(state[k]) !== JSON.stringify(PAGE_DEFAULTS[k])) continue;
    state = { ...state, [k]: [] };
    groups = await counts(h, base(state));
  }
  if (!groups.some((g) => g.count > 0)) {
    // other filters (a search, a submitter) leave nothing: the round's own headline, and the page says which
    // filter emptied the view
    state = s;
    groups = await counts(h, { ...API_DEFAULTS, round: s.round });
  }
  const picked = pickFirstView(groups, state.model, state.scenario);
  const out = { ...state, ...picked };
  if (cache.size > 256) cache.clear();
  cache.set(key, out);
  return out;
}
