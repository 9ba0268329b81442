// A page's query narrowed to the keys a chart route takes, for the links under a chart (components/charts/
// chart-links.tsx): the explorer's view keys (hide, show, page, limit, ids) are not the chart's. Kept apart from
// ./routes.ts so a client component does not carry the route schemas. routes.test.ts checks the two lists agree. Pure.
import { FILTER_KEYS } from "../filters";

/** The keys GET /api/v1/charts/results and /embed/results read (besides `format`). */
export const RESULTS_CHART_KEYS: readonly string[] = [...FILTER_KEYS, "per", "sort", "dir"];

/** "?a=1&b=2" with only `keys`, or "" when none is left. */
export function narrowQuery(query: string, keys: readonly string[]): string {
  const kept = [...new URLSearchParams(query)].filter(([k]) => keys.includes(k));
  return kept.length ? `?${new URLSearchParams(kept).toString()}` : "";
}
