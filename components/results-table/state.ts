// How the explorer's URL is written. Shared by the server page and its client leaves; no React, no I/O.
// The sort default follows the view (lib/result-order.ts defaultSort): per-accelerator view → per-accelerator desc,
// raw view → value best first (ascending for a latency-only scenario filter).
import { defaultSort } from "@/lib/result-order";
import {
  type ListKey,
  PAGE_DEFAULTS,
  type Params,
  type ParseIssue,
  parseResultsState,
  type ResultsState,
  serializeResultsState,
} from "@/lib/url-state";

export const RESULTS_PATH = "/results";

/** Page defaults for a view: its default sort (by `per` and the scenario filter) is left out of the URL. */
export function defaultsFor(state: Pick<ResultsState, "per" | "scenario">): ResultsState {
  return { ...PAGE_DEFAULTS, ...defaultSort(state.per, state.scenario) };
}

/** Canonical query for a state (no "?"), defaults left out. */
export function queryFor(state: ResultsState): string {
  return serializeResultsState(state, defaultsFor(state));
}

export function hrefFor(state: ResultsState, path = RESULTS_PATH): string {
  const q = queryFor(state);
  return q ? `${path}?${q}` : path;
}

/**
 * The next state after a change; the page goes back to 1 unless the change keeps it (selection, columns). A sort left
 * at the view's default moves to the new view's default (raw Server → raw SingleStream: best first stays best first).
 */
export function nextState(state: ResultsState, changes: Partial<ResultsState>, keepPage = false): ResultsState {
  const next = { ...state, ...(keepPage ? {} : { page: 1 }), ...changes };
  const before = defaultSort(state.per, state.scenario);
  const atDefault = state.sort === before.sort && state.dir === before.dir;
  if (atDefault && changes.sort === undefined && changes.dir === undefined)
    return { ...next, ...defaultSort(next.per, next.scenario) };
  return next;
}

/** Lenient parse for the page and the export: bad values fall back to their defaults (issues are reported). */
export function parsePageState(params: Params): {
  state: ResultsState;
  issues: ParseIssue[];
  rewritten: ListKey[];
} {
  const first = parseResultsState(params, PAGE_DEFAULTS);
  const d = defaultSort(first.state.per, first.state.scenario);
  return d.sort === PAGE_DEFAULTS.sort && d.dir === PAGE_DEFAULTS.dir
    ? first
    : parseResultsState(params, defaultsFor(first.state));
}
