// Opens the SQLite store (WAL, busy timeout), applies committed migrations, and hands out drizzle.
// The only module that knows where the database file is.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
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
  if (!opts.readonly) migrate(db, { migrationsFolder: migrationsFolder() });
  return { sqlite, db, file };
}

let shared: DbHandle | null = null;

/** Process-wide handle for the server. */
export function getDb(): DbHandle {
  if (!shared) shared = openDb();
  return shared;
}
