// Raw SQL the two stores share: the writer's statements, the counters, the post-migration fills. Statements use `?`
// placeholders and the SQL both SQLite and PostgreSQL speak (insert … on conflict, returning, coalesce, exists);
// each store's executor adapts what differs below the statement (PostgreSQL's $n placeholders, SQLite's lack of
// booleans). Query-builder reads go through drizzle instead (db/queries).
import type Database from "better-sqlite3";

/** One SQL parameter: booleans are stored as 0/1 by SQLite and as boolean by PostgreSQL. */
export type SqlParam = string | number | boolean | null | bigint;

export interface Sql {
  /** Every row of a query. */
  all<T>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** The first row of a query, if any. */
  get<T>(sql: string, params?: readonly SqlParam[]): Promise<T | undefined>;
  /** A statement's effect: rows changed. */
  run(sql: string, params?: readonly SqlParam[]): Promise<{ changes: number }>;
}

/**
 * SQLite's executor: prepared statements cached per text; booleans bound as 0/1 (better-sqlite3 binds no booleans).
 * The values go in as one array (better-sqlite3 binds its elements in order), not spread into arguments: a
 * multi-row insert binds tens of thousands.
 */
export function sqliteSql(sqlite: Database.Database): Sql {
  const cache = new Map<string, Database.Statement>();
  const stmt = (sql: string): Database.Statement => {
    let s = cache.get(sql);
    if (!s) {
      s = sqlite.prepare(sql);
      cache.set(sql, s);
    }
    return s;
  };
  const bind = (params: readonly SqlParam[]) => params.map((p) => (typeof p === "boolean" ? (p ? 1 : 0) : p));
  return {
    async all<T>(sql: string, params: readonly SqlParam[] = []) {
      return stmt(sql).all(bind(params)) as T[];
    },
    async get<T>(sql: string, params: readonly SqlParam[] = []) {
      return stmt(sql).get(bind(params)) as T | undefined;
    },
    async run(sql: string, params: readonly SqlParam[] = []) {
      return { changes: stmt(sql).run(bind(params)).changes };
    },
  };
}

/**
 * `?` placeholders numbered for PostgreSQL ($1, $2, …), leaving `?` inside quoted strings and identifiers alone.
 * Statements here never use PostgreSQL's `?` JSON operators, so every bare `?` is a parameter.
 */
export function numberPlaceholders(sql: string): string {
  let out = "";
  let n = 0;
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === "?") out += `$${++n}`;
    else out += ch;
  }
  return out;
}

/** A boolean column read through raw SQL: 0/1 from SQLite, true/false from PostgreSQL. */
export function sqlBool(v: unknown): boolean {
  return v === true || v === 1 || v === "1" || v === "t";
}
