// Advisory locks on PostgreSQL (SQLite has one writer per database already: `begin immediate` in h.tx).
import type { DbHandle } from "../client";

/** pg_advisory_xact_lock key of the importers ("pcimp" in ASCII; any constant would do). */
const IMPORT_LOCK = 0x7063696d70;

/**
 * One source is written at a time, whichever process writes it: the writer reads a round's stored rows and decides
 * insert or update from them, so two importers of one round at once must not both find it empty. SQLite has one
 * writer per database already (`begin immediate` in h.tx); on PostgreSQL the transaction takes an advisory lock,
 * released when it commits or rolls back. Call it first thing inside the transaction.
 */
export async function oneImportAtATime(h: DbHandle): Promise<void> {
  if (h.dialect === "pg") await h.x.get("select pg_advisory_xact_lock(?)", [IMPORT_LOCK]);
}

/**
 * pg_try_advisory_lock key of `npm run refresh` ("pcref" in ASCII): held for the whole refresh on its own
 * connection, so two instances of a team server never fetch and import at once (db/import/refresh.ts).
 */
export const REFRESH_LOCK = 0x7063726566;
