// Stored values derived from other columns by a rule in lib/, kept in step with it after a migration or a rule
// change: a result's per_accelerator (made by per-accelerator rule version per_accelerator_rule), a system's search
// text (added by migration 0003) and a result's canonical benchmark (0006). Each is a "fill": select the rows whose
// value is stale, work the new value out in JavaScript (SQL's lower() folds ASCII only; the rules live in lib/),
// update them in one transaction. A writer module: db/queries only reads.
//
// The fills run when a store is opened: SQLite's openDb is synchronous (scripts and tests open a file and use it at
// once), so it runs them through runFillSync on the connection; a PostgreSQL store runs the same fills through
// runFill on its handle (postMigrationFills). One definition each, two drivers.
import type Database from "better-sqlite3";
import { benchmarkIdentity, PER_ACCELERATOR_RULE_VERSION, perAcceleratorValue } from "@/lib/judge";
import { mixedGroups } from "@/lib/mlperf/accelerators";
import { type SearchableSystem, systemSearchText } from "@/lib/mlperf/search";
import type { DbHandle } from "./client";
import { type SqlParam, sqlBool } from "./sql";

/** Stale rows (`select`), and the parameters of one `update` per row. */
export interface Fill<R> {
  select: string;
  selectParams: readonly SqlParam[];
  update: string;
  params(row: R): SqlParam[];
}

interface StaleRow {
  id: string;
  value: number;
  units: string;
  scenario: string;
  totalAccelerators: number | null;
  heterogeneous: unknown;
  acceleratorRaw: string | null;
  platform: string;
}

/** Every stored per-accelerator figure made by another rule version, recomputed. */
export const PER_ACCELERATOR_FILL: Fill<StaleRow> = {
  select: `select r.id, r.value, r.units, r.scenario, r.total_accelerators as "totalAccelerators",
              s.heterogeneous, s.accelerator_raw as "acceleratorRaw", r.platform
       from results r join systems s on s.id = r.system_id
       where r.per_accelerator_rule <> ?
       order by r.id`,
  selectParams: [PER_ACCELERATOR_RULE_VERSION],
  update: "update results set per_accelerator = ?, per_accelerator_rule = ? where id = ?",
  params(r) {
    const heterogeneous = sqlBool(r.heterogeneous);
    const value = perAcceleratorValue({
      value: r.value,
      units: r.units,
      scenario: r.scenario as Parameters<typeof perAcceleratorValue>[0]["scenario"],
      totalAccelerators: r.totalAccelerators,
      heterogeneous,
      acceleratorGroups: mixedGroups({ ...r, heterogeneous }),
    });
    return [value, PER_ACCELERATOR_RULE_VERSION, r.id];
  },
};

/**
 * Systems stored before migration 0003 have no search text yet (""). Every system has a submitter and a platform,
 * so "" never is a real search text.
 */
export const SEARCH_TEXT_FILL: Fill<SearchableSystem & { id: string }> = {
  select: `select id, submitter, system_name as "systemName", platform, accelerator, software from systems
       where search_text = '' order by id`,
  selectParams: [],
  update: "update systems set search_text = ? where id = ?",
  params: (r) => [systemSearchText(r), r.id],
};

/**
 * Results stored before migration 0006 have no canonical benchmark yet (""): each distinct published name gets its
 * id, family and accuracy target from benchmark identity (lib/judge, on the benchmark table), so v6.1's "VLM" rows join
 * v6.0's qwen3-vl-235b-a22b without a re-import. Every result has a model, so "" never is a real benchmark.
 */
export const BENCHMARK_FILL: Fill<{ model: string }> = {
  select: "select distinct model from results where benchmark = '' order by model",
  selectParams: [],
  update: "update results set benchmark = ?, model_family = ?, accuracy_target = ? where model = ? and benchmark = ''",
  params(r) {
    const id = benchmarkIdentity(r.model);
    return [id.benchmark, id.modelFamily, id.accuracyTarget, r.model];
  },
};

/** Runs a fill on a store, in one transaction; returns how many rows it found stale. */
export async function runFill<R>(h: DbHandle, f: Fill<R>): Promise<number> {
  const rows = await h.x.all<R>(f.select, f.selectParams);
  if (rows.length === 0) return 0;
  await h.tx(async (t) => {
    for (const r of rows) await t.x.run(f.update, f.params(r));
  });
  return rows.length;
}

/** The same on a SQLite connection, synchronously (openDb). */
export function runFillSync<R>(sqlite: Database.Database, f: Fill<R>): number {
  const bind = (ps: readonly SqlParam[]) => ps.map((p) => (typeof p === "boolean" ? (p ? 1 : 0) : p));
  const rows = sqlite.prepare(f.select).all(...bind(f.selectParams)) as R[];
  if (rows.length === 0) return 0;
  const set = sqlite.prepare(f.update);
  sqlite.transaction(() => {
    for (const r of rows) set.run(...bind(f.params(r)));
  })();
  return rows.length;
}

/** The same fills on a SQLite connection, synchronously, in the same order (openDb). */
export function postMigrationFillsSync(sqlite: Database.Database): void {
  runFillSync(sqlite, SEARCH_TEXT_FILL);
  runFillSync(sqlite, PER_ACCELERATOR_FILL);
  runFillSync(sqlite, BENCHMARK_FILL);
}

/** Every post-migration fill on a store, in this order (a PostgreSQL store after its migrations). */
export async function postMigrationFills(h: DbHandle): Promise<void> {
  await runFill(h, SEARCH_TEXT_FILL);
  await runFill(h, PER_ACCELERATOR_FILL);
  await runFill(h, BENCHMARK_FILL);
}

/** Recompute every stored per-accelerator figure made by another rule version; returns how many rows it rewrote. */
export function recomputeDerived(h: DbHandle): Promise<number> {
  return runFill(h, PER_ACCELERATOR_FILL);
}
