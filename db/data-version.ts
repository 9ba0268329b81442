// The data version: one counter in the database (table data_version, migration 0007) that every write transaction
// bumps — imports (db/write.ts), bake-off uploads (db/bakeoff.ts), frozen snapshots (db/snapshots.ts), and
// every later write route (call bumpDataVersion inside the transaction that writes). Readers key cached answers on
// it (server/response-cache.mjs), so several processes serving one database agree on when an answer is stale.
// Plain SQL any database has: SQLite and PostgreSQL run the same statement through the store's executor.
import type { DbHandle } from "./client";

/** The bump as SQL, for a writer on its own connection (db/work/sqlite-write.ts, in a worker thread). */
export const DATA_VERSION_BUMP = "update data_version set version = version + 1 where id = 1";
const READ = "select version from data_version where id = 1";

/** Add one to the data version; call it inside the write's own transaction (`h.tx`) so the two commit together. */
export async function bumpDataVersion(h: DbHandle): Promise<void> {
  await h.x.run(DATA_VERSION_BUMP);
}

/** The current data version (0 for a database without the table's row). */
export async function readDataVersion(h: DbHandle): Promise<number> {
  const row = await h.x.get<{ version: number }>(READ);
  return Number(row?.version ?? 0);
}
