// How the explorer and the API rank results by their figure, and what the page must say when the rows being ranked
// do not share one unit or one direction. Pure: no DB, no React; db/queries/results.ts turns a SortPlan into SQL.
import { formatInt, unitLabel } from "./format";
import { canonicalUnits, unitsDirection } from "./mlperf/normalize";
import { LATENCY_SCENARIOS } from "./types";
import type { SortKey } from "./url-state";

export type SortDir = "asc" | "desc";

/** A scenario filter that admits latency scenarios only. `["SingleStream"]` → true; `[]` (every scenario) → false. */
export function onlyLatencyScenarios(scenarios: readonly string[]): boolean {
  return scenarios.length > 0 && scenarios.every((s) => LATENCY_SCENARIOS.has(s));
}

/**
 * The sort a view gets when its URL names none: the emphasised figure, best first. `("raw", ["Server"])` → value
 * descending; `("raw", ["SingleStream"])` → value ascending (the lowest latency is the best). The per-accelerator view
 * keeps its column; a view where no row has that figure falls back to the result (planSort).
 */
export function defaultSort(per: "raw" | "accelerator", scenarios: readonly string[]): { sort: SortKey; dir: SortDir } {
  if (per === "accelerator") return { sort: "perAccelerator", dir: "desc" };
  return { sort: "value", dir: onlyLatencyScenarios(scenarios) ? "asc" : "desc" };
}

/** Milliseconds per published unit for latencies (`"Latency (s)"` → 1000, `"Latency (ms)"` → 1); 1 otherwise. */
export function sortScale(units: string): number {
  const d = unitsDirection(units, null);
  return d.known && d.kind === "latency" ? d.unitScale * 1000 : 1;
}

/** Rows that share a sort block: every latency (compared in ms), or one throughput unit. */
export function unitBlock(units: string): string {
  const d = unitsDirection(units, null);
  return d.known && d.kind === "latency" ? "latency" : canonicalUnits(units);
}

/** One group of a view's rows, as db/queries/results.ts counts them. */
export interface UnitGroupRow {
  model: string;
  scenario: string;
  round: string;
  units: string;
  higherIsBetter: boolean;
  count: number;
  /** Rows with a per-accelerator figure. */
  withPerAccelerator: number;
  /** Rows carrying a units-suspect note (a token-generation figure published as Queries/s or Samples/s). */
  suspect: number;
}

/** A one-click narrowing of a mixed view: one benchmark and scenario (and a round when that alone still mixes). */
export interface Narrowing {
  model: string;
  scenario: string;
  round: string | null;
  count: number;
  /** Published units in it, most rows first. */
  units: string[];
}

export interface UnitMix {
  total: number;
  /** Each published unit, most rows first (ties by name). */
  units: { units: string; count: number }[];
  /** More than one published unit: the figures are not one scale. */
  mixed: boolean;
  /** Whether a bigger figure is better for every row, none, or some. */
  direction: "higher" | "lower" | "mixed";
  withPerAccelerator: number;
  suspect: number;
  narrow: Narrowing[];
  /** Each benchmark (the published model name, e.g. llama2-70b-99) with its row count, most rows first. */
  benchmarks: { model: string; count: number }[];
}

function countsBy<T>(rows: UnitGroupRow[], key: (r: UnitGroupRow) => T): Map<T, number> {
  const out = new Map<T, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + r.count);
  return out;
}

function mostFirst<T extends string>(m: Map<T, number>): { key: T; count: number }[] {
  return [...m].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

function narrowings(rows: UnitGroupRow[], limit: number): Narrowing[] {
  const build = (key: (r: UnitGroupRow) => string, withRound: boolean): Narrowing[] => {
    const groups = new Map<string, UnitGroupRow[]>();
    for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
    return [...groups.values()]
      .map((g) => {
        const first = g[0] as UnitGroupRow;
        return {
          model: first.model,
          scenario: first.scenario,
          round: withRound ? first.round : null,
          count: g.reduce((a, r) => a + r.count, 0),
          units: mostFirst(countsBy(g, (r) => r.units)).map((u) => u.key),
        };
      })
      .sort(
        (a, b) =>
          b.count - a.count ||
          a.model.localeCompare(b.model) ||
          a.scenario.localeCompare(b.scenario) ||
          (a.round ?? "").localeCompare(b.round ?? ""),
      )
      .slice(0, limit);
  };
  const pairs = build((r) => JSON.stringify([r.model, r.scenario]), false);
  if (pairs.length > 1) return pairs;
  // one benchmark and scenario that still mixes units: the rounds may not (v5.1 llama3.1-8b Interactive)
  const rounds = build((r) => JSON.stringify([r.model, r.scenario, r.round]), true);
  return rounds.length > 1 ? rounds : [];
}

/**
 * What a view's rows are measured in. v5.1 llama3.1-8b Interactive (Queries/s, units-suspect) with v6.0 (Tokens/s) →
 * mixed, direction "higher", two narrowings by round; SingleStream over wan-2.2 (Latency (s)) and yolo (Latency (ms))
 * → mixed, direction "lower", one narrowing per benchmark.
 */
export function summariseUnits(rows: UnitGroupRow[], narrowLimit = 6): UnitMix {
  const units = mostFirst(countsBy(rows, (r) => canonicalUnits(r.units))).map((u) => ({
    units: u.key,
    count: u.count,
  }));
  const higher = rows.some((r) => r.count > 0 && r.higherIsBetter);
  const lower = rows.some((r) => r.count > 0 && !r.higherIsBetter);
  const mixed = units.length > 1;
  return {
    total: rows.reduce((a, r) => a + r.count, 0),
    units,
    mixed,
    direction: higher && lower ? "mixed" : lower ? "lower" : "higher",
    withPerAccelerator: rows.reduce((a, r) => a + r.withPerAccelerator, 0),
    suspect: rows.reduce((a, r) => a + r.suspect, 0),
    narrow: mixed ? narrowings(rows, narrowLimit) : [],
    benchmarks: mostFirst(countsBy(rows, (r) => r.model)).map((b) => ({ model: b.key, count: b.count })),
  };
}

export interface SortPlan {
  sort: SortKey;
  dir: SortDir;
  /** Published units → block position (most rows first) when the view mixes units; empty: one block. */
  blocks: Map<string, number>;
  /** Published units whose value is multiplied to sort on one scale (latencies in ms); units with factor 1 left out. */
  scale: Map<string, number>;
  /** Benchmark → block position (most rows first) when the ranked rows span benchmarks; empty: one benchmark. */
  benchmarkBlocks: Map<string, number>;
  /** Why the order is not the plain one asked for, for people; null when it is. */
  note: string | null;
}

const RANKED: ReadonlySet<SortKey> = new Set(["value", "perAccelerator"]);

/**
 * The order a view gets. Sorting by a figure: latencies are compared in ms whatever unit they were published in; rows
 * of different units are ranked in separate blocks, never against each other; and a per-accelerator sort over rows
 * none of which has that figure (latencies) sorts by the result instead, best first staying best first.
 * `({perAccelerator, desc}, SingleStream rows)` → `{value, asc}` with a note.
 */
export function planSort(requested: { sort: SortKey; dir: SortDir }, mix: UnitMix | null): SortPlan {
  const plain: SortPlan = { ...requested, blocks: new Map(), scale: new Map(), benchmarkBlocks: new Map(), note: null };
  if (!mix || !RANKED.has(requested.sort) || mix.total === 0) return plain;
  let { sort, dir } = requested;
  let note: string | null = null;
  if (sort === "perAccelerator" && mix.withPerAccelerator === 0) {
    sort = "value";
    // desc on a per-accelerator figure is best first; keep that meaning on the result
    const bestFirst = requested.dir === "desc";
    dir = mix.direction === "lower" ? (bestFirst ? "asc" : "desc") : requested.dir;
    const why = mix.direction === "lower" ? " (a latency is not divided by the accelerator count)" : "";
    const order =
      mix.direction === "lower"
        ? dir === "asc"
          ? "lowest latency first"
          : "highest latency first"
        : dir === "desc"
          ? "highest first"
          : "lowest first";
    note = `No row in this view has a per-accelerator figure${why}, so it is sorted by the result instead, ${order}.`;
  }
  const blocks = new Map<string, number>();
  if (mix.mixed) {
    const byBlock = new Map<string, number>();
    for (const u of mix.units) byBlock.set(unitBlock(u.units), (byBlock.get(unitBlock(u.units)) ?? 0) + u.count);
    const order = mostFirst(byBlock).map((b) => b.key);
    for (const u of mix.units) blocks.set(u.units, order.indexOf(unitBlock(u.units)));
    if (blocks.size > 0 && new Set(blocks.values()).size === 1) blocks.clear();
  }
  const scale = new Map<string, number>();
  for (const u of mix.units) if (sortScale(u.units) !== 1) scale.set(u.units, sortScale(u.units));
  // a figure is ranked against its own benchmark only: llama3.1-8b's 21,744 tokens/s per accelerator is not "faster"
  // than deepseek-r1's 16,427
  const benchmarkBlocks = new Map<string, number>();
  if (mix.benchmarks.length > 1) for (const [i, b] of mix.benchmarks.entries()) benchmarkBlocks.set(b.model, i);
  return { sort, dir, blocks, scale, benchmarkBlocks, note };
}

/**
 * The notice for a ranked view that spans benchmarks, for people; null for one benchmark. "These rows span 3
 * benchmarks: llama2-70b-99 (40), deepseek-r1 (12), llama3.1-8b (9). Each is ranked in its own block (most rows
 * first), never against the others."
 */
export function benchmarkMixMessage(mix: UnitMix, limit = 8): string | null {
  if (mix.benchmarks.length < 2) return null;
  const shown = mix.benchmarks.slice(0, limit).map((b) => `${b.model} (${formatInt(b.count)})`);
  const more = mix.benchmarks.length > limit ? `, and ${formatInt(mix.benchmarks.length - limit)} more` : "";
  return `These rows span ${formatInt(mix.benchmarks.length)} benchmarks: ${shown.join(", ")}${more}. Each benchmark is ranked in its own block (most rows first), never against the others: a figure only means something beside results of the same benchmark.`;
}

/**
 * The notice for a view whose ranked rows mix units, for people; null when they share one. Names every unit with its
 * count: "These rows mix units: tokens/s (120), queries/s (18). …".
 */
export function unitMixMessage(mix: UnitMix, sort: SortKey): string | null {
  if (!mix.mixed) return null;
  const list = mix.units.map((u) => `${unitLabel(u.units)} (${formatInt(u.count)})`).join(", ");
  const head =
    mix.direction === "mixed"
      ? `These rows mix latency and throughput, in ${mix.units.length} units: ${list}.`
      : `These rows mix units: ${list}.`;
  const blocks = new Set(mix.units.map((u) => unitBlock(u.units))).size;
  const how =
    blocks > 1
      ? ` Sorted by ${sort === "perAccelerator" ? "the per-accelerator figure" : "the result"}, each unit is ranked in its own block (most rows first), not against the others.`
      : "";
  const ms = mix.units.some((u) => sortScale(u.units) !== 1)
    ? " Latencies are compared in milliseconds, whatever unit they were published in."
    : "";
  const dir = mix.direction === "mixed" ? " Lower is better for a latency, higher for a throughput." : "";
  const suspect =
    mix.suspect > 0
      ? ` ${formatInt(mix.suspect)} ${mix.suspect === 1 ? "row is" : "rows are"} published as queries/s or samples/s but likely on the tokens/s scale, the benchmark's official metric (units-suspect note).`
      : "";
  return `${head}${how}${ms}${dir}${suspect}`;
}

/** `a` before `b` when it is the better figure: higher first for throughputs, lower first for latencies. */
export function betterFirst(higherIsBetter: boolean): (a: { value: number }, b: { value: number }) => number {
  return higherIsBetter ? (a, b) => b.value - a.value : (a, b) => a.value - b.value;
}

/**
 * Each round's best figure, rounds in order: the highest throughput, or the lowest latency.
 * `bestPerRound([{round: "v5.1", value: 40}, {round: "v5.1", value: 30}], false)` → `[{round: "v5.1", value: 30}]`.
 */
export function bestPerRound(
  rows: readonly { round: string; value: number }[],
  higherIsBetter: boolean,
): { round: string; value: number }[] {
  const best = new Map<string, number>();
  for (const r of rows) {
    const had = best.get(r.round);
    if (had === undefined || (higherIsBetter ? r.value > had : r.value < had)) best.set(r.round, r.value);
  }
  return [...best]
    .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
    .map(([round, value]) => ({ round, value }));
}
