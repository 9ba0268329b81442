// The data version: one counter in the database (table data_version, migration 0007) that every write transaction
// bumps — imports (db/write.ts), bake-off uploads (db/bakeoff.ts), frozen snapshots (db/queries/snapshots.ts), and
// every later write route (call bumpDataVersion inside the transaction that writes). Readers key cached answers on
// it (server/response-cache.mjs), so several processes serving one database agree on when an answer is stale.
// Plain SQL any database has: a PostgreSQL store (issue 16) keeps the same table and statement.
import type Database from "better-sqlite3";

const BUMP = "update data_version set version = version + 1 where id = 1";
const READ = "select version from data_version where id = 1";

const bumps = new WeakMap<Database.Database, Database.Statement>();
const reads = new WeakMap<Database.Database, Database.Statement>();

/** Add one to the data version; call it inside the write's own transaction so the two commit together. */
export function bumpDataVersion(sqlite: Database.Database): void {
  let s = bumps.get(sqlite);
  if (!s) {
    s = sqlite.prepare(BUMP);
    bumps.set(sqlite, s);
  }
  s.run();
}

/** The current data version (0 for a database without the table: one never migrated). */
export function readDataVersion(sqlite: Database.Database): number {
  let s = reads.get(sqlite);
  if (!s) {
    s = sqlite.prepare(READ);
    reads.set(sqlite, s);
  }
  const row = s.get() as { version: number } | undefined;
  return row?.version ?? 0;
}
