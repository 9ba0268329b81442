// The one definition of every URL key the explorer, compare and API share. Pure.
// Parse: a check per key (lib/url-checks.ts: this module reaches the browser, zod does not); a bad value falls back
// to its default; unknown keys are ignored.
// Serialize: defaults left out, lists sorted and de-duplicated, keys in a fixed order — one state, one URL.
import { COLUMN_KEYS, type ColumnKey } from "./columns";
import {
  AUTO,
  canonList,
  FILTER_KEYS,
  FILTERS,
  type FilterKey,
  type FilterValues,
  joinList,
  LIST_KEYS,
  type ListKey,
  NO_FILTERS,
  splitList,
} from "./filters";
import { RESULT_ID } from "./id-patterns";
import { listOf, matching, oneOf, wholeIn } from "./url-checks";

export const SORT_KEYS = [
  "perAccelerator",
  "value",
  "round",
  "submitter",
  "system",
  "accelerator",
  "totalAccelerators",
  "nodes",
  "model",
  "scenario",
  "precision",
  "division",
  "availability",
  "engine",
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

// the table columns come from the one column registry (lib/columns.ts)
export { COLUMN_KEYS, type ColumnKey } from "./columns";

export { joinList, LIST_KEYS, type ListFilters, type ListKey, splitList } from "./filters";

/** The explorer's view: every filter of lib/filters.ts, then how the rows are shown. */
export interface ResultsState extends FilterValues {
  sort: SortKey;
  dir: "asc" | "desc";
  page: number;
  limit: number;
  per: "raw" | "accelerator";
  /** Columns shown by default that the URL hides. */
  hide: ColumnKey[];
  /** Columns hidden by default (lib/columns.ts `table: "optional"`) that the URL shows. */
  show: ColumnKey[];
  ids: string[];
}

/** The empty filter: everything. The API uses it. `["all"]` in a list also means no filter. */
export const API_DEFAULTS: ResultsState = {
  ...NO_FILTERS,
  sort: "perAccelerator",
  dir: "desc",
  page: 1,
  limit: 50,
  per: "raw",
  hide: [],
  show: [],
  ids: [],
};

/** A model or scenario the data decides (see lib/filters.ts AUTO). */
export { AUTO } from "./filters";

/**
 * The explorer's first view: the newest round ("latest"), datacenter, closed, available, the benchmark and scenario
 * the data decides (AUTO), per accelerator, fastest first — "who is fastest on this, in which context".
 */
export const PAGE_DEFAULTS: ResultsState = {
  ...API_DEFAULTS,
  round: ["latest"],
  model: [AUTO],
  scenario: [AUTO],
  division: ["closed"],
  availability: ["available"],
  suite: ["datacenter"],
  per: "accelerator",
};

/**
 * The list filters the explorer's first view narrows (those PAGE_DEFAULTS sets): a search that must see every round,
 * benchmark and scenario sets each to "all" (the 404 page's search).
 */
export const FIRST_VIEW_KEYS: readonly ListKey[] = LIST_KEYS.filter((k) => PAGE_DEFAULTS[k].length > 0);

export const MAX_LIMIT = 500;
export const MAX_IDS = 6;
const idItem = matching(RESULT_ID);

export type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function get(params: Params, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const v = params[key];
  return Array.isArray(v) ? v[0] : v;
}

export interface ParseIssue {
  field: string;
  message: string;
}

/**
 * Parse URL params into a full state. Lenient (pages): a bad value falls back to its default and is reported in
 * `issues`; the API turns issues into a 400.
 */
export function parseResultsState(
  params: Params,
  defaults: ResultsState = PAGE_DEFAULTS,
): { state: ResultsState; issues: ParseIssue[]; rewritten: ListKey[] } {
  const state: ResultsState = { ...defaults };
  const issues: ParseIssue[] = [];
  const rewritten: ListKey[] = [];
  for (const f of FILTERS) {
    const raw = get(params, f.key);
    if (raw === undefined || (raw === "" && f.skipEmpty)) continue;
    const r = f.parse(raw);
    if (r.ok) {
      (state as unknown as Record<FilterKey, unknown>)[f.key] = r.value;
      if ("rewritten" in r && r.rewritten) rewritten.push(f.key as ListKey);
    } else issues.push({ field: f.key, message: r.message });
  }
  const en = <K extends keyof ResultsState>(key: K, check: (raw: string) => ResultsState[K] | undefined) => {
    const raw = get(params, key);
    if (raw === undefined || raw === "") return;
    const v = check(raw);
    if (v !== undefined) state[key] = v;
    else issues.push({ field: key, message: `bad value for ${key}: "${raw.slice(0, 80)}"` });
  };
  en("sort", (v) => oneOf(SORT_KEYS, v));
  en("dir", (v) => oneOf(["asc", "desc"] as const, v));
  en("per", (v) => oneOf(["raw", "accelerator"] as const, v));
  en("page", (v) => wholeIn(v, 1, 100_000));
  en("limit", (v) => wholeIn(v, 1, MAX_LIMIT));
  for (const key of ["hide", "show"] as const) {
    const raw = get(params, key);
    if (raw === undefined) continue;
    const r = listOf(splitList(raw), Number.POSITIVE_INFINITY, (v) => oneOf(COLUMN_KEYS, v));
    if (r) state[key] = canonList(r) as ColumnKey[];
    else issues.push({ field: key, message: `unknown column in ${key}: "${raw.slice(0, 80)}"` });
  }
  const ids = get(params, "ids");
  if (ids !== undefined) {
    const r = listOf(splitList(ids), MAX_IDS, idItem);
    if (r) state.ids = canonList(r);
    else issues.push({ field: "ids", message: `ids must be up to ${MAX_IDS} result ids` });
  }
  if (
    state.minAccelerators !== null &&
    state.maxAccelerators !== null &&
    state.minAccelerators > state.maxAccelerators
  ) {
    issues.push({ field: "maxAccelerators", message: "maxAccelerators is below minAccelerators" });
    state.maxAccelerators = defaults.maxAccelerators;
  }
  return { state, issues, rewritten: rewritten.filter((k) => !issues.some((i) => i.field === k)) };
}

const ORDER: (keyof ResultsState)[] = [...FILTER_KEYS, "per", "sort", "dir", "hide", "show", "page", "limit", "ids"];

function eq(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Canonical query string (no leading "?"), defaults left out. An emptied default list is written as "all". */
export function serializeResultsState(state: ResultsState, defaults: ResultsState = PAGE_DEFAULTS): string {
  const out = new URLSearchParams();
  for (const key of ORDER) {
    const v = state[key];
    const d = defaults[key];
    if (Array.isArray(v)) {
      const c = canonList(v as string[]);
      if (eq(c, d)) continue;
      out.set(key, c.length === 0 ? "all" : joinList(c));
    } else {
      if (eq(v, d) || v === null || v === "") continue;
      out.set(key, String(v));
    }
  }
  return out.toString().replace(/%2C/g, ",");
}

/** Convenience: change some keys and get the canonical URL query; page resets unless given. */
export function withChanges(
  state: ResultsState,
  changes: Partial<ResultsState>,
  defaults: ResultsState = PAGE_DEFAULTS,
): string {
  const next = { ...state, page: 1, ...changes };
  return serializeResultsState(next, defaults);
}
