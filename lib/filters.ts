// The explorer's filters, one entry each: URL key and parser, label, the value "Clear all" sets, how the context
// banner shows it and how an empty view names it. Everything else is derived from this list: lib/url-state.ts's keys
// and parse, the API's parse (the same), app/results/load.ts activeFilters, the filters panel's facets type and
// its "Clear all", context-banner's describeView. The SQL condition and the facet column of each filter are in
// db/queries/filter-sql.ts, a record over these keys (the compiler refuses a filter without them). Pure.
//
// Adding a filter: one entry here (and its field in FilterValues), its condition in db/queries/filter-sql.ts, tests.
import { benchmarkFor, canonicalFamily } from "./judge/identity";
import { normalizeScenario } from "./mlperf/normalize";
import { SCENARIOS } from "./types";
import { listOf, matching, oneOf, textItem, wholeIn } from "./url-checks";

/**
 * A model or scenario the data decides: the first view's benchmark is the newest round's most-submitted LLM
 * benchmark, in its most-submitted scenario, worked out from the database when a page is served (see
 * db/queries/first-view.ts). Never sent to a query: the page replaces it first.
 */
export const AUTO = "auto";

/** The values every filter holds, by URL key. */
export interface FilterValues {
  round: string[];
  model: string[];
  scenario: string[];
  division: string[];
  availability: string[];
  submitter: string[];
  accelerator: string[];
  precision: string[];
  engine: string[];
  suite: string[];
  minAccelerators: number | null;
  maxAccelerators: number | null;
  nodes: "any" | "single" | "multi";
  q: string;
  /**
   * Which results by lifecycle (lib/lifecycle/status.ts): `current` (still in their source: published or
   * invalidated), `no-longer-published` (left their source; kept, labelled), or `all`.
   */
  status: "current" | "no-longer-published" | "all";
}
export type FilterKey = keyof FilterValues;

/** What a filter's words may depend on beyond its own value. */
export interface FilterContext {
  /** The newest round in the database ("latest" is shown as it). */
  latestRound: string | null;
}

interface Entry<K extends FilterKey> {
  key: K;
  /** For people: the panel's legend. */
  label: string;
  /** Names for stored values where they are not words ("rdi" → "RDI (research)"). */
  valueLabels?: Readonly<Record<string, string>>;
  /** No filter: what the API starts from and what "Clear all" sets. */
  none: FilterValues[K];
  /** An empty value in the URL (`?nodes=`) leaves the filter as it was instead of being parsed. */
  skipEmpty: boolean;
  /**
   * The URL text → a value, or a message naming what is wrong. `rewritten`: the text spelled a value another way
   * than the URL writes it (`scenario=offline`, `model=VLM`, `round=6.1`), so pages redirect to the canonical URL.
   */
  parse(raw: string): { ok: true; value: FilterValues[K]; rewritten?: boolean } | { ok: false; message: string };
  /** How an empty view names this filter when it is set (`round=v6.0`, `accelerators ≥ 8`), or null when it is not. */
  named(value: FilterValues[K], ctx: FilterContext): string | null;
  /**
   * The context banner's words for this filter in the whole state (some filters read as one phrase together:
   * "llama2-70b-99 Server", "8–16 accelerators"), or null to say nothing.
   */
  banner(s: FilterValues, ctx: FilterContext): string | null;
}

export type FilterDef = { [K in FilterKey]: Entry<K> }[FilterKey];

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

export function canonList(items: string[]): string[] {
  return [...new Set(items)].sort((a, b) => a.localeCompare(b));
}

/**
 * A filter value: any printable text (published names hold brackets, commas, quotes and markup, and are only ever
 * bound as SQL parameters and rendered as text), no control characters. Rounds are stricter: "v6.0", "latest".
 */
const listItem = textItem;
const roundItem = matching(/^(all|latest|v?\d{1,2}\.\d{1,2})$/i);
const scenarioItem = (v: string) => oneOf(["all", AUTO, ...SCENARIOS], v);

/**
 * List values as the URL writes them (each filter's `canon`, after "all" and AUTO in any case): a scenario in any
 * case or spacing ("offline", "single_stream"), a benchmark by any name a round publishes ("VLM") or in another
 * case, a family in another case, a round without its "v", a lower-case column (division, availability, suite) in
 * another case ("V6.1", "6.1" → "v6.1"). A value it does not know stays as given.
 */
const roundCanon = (r: string) => (/^v?\d/i.test(r) ? `v${r.replace(/^v/i, "")}` : r.toLowerCase());
const scenarioCanon = (v: string) => normalizeScenario(v) ?? v;
const modelCanon = (v: string) => benchmarkFor(v)?.id ?? canonicalFamily(v) ?? v;
const lowerCanon = (v: string) => v.toLowerCase();

/** "a, b, c" for up to three values, else "N things"; `all` when none. */
function part(values: string[], all: string, many: string): string {
  if (values.length === 0) return all;
  if (values.length <= 3) return values.join(", ");
  return `${values.length} ${many}`;
}

const shownRounds = (values: string[], ctx: FilterContext, none: string) =>
  values.map((r) => (r === "latest" ? (ctx.latestRound ?? none) : r));

/**
 * A list filter: values from a comma list (at most 50, "all" anywhere means none), stored sorted and de-duplicated.
 * In the banner either always ("all rounds" when empty) or only when set.
 */
function list<
  K extends
    | "round"
    | "model"
    | "scenario"
    | "division"
    | "availability"
    | "submitter"
    | "accelerator"
    | "precision"
    | "engine"
    | "suite",
>(
  key: K,
  label: string,
  opts: {
    item?: (v: string) => string | undefined;
    /** A value as the URL writes it (see roundCanon and the others), or the value unchanged. */
    canon?: (v: string) => string;
    valueLabels?: Record<string, string>;
    /** The banner: `all` when empty (always shown) or null (shown only when set); `many` counts more than three. */
    banner: { all: string | null; many: string } | ((s: FilterValues, ctx: FilterContext) => string | null);
  },
): Entry<K> {
  const item = opts.item ?? listItem;
  const banner = opts.banner;
  return {
    key,
    label,
    valueLabels: opts.valueLabels,
    none: [] as string[] as FilterValues[K],
    skipEmpty: false,
    parse(raw) {
      const given = splitList(raw);
      const canon = opts.canon ?? ((v: string) => v);
      const items = given.map((v) => {
        const lower = v.toLowerCase();
        return lower === "all" || lower === AUTO ? lower : canon(v);
      });
      const r = listOf(items, 50, item);
      if (!r) return { ok: false, message: `bad value for ${key}: "${raw.slice(0, 80)}"` };
      return {
        ok: true,
        value: (r.includes("all") ? [] : canonList(r)) as FilterValues[K],
        rewritten: items.some((v, i) => v !== given[i]),
      };
    },
    named(value, ctx) {
      const v = key === "round" ? shownRounds(value as string[], ctx, "latest") : (value as string[]);
      return v.length ? `${key}=${v.join(",")}` : null;
    },
    banner:
      typeof banner === "function"
        ? banner
        : (s) => {
            const v = s[key] as string[];
            if (banner.all === null && v.length === 0) return null;
            return part(v, banner.all ?? "", banner.many);
          },
  };
}

function whole(key: "minAccelerators" | "maxAccelerators", label: string, sign: string): Entry<typeof key> {
  return {
    key,
    label,
    none: null,
    skipEmpty: true,
    parse(raw) {
      const n = wholeIn(raw, 0, 1_000_000);
      return n !== undefined ? { ok: true, value: n } : { ok: false, message: `${key} must be a whole number ≥ 0` };
    },
    named: (v) => (v === null ? null : `accelerators ${sign} ${v}`),
    // the two read as one range, written once (by the minimum's entry)
    banner: (s) =>
      key === "maxAccelerators" || (s.minAccelerators === null && s.maxAccelerators === null)
        ? null
        : `${s.minAccelerators ?? 0}–${s.maxAccelerators ?? "∞"} accelerators`,
  };
}

function choice<K extends "nodes" | "status">(
  key: K,
  label: string,
  values: readonly FilterValues[K][],
  words: Record<FilterValues[K], string | null>,
): Entry<K> {
  return {
    key,
    label,
    none: values[0] as FilterValues[K],
    skipEmpty: true,
    parse(raw) {
      const v = oneOf(values as readonly string[], raw);
      return v !== undefined
        ? { ok: true, value: v as FilterValues[K] }
        : { ok: false, message: `bad value for ${key}: "${raw.slice(0, 80)}"` };
    },
    named: (v) => (v === values[0] ? null : `${key}=${v}`),
    banner: (s) => words[s[key]],
  };
}

/** Every filter, in the order the URL writes them (and the empty view lists them). */
export const FILTERS = [
  list("round", "Round", {
    item: roundItem,
    canon: roundCanon,
    banner: (s, ctx) => part(shownRounds(s.round, ctx, "newest round"), "all rounds", "rounds"),
  }),
  list("model", "Model and accuracy target", {
    canon: modelCanon,
    // the banner reads benchmark and scenario as one phrase: "llama2-70b-99 Server"
    banner: (s) => `${part(s.model, "all models", "models")} ${part(s.scenario, "all scenarios", "scenarios")}`,
  }),
  list("scenario", "Scenario", { item: scenarioItem, canon: scenarioCanon, banner: () => null }),
  list("division", "Division", {
    canon: lowerCanon,
    valueLabels: { closed: "Closed", open: "Open", network: "Network" },
    banner: { all: "all divisions", many: "divisions" },
  }),
  list("availability", "Availability", {
    canon: lowerCanon,
    valueLabels: { available: "Available", preview: "Preview", rdi: "RDI (research)" },
    banner: { all: "any availability", many: "availabilities" },
  }),
  list("submitter", "Submitter", { banner: { all: null, many: "submitters" } }),
  list("accelerator", "Accelerator", { banner: { all: null, many: "accelerators" } }),
  list("precision", "Precision", { banner: { all: null, many: "precisions" } }),
  list("engine", "Serving engine", { banner: { all: null, many: "engines" } }),
  list("suite", "Suite", {
    canon: lowerCanon,
    valueLabels: { datacenter: "Datacenter", edge: "Edge" },
    banner: { all: "all suites", many: "suites" },
  }),
  whole("minAccelerators", "Minimum accelerators", "≥"),
  whole("maxAccelerators", "Maximum accelerators", "≤"),
  choice("nodes", "Nodes", ["any", "single", "multi"] as const, {
    any: null,
    single: "single node",
    multi: "multi-node",
  }),
  {
    key: "q",
    label: "Search",
    none: "",
    skipEmpty: false,
    parse: (raw: string) =>
      raw.length <= 200
        ? { ok: true as const, value: raw.trim() }
        : { ok: false as const, message: "q is longer than 200 characters" },
    named: (v: string) => (v ? `search “${v}”` : null),
    banner: (s: FilterValues) => (s.q ? `“${s.q}”` : null),
  } satisfies Entry<"q">,
  choice("status", "Status", ["current", "no-longer-published", "all"] as const, {
    current: null,
    "no-longer-published": "no longer published",
    all: "published and no longer published",
  }),
] as const satisfies readonly FilterDef[];

export const FILTER_KEYS = FILTERS.map((f) => f.key) as FilterKey[];
// every key of FilterValues has its entry (this line does not compile otherwise)
const _everyFilter: [Exclude<FilterKey, (typeof FILTERS)[number]["key"]>] extends [never] ? true : never = true;

/** The list filters' keys (the facets that feed them have one value list each). */
export type ListKey = {
  [K in FilterKey]: FilterValues[K] extends string[] ? K : never;
}[FilterKey];
export const LIST_KEYS = FILTER_KEYS.filter((k): k is ListKey => Array.isArray(FILTER_BY_KEY()[k].none));

function FILTER_BY_KEY(): { [K in FilterKey]: Entry<K> } {
  return Object.fromEntries(FILTERS.map((f) => [f.key, f])) as unknown as { [K in FilterKey]: Entry<K> };
}
/** Each filter's entry by key. */
export const FILTER: { [K in FilterKey]: Entry<K> } = FILTER_BY_KEY();

/** One string list per list filter (the filters, and the facets that feed them). */
export type ListFilters = Pick<FilterValues, ListKey>;

/** No filter at all: what the API starts from and what "Clear all" sets. */
export const NO_FILTERS: FilterValues = Object.fromEntries(
  FILTERS.map((f) => [f.key, f.none]),
) as unknown as FilterValues;

/** The filters a view narrows by, as `key=value` text for people. */
export function activeFilters(s: FilterValues, ctx: FilterContext): { key: FilterKey; text: string }[] {
  const out: { key: FilterKey; text: string }[] = [];
  for (const key of NAMED_ORDER) {
    const text = (FILTER[key].named as (v: unknown, c: FilterContext) => string | null)(s[key], ctx);
    if (text !== null) out.push({ key, text });
  }
  return out;
}

/** "v6.0 · datacenter · closed · available · llama2-70b-99 Server": the view in one line, in the banner's order. */
export function describeFilters(s: FilterValues, ctx: FilterContext): string {
  return BANNER_ORDER.map((k) => FILTER[k].banner(s, ctx))
    .filter((w): w is string => w !== null)
    .join(" · ");
}

/** Keys first in this order, then every other filter in URL order. */
function orderedFirst(first: FilterKey[]): FilterKey[] {
  return [...first, ...FILTER_KEYS.filter((k) => !first.includes(k))];
}

/** The banner reads from the broadest context in. */
const BANNER_ORDER = orderedFirst([
  "round",
  "suite",
  "division",
  "availability",
  "model",
  "submitter",
  "accelerator",
  "precision",
  "engine",
  "nodes",
]);

/** The empty view names the benchmark's own filters first. */
const NAMED_ORDER = orderedFirst(["round", "model", "scenario", "suite"]);

/**
 * The values the filters panel offers: one list per list filter, from the database (db/queries/results.ts
 * getFacets), except the benchmark, which is offered by family with its accuracy-target variants.
 */
export type FilterFacets = Omit<ListFilters, "model"> & {
  /** Model families with their accuracy-target variants, e.g. llama2-70b → llama2-70b-99, llama2-70b-99.9. */
  models: { family: string; variants: { model: string; target: string | null }[] }[];
};
