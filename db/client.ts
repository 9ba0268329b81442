// Opens the SQLite store (WAL, busy timeout), applies committed migrations, and hands out drizzle.
// The only module that knows where the database file is.
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { postMigrationFillsSync } from "./derived";
import { isPostgresUrl, openPgStore } from "./pg";
import * as schema from "./schema";
import { type Sql, sqliteSql } from "./sql";
import type { WorkerStore } from "./work/store";

export type Db = BetterSQLite3Database<typeof schema>;
export type Tables = typeof schema;
export type Dialect = "sqlite" | "pg";

/**
 * One store, SQLite (embedded default) or PostgreSQL (DATABASE_URL=postgres://…, the team server). Code written
 * against the handle runs on both:
 * - reads: drizzle's query builder on `db` over the tables in `t` (never the module imports of db/schema: a
 *   PostgreSQL store has its own table objects), always awaited, never `.all()/.get()/.run()` (PostgreSQL has none);
 * - raw statements: `x`, with `?` placeholders and SQL both databases speak;
 * - writes: inside `tx`, which commits or rolls back as one and serialises this process's writers.
 */
export interface DbHandle {
  readonly dialect: Dialect;
  readonly db: Db;
  readonly t: Tables;
  readonly x: Sql;
  tx<T>(fn: (h: DbHandle) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** the SQLite file, or the PostgreSQL URL without its password */
  readonly file: string;
  /** SQLite only: the connection, for code not yet moved onto `x` and `tx` */
  readonly sqlite: Database.Database;
  /** Where a worker thread opens its own connection to this store (db/work/store.ts); null: it cannot (in memory) */
  readonly workerStore: WorkerStore | null;
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
  const h = sqliteHandle(sqlite, db, file);
  if (!opts.readonly) {
    migrate(db, { migrationsFolder: migrationsFolder() });
    ensureBenchmarkColumn(sqlite);
    // the post-migration fills (db/derived.ts), synchronously: openDb hands out a ready store
    postMigrationFillsSync(sqlite);
  }
  return h;
}

/**
 * SQLite's transactions are the connection's, so one process runs one at a time: `tx` queues behind the open one
 * (a promise chain) and joins it when called from inside it (AsyncLocalStorage knows which callback is running).
 */
function sqliteHandle(sqlite: Database.Database, db: Db, file: string): DbHandle {
  const inside = new AsyncLocalStorage<true>();
  let queue: Promise<unknown> = Promise.resolve();
  const h: DbHandle = {
    dialect: "sqlite",
    db,
    t: schema,
    x: sqliteSql(sqlite),
    sqlite,
    file,
    workerStore: file && file !== ":memory:" ? { sqlite: file } : null,
    tx<T>(fn: (h: DbHandle) => Promise<T>): Promise<T> {
      if (inside.getStore()) return fn(h);
      const run = () =>
        inside.run(true, async () => {
          sqlite.exec("begin immediate");
          try {
            const out = await fn(h);
            sqlite.exec("commit");
            return out;
          } catch (e) {
            if (sqlite.inTransaction) sqlite.exec("rollback");
            throw e;
          }
        });
      const p = queue.then(run, run);
      queue = p.catch(() => undefined);
      return p;
    },
    async close() {
      if (sqlite.open) sqlite.close();
    },
  };
  return h;
}

/**
 * drizzle's migrator applies only migrations newer (by journal time) than the last one a database ran, so a
 * database that ran 0009 or 0012 before 0006 reached it never runs 0006: its statements are applied here, once.
 * SQLite only by nature (a PostgreSQL store starts from its own migrations, db/migrations-pg).
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

let shared: DbHandle | null = null;

/** Process-wide handle for SQLite-only scripts and tests; app code uses `await getStore()`. */
export function getDb(): DbHandle {
  if (isPostgresUrl(process.env.DATABASE_URL))
    throw new Error("getDb() opens SQLite, but DATABASE_URL names a PostgreSQL store: use `await getStore()`");
  if (!shared) shared = openDb();
  return shared;
}

/**
 * Open a store: a `postgres://` (or `postgresql://`) URL opens PostgreSQL (db/pg.ts), anything else is a SQLite
 * file. Both apply their committed migrations.
 */
export async function openStore(url: string = process.env.DATABASE_URL || defaultDbPath()): Promise<DbHandle> {
  if (isPostgresUrl(url)) return openPgStore(url);
  return openDb(url);
}

let sharedStore: Promise<DbHandle> | null = null;

/** Process-wide store for the server, SQLite or PostgreSQL (DATABASE_URL): pages and routes `await getStore()`. */
export async function getStore(): Promise<DbHandle> {
  if (!isPostgresUrl(process.env.DATABASE_URL)) return getDb();
  if (!sharedStore) {
    sharedStore = openStore(process.env.DATABASE_URL);
    // a failed open (server down) is retried by the next request, not remembered
    sharedStore.catch(() => {
      sharedStore = null;
    });
  }
  return sharedStore;
}
