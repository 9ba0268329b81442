// Server-side reads for the explorer and its CSV export: the page of rows, facets and which
// filter emptied a view. Thin over db/queries/results.ts; shaping for the table happens here, once.
import { hrefFor, nextState } from "@/components/results-table/state";
import type { DbHandle } from "@/db/client";
import { hasAuto, resolveAuto } from "@/db/queries/first-view";
import {
  countResults,
  currentFacets,
  getChartPoints,
  getLatestRound,
  getResults,
  getUnitGroups,
} from "@/db/queries/results";
import { perDataVersion } from "@/db/queries/version";
import { type TableRow, toTableRow } from "@/lib/columns";
import { type FilterFacets, type FilterKey, activeFilters as namedFilters } from "@/lib/filters";
import { benchmarkFor, benchmarksOfFamily } from "@/lib/judge";
import type { SortPlan, UnitMix } from "@/lib/result-order";
import { type ChartView, chartBlocker, chartSeries } from "@/lib/scale-chart";
import { SCENARIOS } from "@/lib/types";
import { API_DEFAULTS, type ResultsState } from "@/lib/url-state";

// Facets and the newest round change only when an import lands; at 100k rows they cost ~0.1 s of scanning, so they
// are kept per database handle and data version (db/queries/version.ts).
export function latestRoundOf(h: DbHandle): Promise<string | null> {
  return perDataVersion(h, "explorer:latest", () => getLatestRound(h));
}

/** The state the database sees: "latest" replaced by the newest round (so queries don't look it up again). */
export function forQuery(s: ResultsState, latest: string | null): ResultsState {
  if (!latest || !s.round.includes("latest")) return s;
  return { ...s, round: [...new Set(s.round.map((r) => (r === "latest" ? latest : r)))] };
}

export function getFilterFacets(h: DbHandle): Promise<FilterFacets> {
  return perDataVersion(h, "explorer:filter-facets", () => computeFacets(h));
}

async function computeFacets(h: DbHandle): Promise<FilterFacets> {
  const { lists: f, variants } = await currentFacets(h);
  const byFamily = new Map<string, { model: string; target: string | null }[]>();
  for (const v of variants) {
    const list = byFamily.get(v.family) ?? [];
    list.push({ model: v.model, target: v.target });
    byFamily.set(v.family, list);
  }
  const { model: _benchmarks, ...lists } = f;
  return { ...lists, models: [...byFamily].map(([family, vs]) => ({ family, variants: vs })) };
}

/**
 * The page's state with the model and scenario the data decides (url-state AUTO) filled in; its sort follows the
 * filled-in view when it was left at the default (a SingleStream benchmark ranks lowest latency first).
 */
export async function resolvePageState(h: DbHandle, s: ResultsState): Promise<ResultsState> {
  if (!hasAuto(s)) return s;
  const r = await resolveAuto(h, s);
  return nextState(
    s,
    { model: r.model, scenario: r.scenario, suite: r.suite, availability: r.availability, division: r.division },
    true,
  );
}

export interface NearestView {
  text: string;
  count: number;
  href: string;
}

/**
 * For an empty view, the nearest views that have rows: the benchmark's other accuracy target (llama2-70b-99 →
 * llama2-70b-99.9), its other scenarios, the same view over every round. Best first, at most four.
 */
export async function nearestViews(h: DbHandle, s: ResultsState, latestRound: string | null): Promise<NearestView[]> {
  const tries: { text: string; state: ResultsState }[] = [];
  for (const m of s.model) {
    const b = benchmarkFor(m);
    if (!b) continue;
    for (const other of benchmarksOfFamily(b.family))
      if (other.id !== b.id && !s.model.includes(other.id))
        tries.push({
          text: `${other.id} instead of ${b.id}`,
          state: nextState(s, { model: s.model.map((x) => (x === m ? other.id : x)) }),
        });
  }
  if (s.model.length > 0)
    for (const sc of SCENARIOS)
      if (s.scenario.length > 0 && !s.scenario.includes(sc))
        tries.push({ text: `${s.model.join(", ")} ${sc}`, state: nextState(s, { scenario: [sc] }) });
  if (s.round.length > 0) tries.push({ text: "the same view in every round", state: nextState(s, { round: [] }) });
  const counted: NearestView[] = [];
  for (const t of tries)
    counted.push({
      text: t.text,
      count: await countResults(h, forQuery(t.state, latestRound)),
      href: hrefFor(t.state),
    });
  return counted
    .filter((t) => t.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, 4);
}

/** The filters a view narrows by, as `key=value` text for people (lib/filters.ts). */
export function activeFilters(s: ResultsState, latestRound: string | null): { key: FilterKey; text: string }[] {
  return namedFilters(s, { latestRound });
}

export interface EmptyCulprit {
  text: string;
  /** How many results the view has without this one filter. */
  without: number;
  href: string;
}

/** For an empty view: each active filter, and how many results dropping only that filter would give. */
export async function explainEmpty(h: DbHandle, s: ResultsState, latestRound: string | null): Promise<EmptyCulprit[]> {
  const out: EmptyCulprit[] = [];
  for (const { key, text } of activeFilters(s, latestRound)) {
    // through nextState: a default sort follows the relaxed view (dropping scenario=SingleStream from a raw view)
    const relaxed = nextState(s, { [key]: API_DEFAULTS[key] });
    out.push({ text, without: await countResults(h, forQuery(relaxed, latestRound)), href: hrefFor(relaxed) });
  }
  return out.sort((a, b) => b.without - a.without);
}

export interface ResultsView {
  state: ResultsState;
  total: number;
  rows: TableRow[];
  latestRound: string | null;
  /** How the rows are ordered (the asked-for sort, or what replaced it and why). */
  plan: SortPlan;
  /** What the ranked rows are measured in; null unless the view is sorted by a figure. */
  units: UnitMix | null;
}

/** One page of the view. A page past the last is empty (the page says so and links back); it is never replaced. */
export async function loadResultsView(h: DbHandle, asked: ResultsState): Promise<ResultsView> {
  const state = await resolvePageState(h, asked);
  const latestRound = await latestRoundOf(h);
  const { total, rows, plan, units } = await getResults(h, forQuery(state, latestRound));
  return {
    state,
    total,
    rows: rows.map((r) => toTableRow(r, r.servingEngine ?? null)),
    latestRound,
    plan,
    units,
  };
}

/** The explorer chart for a view: every row of it (up to 2,000), or why it cannot be drawn honestly. */
export async function loadChart(h: DbHandle, state: ResultsState): Promise<ChartView> {
  const s = forQuery(state, await latestRoundOf(h));
  const blocker = chartBlocker(await getUnitGroups(h, s));
  if (blocker) return { blocker, data: null, units: null };
  const points = await getChartPoints(h, s);
  return { blocker: null, data: chartSeries(points, state.per), units: points[0]?.units ?? null };
}
