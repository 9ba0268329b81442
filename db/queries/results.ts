// Reads of published results for pages and the API. Filters mirror lib/url-state.ts; rows come back as
// PublishedResult (lib/types.ts). Query-builder only (no SQLite-specific SQL beyond LIKE), so Postgres can follow.
import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { FILTER_KEYS } from "@/lib/filters";
import { type IdHolder, sharedIdNote } from "@/lib/mlperf/shared-id";
import { planSort, type SortPlan, summariseUnits, type UnitGroupRow, type UnitMix } from "@/lib/result-order";
import type { ChartPoint } from "@/lib/scale-chart";
import type { DataNote, PublishedResult } from "@/lib/types";
import type { ResultsState, SortKey } from "@/lib/url-state";
import type { DbHandle } from "../client";
import { dataNotes, imports, latencyDetails, results, rounds, systems } from "../schema";
import { FILTER_SQL } from "./filter-sql";
import { toLatency, toPublished } from "./published";
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

/** The WHERE of a view: every set filter's condition (db/queries/filter-sql.ts), ANDed. */
export function buildWhere(h: DbHandle, s: ResultsState): SQL | undefined {
  const c: SQL[] = [];
  for (const key of FILTER_KEYS) {
    const cond = (FILTER_SQL[key] as (h: DbHandle, v: unknown) => SQL | null)(h, s[key]);
    if (cond) c.push(cond);
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

export { currentFacets, type Facets, getFacets, type ModelVariant } from "./facets";
export { modelFilter } from "./filter-sql";
export { toPublished } from "./published";

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
