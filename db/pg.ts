// The PostgreSQL store (DATABASE_URL=postgres://…): the same DbHandle as SQLite's (db/client.ts) over a pg.Pool.
// - numbers: int8 (count(*), sums of integers, every integer column: db/schema-pg.ts) and numeric (sum/avg of
//   integers) are parsed as JS numbers, so rows look the same on both stores. This is set on pg's global parsers:
//   drizzle's node-postgres session passes its own per-query `types` that fall back on the global ones, so a
//   pool-level parser would be bypassed by every drizzle read. Nothing else in the process reads int8 as text.
// - `x`: raw statements with `?` placeholders numbered for PostgreSQL, named (prepared once per pooled connection).
// - `tx`: BEGIN/COMMIT on one pooled connection, with a handle bound to it; nested calls (on either handle) join
//   it. PostgreSQL itself orders concurrent writers (row locks: every write bumps the data_version row), so unlike
//   SQLite's there is no queue in the process: several app instances and the CLI write to one database at once.
// - migrations (db/migrations-pg, drizzle-kit) are applied on open under an advisory lock, so instances starting
//   together migrate once.
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import type Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Db, DbHandle, Tables } from "./client";
import { postMigrationFills } from "./derived";
import { pgTransaction } from "./pg-tx";
import * as pgSchema from "./schema-pg";
import { numberPlaceholders, type Sql, type SqlParam } from "./sql";

/** pg_advisory_lock key held while migrating ("pcmig" in ASCII; any constant would do). */
const MIGRATE_LOCK = 0x70636d6967;

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

export function migrationsFolderPg(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations-pg");
}

/** The URL without its password, for logs and `file`. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "";
    return u.toString().replace(/:@/, "@");
  } catch {
    return "postgres://…";
  }
}

let parsersSet = false;
function setNumberParsers(): void {
  if (parsersSet) return;
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
  parsersSet = true;
}

type Queryable = pg.Pool | pg.PoolClient;

const names = new Map<string, string>();
/** Statements prepared per connection at most: texts past it (multi-row inserts of odd sizes) run unnamed. */
const MAX_NAMED = 1000;
/** A statement's name for pg's per-connection prepared statements: one per distinct text. */
function nameOf(text: string): string | undefined {
  let n = names.get(text);
  if (!n && names.size < MAX_NAMED) {
    n = `pc${names.size + 1}`;
    names.set(text, n);
  }
  return n;
}

const bind = (params: readonly SqlParam[]) => params.map((p) => (typeof p === "bigint" ? p.toString() : p));

/** Raw statements over a pool or one connection: `?` → $n, each text prepared once per connection. */
export function pgSql(q: Queryable): Sql {
  const run = async (sql: string, params: readonly SqlParam[]) => {
    const text = numberPlaceholders(sql);
    return q.query({ name: nameOf(text), text, values: bind(params) });
  };
  return {
    async all<T>(sql: string, params: readonly SqlParam[] = []) {
      return (await run(sql, params)).rows as T[];
    },
    async get<T>(sql: string, params: readonly SqlParam[] = []) {
      return (await run(sql, params)).rows[0] as T | undefined;
    },
    async run(sql: string, params: readonly SqlParam[] = []) {
      return { changes: (await run(sql, params)).rowCount ?? 0 };
    },
  };
}

function noSqlite(): never {
  throw new Error("this store is PostgreSQL: SQLite's connection (h.sqlite) does not exist; use h.x, h.db and h.tx");
}

/** Open a PostgreSQL store at `url` and apply the committed migrations (db/migrations-pg). */
export async function openPgStore(
  url: string,
  opts: { migrate?: boolean; max?: number; onClose?: () => Promise<void> } = {},
): Promise<DbHandle> {
  setNumberParsers();
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? Number(process.env.PERFCONTEXT_PG_POOL ?? 10),
    application_name: "perfcontext",
  });
  // an idle connection the server drops (restart, admin) must not crash the process: the pool replaces it
  pool.on("error", (e) => console.warn(`postgres: idle connection lost: ${e.message}`));
  if (opts.migrate ?? true) {
    try {
      await migratePg(pool);
    } catch (e) {
      await pool.end();
      throw e;
    }
  }
  const file = redactUrl(url);
  const inside = new AsyncLocalStorage<DbHandle>();
  const t = pgSchema as unknown as Tables;

  // one handle shape over the pool (top level) or over one client (inside a transaction); only tx and close differ
  const handle = (
    runner: pg.Pool | pg.PoolClient,
    tx: <T>(fn: (h: DbHandle) => Promise<T>) => Promise<T>,
    close: () => Promise<void>,
  ): DbHandle => ({
    dialect: "pg",
    db: drizzle(runner, { schema: pgSchema }) as unknown as Db,
    t,
    x: pgSql(runner),
    file,
    workerStore: { pg: url },
    get sqlite(): Database.Database {
      return noSqlite();
    },
    tx,
    close,
  });
  // inside a transaction, a nested tx joins it
  const bound = (client: pg.PoolClient): DbHandle => {
    const b: DbHandle = handle(
      client,
      (fn) => fn(b),
      async () => {},
    );
    return b;
  };

  const h: DbHandle = handle(
    pool,
    async <T>(fn: (h: DbHandle) => Promise<T>): Promise<T> => {
      const open = inside.getStore();
      if (open) return fn(open);
      return pgTransaction(pool, (client) => {
        const b = bound(client);
        return inside.run(b, () => fn(b));
      });
    },
    async () => {
      await pool.end();
      await opts.onClose?.();
    },
  );
  // the post-migration fills (db/derived.ts): values a rule in lib/ derives, recomputed where a rule changed
  if (opts.migrate ?? true)
    try {
      await postMigrationFills(h);
    } catch (e) {
      await pool.end();
      throw e;
    }
  return h;
}

/** Apply db/migrations-pg under an advisory lock (instances starting together migrate once). */
export async function migratePg(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATE_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsFolderPg() });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATE_LOCK]);
    }
  } finally {
    client.release();
  }
}
