// A bake-off upload's row written by the worker that made it, on SQLite (issue 26). better-sqlite3 writes
// synchronously, so on the request thread the insert of a max-cap upload's 16 MB of JSON (and the WAL checkpoint that
// follows it) held that thread 0.3–1.9 s of every such upload, and handing the 16 MB of texts back to it cost more
// besides. WAL lets a second connection in the same process write: each worker thread keeps its own, and writes the
// row and the data-version bump (db/data-version.ts) in one immediate transaction, as storePreparedUpload does on the
// request thread (PostgreSQL's writes do not block that thread, so they stay there). The same drizzle table object
// as the request thread's insert, so the row is the same row.
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { type PreparedRow, uploadRows } from "../bakeoff-prepare";
import { DATA_VERSION_BUMP } from "../data-version";
import * as schema from "../schema";

/** Where the worker writes and what it names the row: chosen by the request thread (the id is the link). */
export interface RowTarget {
  /** the SQLite file the server serves (DbHandle.file) */
  sqlite: string;
  id: string;
  createdAt: string;
}

const connections = new Map<string, { sqlite: Database.Database; db: ReturnType<typeof drizzle<typeof schema>> }>();

export function connection(file: string) {
  let c = connections.get(file);
  if (!c) {
    // the server opened and migrated this file before any job ran: never create one here
    const sqlite = new Database(file, { fileMustExist: true });
    sqlite.pragma("busy_timeout = 10000");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    c = { sqlite, db: drizzle(sqlite, { schema }) };
    connections.set(file, c);
  }
  return c;
}

/**
 * Insert the prepared upload's rows (uploadRows: the row, and its whole runs apart when it has samples) and bump the
 * data version, in one transaction; nothing is written when any of it fails.
 */
export function writeUploadRow(target: RowTarget, row: PreparedRow): void {
  const { sqlite, db } = connection(target.sqlite);
  const rows = uploadRows(target.id, target.createdAt, row);
  sqlite
    .transaction(() => {
      db.insert(schema.bakeoffUploads).values(rows.upload).run();
      if (rows.samples) db.insert(schema.bakeoffSamples).values(rows.samples).run();
      sqlite.prepare(DATA_VERSION_BUMP).run();
    })
    .immediate();
}
