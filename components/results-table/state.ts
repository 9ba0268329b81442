// How the explorer's URL is written. Shared by the server page and its client leaves; no React, no I/O.
// The per toggle picks the sort default: per-accelerator view → per-accelerator desc, raw view → value desc.
import {
  PAGE_DEFAULTS,
  type Params,
  type ParseIssue,
  parseResultsState,
  type ResultsState,
  serializeResultsState,
} from "@/lib/url-state";

export const RESULTS_PATH = "/results";

/** Page defaults for a view: `?per=raw` makes the raw value the default sort, so it is left out of the URL. */
export function defaultsFor(per: ResultsState["per"]): ResultsState {
  return per === "raw" ? { ...PAGE_DEFAULTS, sort: "value" } : PAGE_DEFAULTS;
}

/** Canonical query for a state (no "?"), defaults left out. */
export function queryFor(state: ResultsState): string {
  return serializeResultsState(state, defaultsFor(state.per));
}

export function hrefFor(state: ResultsState, path = RESULTS_PATH): string {
  const q = queryFor(state);
  return q ? `${path}?${q}` : path;
}

/** The next state after a change; the page goes back to 1 unless the change keeps it (selection, columns). */
export function nextState(state: ResultsState, changes: Partial<ResultsState>, keepPage = false): ResultsState {
  return { ...state, ...(keepPage ? {} : { page: 1 }), ...changes };
}

/** Lenient parse for the page and the export: bad values fall back to their defaults (issues are reported). */
export function parsePageState(params: Params): { state: ResultsState; issues: ParseIssue[] } {
  const first = parseResultsState(params, PAGE_DEFAULTS);
  return first.state.per === "raw" ? parseResultsState(params, defaultsFor("raw")) : first;
}
