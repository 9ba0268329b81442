// Reads of published results for pages and the API. Filters mirror lib/url-state.ts; rows come back as
// PublishedResult (lib/types.ts). Query builder over the store's own tables (h.t), awaited, with SQL both SQLite and
// PostgreSQL speak: orders are total (the id breaks ties; PostgreSQL has no rowid order), NULLs placed explicitly.
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { FILTER_KEYS } from "@/lib/filters";
import { planSort, type SortPlan, summariseUnits, type UnitGroupRow, type UnitMix } from "@/lib/result-order";
import type { ChartPoint } from "@/lib/scale-chart";
import type { PublishedResult } from "@/lib/types";
import type { ResultsState, SortKey } from "@/lib/url-state";
import type { DbHandle } from "../client";
import { FILTER_SQL } from "./filter-sql";
import { hydrate } from "./hydrate";
import { perDataVersion } from "./version";

export async function getLatestRound(h: DbHandle): Promise<string | null> {
  // the small rounds table, not a scan of results (every writer registers its rounds there)
  const { rounds } = h.t;
  const [r] = await h.db.select({ id: rounds.id }).from(rounds).orderBy(desc(rounds.sortKey), desc(rounds.id)).limit(1);
  return r?.id ?? null;
}

/** "latest" in a round list means the newest round in the database. */
export async function resolveRounds(h: DbHandle, rounds: string[]): Promise<string[]> {
  if (!rounds.includes("latest")) return rounds;
  const latest = await getLatestRound(h);
  return [...new Set(rounds.map((r) => (r === "latest" ? (latest ?? "latest") : r)))];
}

/** The WHERE of a view: every set filter's condition (db/queries/filter-sql.ts), ANDed. */
export async function buildWhere(h: DbHandle, s: ResultsState): Promise<SQL | undefined> {
  const c: SQL[] = [];
  for (const key of FILTER_KEYS) {
    const cond = await (FILTER_SQL[key] as (h: DbHandle, v: unknown) => SQL | null | Promise<SQL | null>)(h, s[key]);
    if (cond) c.push(cond);
  }
  return c.length ? and(...c) : undefined;
}

/**
 * A text column in code-point order on both stores: SQLite compares text byte by byte (BINARY, which for UTF-8 is
 * code-point order); PostgreSQL by the database's collation unless told (en_US puts "Alibaba" before "AMD" and
 * "amitashnanda" among the capitals), so there it is compared as "C" (bytes).
 */
export function byCodePoint(h: DbHandle, col: SQLWrapper): SQL {
  return h.dialect === "pg" ? sql`${col} collate "C"` : sql`${col}`;
}

const sortColumns = (h: DbHandle): Record<SortKey, SQL> => {
  const { results } = h.t;
  const text = (col: SQLWrapper) => byCodePoint(h, col);
  return {
    perAccelerator: sql`${results.perAccelerator}`,
    value: sql`${results.value}`,
    round: sql`${results.roundSort}`,
    submitter: text(results.submitter),
    system: text(results.platform),
    accelerator: text(results.accelerator),
    totalAccelerators: sql`${results.totalAccelerators}`,
    nodes: sql`${results.nodes}`,
    model: text(results.model),
    scenario: text(results.scenario),
    precision: text(results.precision),
    division: text(results.division),
    availability: text(results.availability),
    engine: text(results.servingEngine),
  };
};

/** How many results a view has. */
export async function countResults(h: DbHandle, s: ResultsState): Promise<number> {
  const { results } = h.t;
  const [row] = await h.db
    .select({ n: sql<number>`count(*)` })
    .from(results)
    .where(await buildWhere(h, s));
  return Number(row?.n ?? 0);
}

/**
 * A number written into the SQL text: the block ranks and unit scales of a sort plan are numbers this code chose, and
 * as parameters PostgreSQL would type a CASE of nothing but parameters as text (and order "10" before "2").
 */
function literal(n: number): SQL {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return sql.raw(String(n));
}

/** ORDER BY for a plan: each benchmark's block, rows without the figure last, each unit's block, the figure on one scale. */
function orderBy(h: DbHandle, plan: SortPlan): SQL[] {
  const { results } = h.t;
  let col = sortColumns(h)[plan.sort];
  if (plan.sort === "value" && plan.scale.size > 0)
    col = sql`(case ${results.units} ${sql.join(
      [...plan.scale].map(([u, k]) => sql`when ${u} then ${results.value} * ${literal(k)}`),
      sql` `,
    )} else ${results.value} end)`;
  const out: SQL[] = [];
  if (plan.benchmarkBlocks.size > 0) {
    const whens = [...plan.benchmarkBlocks].map(([m, i]) => sql`when ${m} then ${literal(i)}`);
    out.push(
      sql`(case ${results.benchmark} ${sql.join(whens, sql` `)} else ${literal(plan.benchmarkBlocks.size)} end)`,
    );
  }
  if (plan.blocks.size > 0) {
    const whens = [...plan.blocks].map(([u, i]) => sql`when ${u} then ${literal(i)}`);
    out.push(
      sql`${col} is null`,
      sql`(case ${results.units} ${sql.join(whens, sql` `)} else ${literal(plan.blocks.size)} end)`,
    );
  }
  // nulls last either way (standard SQL, also Postgres), then a stable tie-break so pages never shuffle
  out.push(plan.dir === "asc" ? sql`${col} asc nulls last` : sql`${col} desc nulls last`, asc(results.id));
  return out;
}

/**
 * A view's rows counted by benchmark, scenario, round and unit (a few dozen groups): what the page says about units,
 * whether any row has a per-accelerator figure, and the total, from one pass.
 */
export async function getUnitGroups(h: DbHandle, s: ResultsState, where?: SQL): Promise<UnitGroupRow[]> {
  const { results, dataNotes } = h.t;
  const w = where ?? (await buildWhere(h, s));
  const rows = await h.db
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
    .where(w)
    .groupBy(results.benchmark, results.scenario, results.round, results.units, results.higherIsBetter)
    // the groups in one order on both stores (summariseUnits lists units as it meets them)
    .orderBy(
      byCodePoint(h, results.benchmark),
      byCodePoint(h, results.scenario),
      byCodePoint(h, results.round),
      byCodePoint(h, results.units),
      results.higherIsBetter,
    );
  return rows.map((r) => ({
    ...r,
    count: Number(r.count),
    withPerAccelerator: Number(r.withPerAccelerator),
    suspect: Number(r.suspect ?? 0),
  }));
}

/** How a view is ordered, and what its rows are measured in (null unless it is sorted by a figure). */
export interface ResultsOrder {
  plan: SortPlan;
  units: UnitMix | null;
}

/** Views whose unit summary is kept per data version (paging and re-sorting a view reuse it; ~75 ms at 100k rows). */
const UNIT_CACHE_SIZE = 64;

async function unitMixOf(h: DbHandle, s: ResultsState, where: SQL | undefined): Promise<UnitMix> {
  const { sort, dir, page, limit, per, hide, show, ids, ...filters } = s;
  const key = JSON.stringify(filters);
  const cached = await perDataVersion(h, "results:unit-mix", () => new Map<string, UnitMix>());
  const hit = cached.get(key);
  if (hit) return hit;
  const mix = summariseUnits(await getUnitGroups(h, s, where));
  if (cached.size >= UNIT_CACHE_SIZE) cached.delete(cached.keys().next().value as string);
  cached.set(key, mix);
  return mix;
}

async function planFor(h: DbHandle, s: ResultsState, where: SQL | undefined): Promise<ResultsOrder> {
  const units = s.sort === "value" || s.sort === "perAccelerator" ? await unitMixOf(h, s, where) : null;
  return { plan: planSort(s, units), units };
}

/**
 * MLCommons IDs that rows of more than one system carry (see lib/mlperf/shared-id.ts), with every holder and the
 * file it came from. One scan per import: official summaries give each ID to one system, so this is usually empty.
 */
export interface ResultsPage extends ResultsOrder {
  total: number;
  rows: PublishedResult[];
}

/**
 * One page of a view. A page past the last is empty, with the total (never another page in its place). Sorting by a
 * figure follows planSort (lib/result-order.ts): units ranked apart, latencies on one scale, an all-empty
 * per-accelerator column replaced by the result.
 */
export async function getResults(h: DbHandle, s: ResultsState): Promise<ResultsPage> {
  const { results } = h.t;
  const where = await buildWhere(h, s);
  const order = await planFor(h, s, where);
  const total =
    order.units?.total ??
    Number((await h.db.select({ n: sql<number>`count(*)` }).from(results).where(where))[0]?.n ?? 0);
  const rows = await h.db
    .select()
    .from(results)
    .where(where)
    .orderBy(...orderBy(h, order.plan))
    .limit(s.limit)
    .offset((s.page - 1) * s.limit);
  return { total, rows: await hydrate(h, rows, false), ...order };
}

/** Every row of a filtered view (for CSV export), capped, in the page's order. */
export async function getAllResults(h: DbHandle, s: ResultsState, cap = 20_000): Promise<PublishedResult[]> {
  const { results } = h.t;
  const where = await buildWhere(h, s);
  const rows = await h.db
    .select()
    .from(results)
    .where(where)
    .orderBy(...orderBy(h, (await planFor(h, s, where)).plan))
    .limit(cap);
  return hydrate(h, rows, false);
}

export async function getResultsByIds(h: DbHandle, ids: string[]): Promise<PublishedResult[]> {
  if (ids.length === 0) return [];
  const { results } = h.t;
  const rows = await h.db.select().from(results).where(inArray(results.id, ids));
  const byId = new Map((await hydrate(h, rows, true)).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PublishedResult => !!r);
}

export async function getResultById(h: DbHandle, id: string): Promise<PublishedResult | null> {
  return (await getResultsByIds(h, [id]))[0] ?? null;
}

/**
 * The same system's other results in its round (other scenarios, accuracy targets): the rows stored under its
 * system, so a second system published under the same platform name (another software stack; see db/write.ts
 * systemVariantIdFor) is not counted as this one.
 */
export async function getSiblings(h: DbHandle, r: PublishedResult): Promise<PublishedResult[]> {
  const { results } = h.t;
  const [own] = await h.db.select({ systemId: results.systemId }).from(results).where(eq(results.id, r.id)).limit(1);
  if (!own) return [];
  const rows = await h.db
    .select()
    .from(results)
    .where(eq(results.systemId, own.systemId))
    .orderBy(byCodePoint(h, results.model), byCodePoint(h, results.scenario), asc(results.id));
  return hydrate(
    h,
    rows.filter((x) => x.id !== r.id),
    true,
  );
}

/** The same accelerator (model and count) on the same benchmark and scenario in other rounds. */
export async function getSameHardwareOtherRounds(h: DbHandle, r: PublishedResult): Promise<PublishedResult[]> {
  if (!r.accelerator) return [];
  const { results } = h.t;
  const rows = await h.db
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
    .orderBy(asc(results.roundSort), r.higherIsBetter ? desc(results.value) : asc(results.value), asc(results.id))
    .limit(40);
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
export async function getChartPoints(h: DbHandle, s: ResultsState, cap = 2000): Promise<ChartPoint[]> {
  const { results, systems } = h.t;
  const where = await buildWhere(h, s);
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
    .limit(cap);
}
