// Opens the SQLite store (WAL, busy timeout), applies committed migrations, and hands out drizzle.
// The only module that knows where the database file is.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { identify } from "@/lib/mlperf/benchmarks";
import { type SearchableSystem, systemSearchText } from "@/lib/mlperf/search";
import { recomputeDerived } from "./derived";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema>;
export interface DbHandle {
  sqlite: Database.Database;
  db: Db;
  file: string;
}

export function defaultDbPath(): string {
  return process.env.PERFCONTEXT_DB ?? path.join(process.cwd(), "data", "perfcontext.db");
}

export function migrationsFolder(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");
}

/** Open (creating if needed) and migrate. `:memory:` works for tests. */
export function openDb(file: string = defaultDbPath(), opts: { readonly?: boolean } = {}): DbHandle {
  if (file !== ":memory:")
    fs.mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ file)), { recursive: true });
  const sqlite = new Database(file, { readonly: opts.readonly ?? false });
  sqlite.pragma("busy_timeout = 10000");
  if (!opts.readonly) {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
  }
  const db = drizzle(sqlite, { schema });
  if (!opts.readonly) {
    migrate(db, { migrationsFolder: migrationsFolder() });
    ensureBenchmarkColumn(sqlite);
    fillSystemSearchText(sqlite);
    recomputeDerived(sqlite);
    fillBenchmarks(sqlite);
  }
  return { sqlite, db, file };
}

/**
 * Systems stored before migration 0003 have no search text yet (""): it is worked out here, in JavaScript, because
 * SQL's lower() folds ASCII only. Every system has a submitter and a platform, so "" never is a real search text.
 */
function fillSystemSearchText(sqlite: Database.Database): void {
  const rows = sqlite
    .prepare(
      "select id, submitter, system_name as systemName, platform, accelerator, software from systems where search_text = ''",
    )
    .all() as (SearchableSystem & { id: string })[];
  if (rows.length === 0) return;
  const set = sqlite.prepare("update systems set search_text = ? where id = ?");
  sqlite.transaction(() => {
    for (const r of rows) set.run(systemSearchText(r), r.id);
  })();
}

/**
 * drizzle's migrator applies only migrations newer (by journal time) than the last one a database ran, so a
 * database that ran 0009 or 0012 before 0006 reached it never runs 0006: its statements are applied here, once.
 */
function ensureBenchmarkColumn(sqlite: Database.Database): void {
  const cols = sqlite.prepare("pragma table_info(results)").all() as { name: string }[];
  if (cols.some((c) => c.name === "benchmark")) return;
  sqlite.transaction(() => {
    sqlite.exec("drop index if exists results_round_benchmark_scenario");
    sqlite.exec("alter table results add benchmark text default '' not null");
    sqlite.exec("create index results_round_benchmark_scenario on results (round, benchmark, scenario)");
  })();
}

/**
 * Results stored before migration 0006 have no canonical benchmark yet (""): each distinct published name gets its
 * id, family and accuracy target from the benchmark table (lib/mlperf/benchmarks.ts), so v6.1's "VLM" rows join
 * v6.0's qwen3-vl-235b-a22b without a re-import. Every result has a model, so "" never is a real benchmark.
 */
function fillBenchmarks(sqlite: Database.Database): void {
  const names = sqlite.prepare("select distinct model from results where benchmark = ''").pluck().all() as string[];
  if (names.length === 0) return;
  const set = sqlite.prepare(
    "update results set benchmark = ?, model_family = ?, accuracy_target = ? where model = ? and benchmark = ''",
  );
  sqlite.transaction(() => {
    for (const model of names) {
      const id = identify(model);
      set.run(id.benchmark, id.modelFamily, id.accuracyTarget, model);
    }
  })();
}

let shared: DbHandle | null = null;

/** Process-wide handle for the server. */
export function getDb(): DbHandle {
  if (!shared) shared = openDb();
  return shared;
}
