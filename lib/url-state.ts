// The one definition of every URL key the explorer, compare and API share. Pure.
// Parse: zod per key; a bad value falls back to its default; unknown keys are ignored.
// Serialize: defaults left out, lists sorted and de-duplicated, keys in a fixed order — one state, one URL.
import { z } from "zod";
import { COLUMN_KEYS, type ColumnKey } from "./columns";
import { RESULT_ID } from "./id-patterns";
import { benchmarkFor, canonicalFamily } from "./mlperf/benchmarks";
import { normalizeScenario } from "./mlperf/normalize";
import { SCENARIOS } from "./types";

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

export const LIST_KEYS = [
  "round",
  "model",
  "scenario",
  "division",
  "availability",
  "submitter",
  "accelerator",
  "precision",
  "engine",
  "suite",
] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/** One string list per filter in LIST_KEYS (the filters, and the facets that feed them). */
export type ListFilters = Record<ListKey, string[]>;

export interface ResultsState extends ListFilters {
  minAccelerators: number | null;
  maxAccelerators: number | null;
  nodes: "any" | "single" | "multi";
  q: string;
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
  round: [],
  model: [],
  scenario: [],
  division: [],
  availability: [],
  submitter: [],
  accelerator: [],
  precision: [],
  engine: [],
  suite: [],
  minAccelerators: null,
  maxAccelerators: null,
  nodes: "any",
  q: "",
  sort: "perAccelerator",
  dir: "desc",
  page: 1,
  limit: 50,
  per: "raw",
  hide: [],
  show: [],
  ids: [],
};

/**
 * A model or scenario the data decides: the first view's benchmark is the newest round's most-submitted LLM
 * benchmark, in its most-submitted scenario, worked out from the database when a page is served (see
 * app/results/first-view.ts). Never sent to a query: the page replaces it first.
 */
export const AUTO = "auto";

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

export const MAX_LIMIT = 500;
export const MAX_IDS = 6;
/**
 * A filter value: any printable text (published names hold brackets, commas, quotes and markup, and are only ever
 * bound as SQL parameters and rendered as text), no control characters. Rounds are stricter: "v6.0", "latest".
 */
const listItem = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^\P{Cc}+$/u);
const roundItem = z.string().regex(/^(all|latest|v?\d{1,2}\.\d{1,2})$/i);
/** "V6.1", "6.1" → "v6.1"; "Latest" → "latest". */
const roundCanon = (r: string) => (/^v?\d/i.test(r) ? `v${r.replace(/^v/i, "")}` : r.toLowerCase());
const idItem = z.string().regex(RESULT_ID);
const scenarioItem = z.enum(["all", AUTO, ...SCENARIOS]);

/**
 * A list value as the URL should write it, or the value unchanged: a scenario in any case or spacing ("offline",
 * "single_stream"), a benchmark by any name a round publishes ("VLM") or in another case, a family in another case,
 * a round without its "v", a lower-case column (division, availability, suite) in another case.
 */
function canonicalItem(key: ListKey, v: string): string {
  const lower = v.toLowerCase();
  if (lower === "all" || lower === AUTO) return lower;
  switch (key) {
    case "scenario":
      return normalizeScenario(v) ?? v;
    case "round":
      return roundCanon(v);
    case "model":
      return benchmarkFor(v)?.id ?? canonicalFamily(v) ?? v;
    case "division":
    case "availability":
    case "suite":
      return lower;
    default:
      return v;
  }
}
const count = z.coerce.number().int().min(0).max(1_000_000);

/**
 * A comma-separated list, where a value's own commas and backslashes are escaped as `\,` and `\\` (see
 * joinList): `"a\, b,c"` → `["a, b", "c"]`. An accelerator name such as "MI300X 192GB HBM3, MI325X 256GB HBM3e"
 * is one value.
 */
export function splitList(raw: string): string[] {
  const out: string[] = [];
  let cur = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === "\\" && i + 1 < raw.length) cur += raw[++i];
    else if (c === ",") {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

/** The list for a URL: values joined by commas, each value's own commas and backslashes escaped (see splitList). */
export function joinList(items: readonly string[]): string {
  return items.map((s) => s.replace(/[\\,]/g, (c) => `\\${c}`)).join(",");
}

function canonList(items: string[]): string[] {
  return [...new Set(items)].sort((a, b) => a.localeCompare(b));
}

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
  for (const key of LIST_KEYS) {
    const raw = get(params, key);
    if (raw === undefined) continue;
    const given = splitList(raw);
    const items = given.map((v) => canonicalItem(key, v));
    if (items.some((v, i) => v !== given[i])) rewritten.push(key);
    const schema =
      key === "scenario" ? z.array(scenarioItem) : key === "round" ? z.array(roundItem) : z.array(listItem);
    const r = schema.max(50).safeParse(items);
    if (!r.success) {
      issues.push({ field: key, message: `bad value for ${key}: "${raw.slice(0, 80)}"` });
      continue;
    }
    state[key] = r.data.includes("all") ? [] : canonList(r.data);
  }
  const num = (key: "minAccelerators" | "maxAccelerators") => {
    const raw = get(params, key);
    if (raw === undefined || raw === "") return;
    const r = count.safeParse(raw);
    if (r.success) state[key] = r.data;
    else issues.push({ field: key, message: `${key} must be a whole number ≥ 0` });
  };
  num("minAccelerators");
  num("maxAccelerators");
  const en = <K extends keyof ResultsState>(key: K, schema: z.ZodType<ResultsState[K]>) => {
    const raw = get(params, key);
    if (raw === undefined || raw === "") return;
    const r = schema.safeParse(raw);
    if (r.success) state[key] = r.data;
    else issues.push({ field: key, message: `bad value for ${key}: "${raw.slice(0, 80)}"` });
  };
  en("nodes", z.enum(["any", "single", "multi"]));
  en("sort", z.enum(SORT_KEYS));
  en("dir", z.enum(["asc", "desc"]));
  en("per", z.enum(["raw", "accelerator"]));
  en("page", z.coerce.number().int().min(1).max(100_000));
  en("limit", z.coerce.number().int().min(1).max(MAX_LIMIT));
  const q = get(params, "q");
  if (q !== undefined) {
    if (q.length <= 200) state.q = q.trim();
    else issues.push({ field: "q", message: "q is longer than 200 characters" });
  }
  for (const key of ["hide", "show"] as const) {
    const raw = get(params, key);
    if (raw === undefined) continue;
    const r = z.array(z.enum(COLUMN_KEYS)).safeParse(splitList(raw));
    if (r.success) state[key] = canonList(r.data) as ColumnKey[];
    else issues.push({ field: key, message: `unknown column in ${key}: "${raw.slice(0, 80)}"` });
  }
  const ids = get(params, "ids");
  if (ids !== undefined) {
    const r = z.array(idItem).max(MAX_IDS).safeParse(splitList(ids));
    if (r.success) state.ids = canonList(r.data);
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

const ORDER: (keyof ResultsState)[] = [
  ...LIST_KEYS,
  "minAccelerators",
  "maxAccelerators",
  "nodes",
  "q",
  "per",
  "sort",
  "dir",
  "hide",
  "show",
  "page",
  "limit",
  "ids",
];

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
