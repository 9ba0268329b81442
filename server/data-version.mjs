// The data version the response cache keys answers on (server/index.mjs), read from the database every process
// serving it shares: the one row of table data_version, bumped inside every write transaction (db/data-version.ts).
// - SQLite (PERFCONTEXT_DB): a read-only connection of its own, one synchronous read per request.
// - PostgreSQL (DATABASE_URL=postgres://…): a small pool of its own. Reads are coalesced without ever answering a
//   request with a version read before it arrived: a request joins the read that starts next, never one already
//   on the wire, so a write committed (on any instance) before the request came in is always seen.
// Either answers null while the database is not migrated yet: no caching then.
import Database from "better-sqlite3";
import pg from "pg";

const READ = "select version from data_version where id = 1";

/** A `() => Promise<number | null>` reading the current data version. */
export function dataVersionReader({ dbFile, databaseUrl }) {
  if (databaseUrl && /^postgres(ql)?:\/\//i.test(databaseUrl)) return pgReader(databaseUrl);
  return sqliteReader(dbFile);
}

function sqliteReader(dbFile) {
  let stmt = null;
  return async () => {
    try {
      if (!stmt) {
        const db = new Database(dbFile, { readonly: true, fileMustExist: true });
        db.pragma("busy_timeout = 2000");
        stmt = db.prepare(READ);
      }
      return stmt.get()?.version ?? null;
    } catch {
      stmt = null;
      return null;
    }
  };
}

function pgReader(url) {
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: "perfcontext-version" });
  pool.on("error", () => {}); // an idle connection dropped by the server: the pool opens another
  const once = () =>
    pool.query({ name: "data_version", text: READ }).then(
      (r) => (r.rows[0] ? Number(r.rows[0].version) : null),
      () => null,
    );
  let inflight = null;
  let queued = null;
  const run = () => {
    const p = once().finally(() => {
      if (inflight === p) inflight = null;
    });
    inflight = p;
    return p;
  };
  return () => {
    if (!inflight) return run();
    if (!queued)
      queued = inflight.then(() => {
        queued = null;
        return run();
      });
    return queued;
  };
}
