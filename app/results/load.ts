// Server-side reads for the explorer and its CSV export: the page of rows, facets and which
// filter emptied a view. Thin over db/queries/results.ts; shaping for the table happens here, once.
import { hrefFor, nextState } from "@/components/results-table/state";
import type { DbHandle } from "@/db/client";
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
import type { SortPlan, UnitMix } from "@/lib/result-order";
import { type ChartView, chartBlocker, chartSeries } from "@/lib/scale-chart";
import { API_DEFAULTS, type ResultsState } from "@/lib/url-state";

// Facets and the newest round change only when an import lands; at 100k rows they cost ~0.1 s of scanning, so they
// are kept per database handle and data version (db/queries/version.ts).
export function latestRoundOf(h: DbHandle): string | null {
  return perDataVersion(h, "explorer:latest", () => getLatestRound(h));
}

/** The state the database sees: "latest" replaced by the newest round (so queries don't look it up again). */
export function forQuery(s: ResultsState, latest: string | null): ResultsState {
  if (!latest || !s.round.includes("latest")) return s;
  return { ...s, round: [...new Set(s.round.map((r) => (r === "latest" ? latest : r)))] };
}

export function getFilterFacets(h: DbHandle): FilterFacets {
  return perDataVersion(h, "explorer:filter-facets", () => computeFacets(h));
}

function computeFacets(h: DbHandle): FilterFacets {
  const { lists: f, variants } = currentFacets(h);
  const byFamily = new Map<string, { model: string; target: string | null }[]>();
  for (const v of variants) {
    const list = byFamily.get(v.family) ?? [];
    list.push({ model: v.model, target: v.target });
    byFamily.set(v.family, list);
  }
  const { model: _benchmarks, ...lists } = f;
  return { ...lists, models: [...byFamily].map(([family, vs]) => ({ family, variants: vs })) };
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
export function explainEmpty(h: DbHandle, s: ResultsState, latestRound: string | null): EmptyCulprit[] {
  return activeFilters(s, latestRound)
    .map(({ key, text }) => {
      // through nextState: a default sort follows the relaxed view (dropping scenario=SingleStream from a raw view)
      const relaxed = nextState(s, { [key]: API_DEFAULTS[key] });
      return { text, without: countResults(h, forQuery(relaxed, latestRound)), href: hrefFor(relaxed) };
    })
    .sort((a, b) => b.without - a.without);
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
export function loadResultsView(h: DbHandle, state: ResultsState): ResultsView {
  const latestRound = latestRoundOf(h);
  const { total, rows, plan, units } = getResults(h, forQuery(state, latestRound));
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
export function loadChart(h: DbHandle, state: ResultsState): ChartView {
  const s = forQuery(state, latestRoundOf(h));
  const blocker = chartBlocker(getUnitGroups(h, s));
  if (blocker) return { blocker, data: null, units: null };
  const points = getChartPoints(h, s);
  return { blocker: null, data: chartSeries(points, state.per), units: points[0]?.units ?? null };
}
