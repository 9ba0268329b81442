// Reads of published results for pages and the API. Filters mirror lib/url-state.ts; rows come back as
// PublishedResult (lib/types.ts). Query-builder only (no SQLite-specific SQL beyond LIKE), so Postgres can follow.
import { and, asc, desc, eq, gte, inArray, isNotNull, like, lte, or, type SQL, sql } from "drizzle-orm";
import { perAccelerator } from "@/lib/context/per-accelerator";
import { perWattValue } from "@/lib/context/power";
import { mixedGroups } from "@/lib/mlperf/accelerators";
import { benchmarkFor, benchmarksOfFamily, canonicalFamily } from "@/lib/mlperf/benchmarks";
import { locationUrl } from "@/lib/mlperf/official-sources";
import { NameIndex, searchWords } from "@/lib/mlperf/search";
import { type IdHolder, sharedIdNote } from "@/lib/mlperf/shared-id";
import { planSort, type SortPlan, summariseUnits, type UnitGroupRow, type UnitMix } from "@/lib/result-order";
import type { ChartPoint } from "@/lib/scale-chart";
import type {
  DataNote,
  PercentileSet,
  PublishedResult,
  ResultLatency,
  Scenario,
  SoftwareComponent,
  Validity,
} from "@/lib/types";
import type { ListFilters, ResultsState, SortKey } from "@/lib/url-state";
import type { DbHandle } from "../client";
import { dataNotes, imports, latencyDetails, results, rounds, systems } from "../schema";
import { perDataVersion } from "./version";

type ResultRow = typeof results.$inferSelect;
type SystemRow = typeof systems.$inferSelect;

export function getLatestRound(h: DbHandle): string | null {
  // the small rounds table, not a scan of results (every writer registers its rounds there)
  const r = h.db.select({ id: rounds.id }).from(rounds).orderBy(desc(rounds.sortKey)).limit(1).get();
  return r?.id ?? null;
}

/** "latest" in a round list means the newest round in the database. */
export function resolveRounds(h: DbHandle, rounds: string[]): string[] {
  if (!rounds.includes("latest")) return rounds;
  const latest = getLatestRound(h);
  return [...new Set(rounds.map((r) => (r === "latest" ? (latest ?? "latest") : r)))];
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Past this many matching names a search word is a LIKE on the column (SQLite allows 32,766 parameters). */
const MAX_NAME_PARAMS = 500;

/** The benchmark and used-model names search matches words against, as of the newest import (see getFacets). */
function modelNames(h: DbHandle): { model: NameIndex; benchmark: NameIndex; usedModel: NameIndex } {
  return perDataVersion(h, "results:search-names", () => {
    const f = currentFacets(h);
    return {
      model: new NameIndex(f.publishedModels),
      benchmark: new NameIndex(f.lists.model),
      usedModel: new NameIndex(f.usedModels),
    };
  });
}

/**
 * What a `model` filter's values select: a benchmark name in any published spelling ("VLM", "qwen3-vl-235b-a22b",
 * "Llama2-70B-99") is its canonical benchmark; a family ("llama2-70b") both its targets. A name the table does not
 * know is matched as published, as a benchmark or a family. Kept apart so each uses its index instead of an OR.
 */
export function modelFilter(values: readonly string[]): { benchmarks: string[]; families: string[] } {
  const benchmarks = new Set<string>();
  const families = new Set<string>();
  for (const v of values) {
    const b = benchmarkFor(v);
    const f = canonicalFamily(v);
    // a family's own name ("gpt-oss-120b", "resnet") is also its one benchmark: the benchmark column answers it
    if (b && (b.family !== b.id || !f || benchmarksOfFamily(f).length === 1)) benchmarks.add(b.id);
    else if (f) families.add(f);
    else {
      benchmarks.add(v);
      families.add(v);
    }
  }
  return { benchmarks: [...benchmarks], families: [...families] };
}

export function buildWhere(h: DbHandle, s: ResultsState): SQL | undefined {
  const c: SQL[] = [];
  const rounds = resolveRounds(h, s.round);
  if (rounds.length) c.push(inArray(results.round, rounds));
  if (s.model.length) {
    const { benchmarks, families } = modelFilter(s.model);
    const parts = [
      ...(benchmarks.length ? [inArray(results.benchmark, benchmarks)] : []),
      ...(families.length ? [inArray(results.modelFamily, families)] : []),
    ];
    const m = parts.length === 1 ? parts[0] : or(...parts);
    if (m) c.push(m);
  }
  if (s.scenario.length) c.push(inArray(results.scenario, s.scenario));
  if (s.division.length) c.push(inArray(results.division, s.division));
  if (s.availability.length) c.push(inArray(results.availability, s.availability));
  if (s.submitter.length) c.push(inArray(results.submitter, s.submitter));
  if (s.accelerator.length) c.push(inArray(results.accelerator, s.accelerator));
  if (s.precision.length) c.push(inArray(results.precision, s.precision));
  if (s.engine.length) c.push(inArray(results.servingEngine, s.engine));
  if (s.suite.length) {
    const parts = s.suite.map((x) => like(results.suite, `%${escapeLike(x)}%`));
    const o = or(...parts);
    if (o) c.push(o);
  }
  if (s.minAccelerators !== null) c.push(gte(results.totalAccelerators, s.minAccelerators));
  if (s.maxAccelerators !== null) c.push(lte(results.totalAccelerators, s.maxAccelerators));
  if (s.nodes === "single") c.push(eq(results.nodes, 1));
  if (s.nodes === "multi") c.push(sql`${results.nodes} > 1`);
  if (s.q) {
    // every word in the system's text (submitter, name, platform, accelerator, software; stored lower-cased) or in
    // the benchmark or used model name (lib/mlperf/search.ts). Names are matched here, against the few distinct
    // ones, so a word that names no model leaves an IN on system_id, which its index answers
    const names = modelNames(h);
    for (const word of searchWords(s.q)) {
      const pattern = `%${escapeLike(word)}%`;
      const parts: SQL[] = [
        sql`${results.systemId} in (select ${systems.id} from ${systems} where ${systems.searchText} like ${pattern} escape '\\')`,
      ];
      for (const [col, index] of [
        [results.model, names.model],
        [results.benchmark, names.benchmark],
        [results.usedModel, names.usedModel],
      ] as const) {
        const hits = index.matching(word);
        // a word that matches a great many names (a hostile or huge database) is a LIKE (folding ASCII case only),
        // not thousands of parameters
        if (hits.length > MAX_NAME_PARAMS) parts.push(sql`${col} like ${pattern} escape '\\'`);
        else if (hits.length) parts.push(inArray(col, hits));
      }
      c.push(parts.length === 1 ? (parts[0] as SQL) : (or(...parts) as SQL));
    }
  }
  return c.length ? and(...c) : undefined;
}

const SORT_COLUMNS: Record<SortKey, SQL | typeof results.value> = {
  perAccelerator: sql`${results.perAccelerator}`,
  value: sql`${results.value}`,
  round: sql`${results.roundSort}`,
  submitter: sql`${results.submitter}`,
  system: sql`${results.platform}`,
  accelerator: sql`${results.accelerator}`,
  totalAccelerators: sql`${results.totalAccelerators}`,
  nodes: sql`${results.nodes}`,
  model: sql`${results.model}`,
  scenario: sql`${results.scenario}`,
  precision: sql`${results.precision}`,
  division: sql`${results.division}`,
  availability: sql`${results.availability}`,
  engine: sql`${results.servingEngine}`,
};

/** How many results a view has. */
export function countResults(h: DbHandle, s: ResultsState): number {
  return h.db.select({ n: sql<number>`count(*)` }).from(results).where(buildWhere(h, s)).get()?.n ?? 0;
}

/** Serving engine per result id (PublishedResult does not carry it). */
export function getServingEngines(h: DbHandle, ids: string[]): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (let i = 0; i < ids.length; i += 500)
    for (const r of h.db
      .select({ id: results.id, engine: results.servingEngine })
      .from(results)
      .where(inArray(results.id, ids.slice(i, i + 500)))
      .all())
      out.set(r.id, r.engine);
  return out;
}

/** ORDER BY for a plan: each benchmark's block, rows without the figure last, each unit's block, the figure on one scale. */
function orderBy(plan: SortPlan): SQL[] {
  let col = SORT_COLUMNS[plan.sort];
  if (plan.sort === "value" && plan.scale.size > 0)
    col = sql`(case ${results.units} ${sql.join(
      [...plan.scale].map(([u, k]) => sql`when ${u} then ${results.value} * ${k}`),
      sql` `,
    )} else ${results.value} end)`;
  const out: SQL[] = [];
  if (plan.benchmarkBlocks.size > 0) {
    const whens = [...plan.benchmarkBlocks].map(([m, i]) => sql`when ${m} then ${i}`);
    out.push(sql`(case ${results.benchmark} ${sql.join(whens, sql` `)} else ${plan.benchmarkBlocks.size} end)`);
  }
  if (plan.blocks.size > 0) {
    const whens = [...plan.blocks].map(([u, i]) => sql`when ${u} then ${i}`);
    out.push(sql`${col} is null`, sql`(case ${results.units} ${sql.join(whens, sql` `)} else ${plan.blocks.size} end)`);
  }
  // nulls last either way (standard SQL, also Postgres), then a stable tie-break so pages never shuffle
  out.push(plan.dir === "asc" ? sql`${col} asc nulls last` : sql`${col} desc nulls last`, asc(results.id));
  return out;
}

/**
 * A view's rows counted by benchmark, scenario, round and unit (a few dozen groups): what the page says about units,
 * whether any row has a per-accelerator figure, and the total, from one pass.
 */
export function getUnitGroups(h: DbHandle, s: ResultsState, where: SQL | undefined = buildWhere(h, s)): UnitGroupRow[] {
  return h.db
    .select({
      model: results.benchmark,
      scenario: results.scenario,
      round: results.round,
      units: results.units,
      higherIsBetter: results.higherIsBetter,
      count: sql<number>`count(*)`,
      withPerAccelerator: sql<number>`count(${results.perAccelerator})`,
      suspect: sql<number>`sum(case when ${results.id} in (select ${dataNotes.resultId} from ${dataNotes} where ${dataNotes.code} = 'units-suspect') then 1 else 0 end)`,
    })
    .from(results)
    .where(where)
    .groupBy(results.benchmark, results.scenario, results.round, results.units, results.higherIsBetter)
    .all();
}

/** How a view is ordered, and what its rows are measured in (null unless it is sorted by a figure). */
export interface ResultsOrder {
  plan: SortPlan;
  units: UnitMix | null;
}

/** Views whose unit summary is kept per data version (paging and re-sorting a view reuse it; ~75 ms at 100k rows). */
const UNIT_CACHE_SIZE = 64;

function unitMixOf(h: DbHandle, s: ResultsState, where: SQL | undefined): UnitMix {
  const { sort, dir, page, limit, per, hide, show, ids, ...filters } = s;
  const key = JSON.stringify(filters);
  const cached = perDataVersion(h, "results:unit-mix", () => new Map<string, UnitMix>());
  const hit = cached.get(key);
  if (hit) return hit;
  const mix = summariseUnits(getUnitGroups(h, s, where));
  if (cached.size >= UNIT_CACHE_SIZE) cached.delete(cached.keys().next().value as string);
  cached.set(key, mix);
  return mix;
}

function planFor(h: DbHandle, s: ResultsState, where: SQL | undefined): ResultsOrder {
  const units = s.sort === "value" || s.sort === "perAccelerator" ? unitMixOf(h, s, where) : null;
  return { plan: planSort(s, units), units };
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function nsToMs(text: string | null): PercentileSet | null {
  const s = parseJson<PercentileSet | null>(text, null);
  if (!s) return null;
  const out = {} as PercentileSet;
  for (const [k, v] of Object.entries(s)) out[k as keyof PercentileSet] = typeof v === "number" ? v / 1e6 : null;
  return out;
}

function toLatency(l: typeof latencyDetails.$inferSelect | undefined): ResultLatency | null {
  if (!l) return null;
  return {
    source: l.source,
    ttftMs: nsToMs(l.ttftNs),
    tpotMs: nsToMs(l.tpotNs),
    latencyMs: nsToMs(l.latencyNs),
    targetQps: l.targetQps,
    ttftLimitMs: l.ttftLimitNs === null ? null : l.ttftLimitNs / 1e6,
    tpotLimitMs: l.tpotLimitNs === null ? null : l.tpotLimitNs / 1e6,
    loadgenVersion: l.loadgenVersion,
    minDurationMs: l.minDurationMs,
    validity: l.validity as Validity,
    failedChecks: parseJson<string[]>(l.failedChecks, []),
    logValue: l.logValue,
    queryCount: l.queryCount,
  };
}

export function toPublished(
  r: ResultRow,
  s: SystemRow | undefined,
  notes: DataNote[],
  latency: ResultLatency | null,
  importedAt: string | null = null,
): PublishedResult {
  const out: PublishedResult = {
    id: r.id,
    resultId: r.resultId,
    round: r.round,
    submitter: r.submitter,
    system: s?.systemName ?? r.platform,
    platform: r.platform,
    accelerator: r.accelerator,
    acceleratorsPerNode: s?.acceleratorsPerNode ?? null,
    nodes: r.nodes,
    totalAccelerators: r.totalAccelerators,
    heterogeneous: s?.heterogeneous ?? false,
    ...(s?.heterogeneous ? { acceleratorGroups: mixedGroups(s) } : {}),
    hostProcessor: s?.hostProcessor ?? null,
    operatingSystem: s?.operatingSystem ?? null,
    model: r.model,
    benchmark: r.benchmark || r.model,
    usedModel: r.usedModel,
    modelFamily: r.modelFamily,
    accuracyTarget: r.accuracyTarget,
    scenario: r.scenario as Scenario,
    division: r.division,
    availability: r.availability,
    suite: r.suite,
    precision: r.precision,
    precisionRaw: r.precisionRaw,
    software: s?.software ?? null,
    softwareStack: parseJson<SoftwareComponent[]>(s?.softwareStack ?? null, []),
    value: r.value,
    units: r.units,
    higherIsBetter: r.higherIsBetter,
    perAccelerator: r.perAccelerator,
    perAcceleratorNote: null, // filled below from lib/context, the one place that says why a figure is null
    power: r.power,
    powerUnits: r.powerUnits,
    hasPower: r.hasPower,
    perWatt: null, // filled below from lib/context/power.ts
    validity: r.validity as Validity,
    inferred: r.inferred,
    tokensPerSample: r.tokensPerSample,
    measurementKey: r.measurementKey,
    // a summary without Details links (v6.1, checker files) still names the result's folder: link that
    sourceUrl: r.detailsUrl ?? locationUrl(r.round, r.location),
    codeUrl: r.codeUrl,
    location: r.location,
    resultsFolderUrl: locationUrl(r.round, r.location),
    notes,
    latency,
    importedAt,
  };
  const derived = perAccelerator(out);
  out.perAcceleratorNote = derived.value === null ? derived.note : null;
  out.perWatt = perWattValue(out);
  return out;
}

/**
 * MLCommons IDs that rows of more than one system carry (see lib/mlperf/shared-id.ts), with every holder and the
 * file it came from. One scan per import: official summaries give each ID to one system, so this is usually empty.
 */
function sharedResultIds(h: DbHandle): Map<string, IdHolder[]> {
  return perDataVersion(h, "results:shared-ids", () => {
    const ids = h.db
      .select({ rid: results.resultId })
      .from(results)
      .where(isNotNull(results.resultId))
      .groupBy(results.resultId)
      .having(sql`count(distinct ${results.submitter} || '|' || ${results.platform}) > 1`)
      .all()
      .map((r) => r.rid as string);
    const out = new Map<string, IdHolder[]>();
    for (let i = 0; i < ids.length; i += 500)
      for (const r of h.db
        .selectDistinct({
          rid: results.resultId,
          submitter: results.submitter,
          platform: results.platform,
          source: imports.source,
        })
        .from(results)
        .leftJoin(imports, eq(imports.id, results.importId))
        .where(inArray(results.resultId, ids.slice(i, i + 500)))
        .orderBy(asc(results.submitter), asc(results.platform))
        .all()) {
        const list = out.get(r.rid as string) ?? [];
        list.push({ submitter: r.submitter, platform: r.platform, source: r.source });
        out.set(r.rid as string, list);
      }
    return out;
  });
}

function hydrate(h: DbHandle, rows: ResultRow[], withLatency: boolean): PublishedResult[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const sysIds = [...new Set(rows.map((r) => r.systemId))];
  const sys = new Map<string, SystemRow>();
  for (let i = 0; i < sysIds.length; i += 500)
    for (const s of h.db
      .select()
      .from(systems)
      .where(inArray(systems.id, sysIds.slice(i, i + 500)))
      .all())
      sys.set(s.id, s);
  const notes = new Map<string, DataNote[]>();
  const lat = new Map<string, typeof latencyDetails.$inferSelect>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const n of h.db
      .select()
      .from(dataNotes)
      .where(inArray(dataNotes.resultId, chunk))
      .orderBy(asc(dataNotes.id))
      .all()) {
      const list = notes.get(n.resultId) ?? [];
      list.push({ code: n.code, message: n.message });
      notes.set(n.resultId, list);
    }
    if (withLatency)
      for (const l of h.db.select().from(latencyDetails).where(inArray(latencyDetails.resultId, chunk)).all())
        lat.set(l.resultId, l);
  }
  const shared = sharedResultIds(h);
  if (shared.size > 0)
    for (const r of rows) {
      const holders = r.resultId === null ? undefined : shared.get(r.resultId);
      if (!holders || r.resultId === null) continue;
      const source = holders.find((x) => x.submitter === r.submitter && x.platform === r.platform)?.source ?? null;
      const note = sharedIdNote(r.resultId, { submitter: r.submitter, platform: r.platform, source }, holders);
      if (note) notes.set(r.id, [...(notes.get(r.id) ?? []), note]);
    }
  return rows.map((r) => toPublished(r, sys.get(r.systemId), notes.get(r.id) ?? [], toLatency(lat.get(r.id))));
}

export interface ResultsPage extends ResultsOrder {
  total: number;
  rows: PublishedResult[];
}

/**
 * One page of a view. A page past the last is empty, with the total (never another page in its place). Sorting by a
 * figure follows planSort (lib/result-order.ts): units ranked apart, latencies on one scale, an all-empty
 * per-accelerator column replaced by the result.
 */
export function getResults(h: DbHandle, s: ResultsState): ResultsPage {
  const where = buildWhere(h, s);
  const order = planFor(h, s, where);
  const total =
    order.units?.total ?? h.db.select({ n: sql<number>`count(*)` }).from(results).where(where).get()?.n ?? 0;
  const rows = h.db
    .select()
    .from(results)
    .where(where)
    .orderBy(...orderBy(order.plan))
    .limit(s.limit)
    .offset((s.page - 1) * s.limit)
    .all();
  return { total, rows: hydrate(h, rows, false), ...order };
}

/** Every row of a filtered view (for CSV export), capped, in the page's order. */
export function getAllResults(h: DbHandle, s: ResultsState, cap = 20_000): PublishedResult[] {
  const where = buildWhere(h, s);
  const rows = h.db
    .select()
    .from(results)
    .where(where)
    .orderBy(...orderBy(planFor(h, s, where).plan))
    .limit(cap)
    .all();
  return hydrate(h, rows, false);
}

export function getResultsByIds(h: DbHandle, ids: string[]): PublishedResult[] {
  if (ids.length === 0) return [];
  const rows = h.db.select().from(results).where(inArray(results.id, ids)).all();
  const byId = new Map(hydrate(h, rows, true).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PublishedResult => !!r);
}

export function getResultById(h: DbHandle, id: string): PublishedResult | null {
  return getResultsByIds(h, [id])[0] ?? null;
}

/**
 * The same system's other results in its round (other scenarios, accuracy targets): the rows stored under its
 * system, so a second system published under the same platform name (another software stack; see db/write.ts
 * systemVariantIdFor) is not counted as this one.
 */
export function getSiblings(h: DbHandle, r: PublishedResult): PublishedResult[] {
  const own = h.db.select({ systemId: results.systemId }).from(results).where(eq(results.id, r.id)).get();
  if (!own) return [];
  const rows = h.db
    .select()
    .from(results)
    .where(eq(results.systemId, own.systemId))
    .orderBy(asc(results.model), asc(results.scenario))
    .all();
  return hydrate(
    h,
    rows.filter((x) => x.id !== r.id),
    true,
  );
}

/** The same accelerator (model and count) on the same benchmark and scenario in other rounds. */
export function getSameHardwareOtherRounds(h: DbHandle, r: PublishedResult): PublishedResult[] {
  if (!r.accelerator) return [];
  const rows = h.db
    .select()
    .from(results)
    .where(
      and(
        eq(results.accelerator, r.accelerator),
        eq(results.modelFamily, r.modelFamily),
        eq(results.scenario, r.scenario),
        r.totalAccelerators === null ? sql`1=1` : eq(results.totalAccelerators, r.totalAccelerators),
        eq(results.division, r.division),
      ),
    )
    // the best 40 kept: the highest throughputs, or the lowest latencies
    .orderBy(asc(results.roundSort), r.higherIsBetter ? desc(results.value) : asc(results.value))
    .limit(40)
    .all();
  return hydrate(
    h,
    rows.filter((x) => x.id !== r.id),
    false,
  );
}

/** The distinct values of each list filter. */
export type Facets = ListFilters;

/** A benchmark as the filters group it: `llama2-70b-99` is a variant of the `llama2-70b` family. */
export interface ModelVariant {
  model: string;
  family: string;
  target: string | null;
}

/** The columns the filter lists come from, read together (see getFacets). */
const FACET_COLUMNS = {
  round: results.round,
  roundSort: results.roundSort,
  model: results.benchmark,
  published: results.model,
  usedModel: results.usedModel,
  family: results.modelFamily,
  target: results.accuracyTarget,
  scenario: results.scenario,
  division: results.division,
  availability: results.availability,
  submitter: results.submitter,
  accelerator: results.accelerator,
  precision: results.precision,
  engine: results.servingEngine,
  suite: results.suite,
};

/**
 * Every list filter's values, the benchmark variants and the used-model names (for search), from one DISTINCT scan
 * of the columns they come from (~2,000 combinations at 100k rows): one pass over the table instead of one per list,
 * ~4× faster. Lists are sorted (rounds newest first), with empty values left out; a suite like "datacenter,edge"
 * counts as both.
 */
export function getFacets(h: DbHandle): {
  lists: Facets;
  variants: ModelVariant[];
  usedModels: string[];
  publishedModels: string[];
} {
  const combos = h.db.selectDistinct(FACET_COLUMNS).from(results).all();
  const values = (pick: (c: (typeof combos)[number]) => string | null): string[] => {
    const set = new Set<string>();
    for (const c of combos) {
      const v = pick(c);
      if (v) set.add(v);
    }
    return [...set].sort((a, b) => a.localeCompare(b));
  };
  const roundSort = new Map<string, number>();
  for (const c of combos) roundSort.set(c.round, c.roundSort);
  const variants = new Map<string, ModelVariant>();
  for (const c of combos) {
    const key = JSON.stringify([c.model, c.family, c.target]);
    if (!variants.has(key)) variants.set(key, { model: c.model, family: c.family, target: c.target });
  }
  return {
    lists: {
      round: [...roundSort].sort((a, b) => b[1] - a[1]).map(([r]) => r),
      model: values((c) => c.model),
      scenario: values((c) => c.scenario),
      division: values((c) => c.division),
      availability: values((c) => c.availability),
      submitter: values((c) => c.submitter),
      accelerator: values((c) => c.accelerator),
      precision: values((c) => c.precision),
      engine: values((c) => c.engine),
      suite: [...new Set(values((c) => c.suite).flatMap((s) => s.split(",")))].sort(),
    },
    variants: [...variants.values()].sort((a, b) => a.family.localeCompare(b.family) || a.model.localeCompare(b.model)),
    usedModels: values((c) => c.usedModel),
    publishedModels: values((c) => c.published),
  };
}

/** getFacets as of the newest import: the table is scanned once per import, whoever asks first. */
export function currentFacets(h: DbHandle): ReturnType<typeof getFacets> {
  return perDataVersion(h, "results:facets", () => getFacets(h));
}

/**
 * The explorer chart's points for a view: a few columns per row (no notes, no latency), best first, at most `cap`.
 * Whether the view can be charted at all is lib/scale-chart.ts chartBlocker over getUnitGroups.
 */
export function getChartPoints(h: DbHandle, s: ResultsState, cap = 2000): ChartPoint[] {
  const where = buildWhere(h, s);
  return h.db
    .select({
      id: results.id,
      resultId: results.resultId,
      system: sql<string>`coalesce(${systems.systemName}, ${results.platform})`,
      submitter: results.submitter,
      accelerator: results.accelerator,
      totalAccelerators: results.totalAccelerators,
      nodes: results.nodes,
      value: results.value,
      perAccelerator: results.perAccelerator,
      units: results.units,
    })
    .from(results)
    .leftJoin(systems, eq(systems.id, results.systemId))
    .where(where)
    .orderBy(asc(results.id))
    .limit(cap)
    .all();
}
