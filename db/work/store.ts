// A worker thread's own connection to the store the server serves (issue 26), so reads and writes of megabytes
// (a campaign's members and its stored analysis, an upload's whole runs) never pass through the request thread:
// - SQLite: the file, on the connection db/work/sqlite-write.ts keeps per thread (WAL: it reads and writes beside the
//   server's);
// - PostgreSQL: a small pool per thread (two connections, idle ones closed after 10 s, and all closed when the pool
//   is shut down: closeWorkerConnections, asked by db/work/pool.ts closePool over a BroadcastChannel).
// The request thread names the store (DbHandle.workerStore); an in-memory SQLite database has no second connection.
import { BroadcastChannel, isMainThread } from "node:worker_threads";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db, Tables } from "../client";
import { pgTransaction } from "../pg-tx";
import type { Conn } from "../queries/conn";
import * as schema from "../schema";
import * as pgSchema from "../schema-pg";
import { connection } from "./sqlite-write";

/** Where a worker reads and writes: a SQLite file, or a PostgreSQL URL (with its password: never logged). */
export type WorkerStore = { sqlite: string } | { pg: string };

/** The channel closePool asks every worker thread on to close its connections (and each answers when done). */
export const CLOSE_CHANNEL = "perfcontext.worker-connections";

const pools = new Map<string, { pool: pg.Pool; conn: Conn }>();

function pgPool(url: string) {
  let p = pools.get(url);
  if (!p) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 2,
      idleTimeoutMillis: 10_000,
      allowExitOnIdle: true,
      application_name: "perfcontext-worker",
    });
    pool.on("error", () => {});
    p = { pool, conn: { db: drizzle(pool, { schema: pgSchema }) as unknown as Db, t: pgSchema as unknown as Tables } };
    pools.set(url, p);
  }
  return p;
}

/** The worker's connection to `store`. */
export function workerConn(store: WorkerStore): Conn {
  if ("sqlite" in store) return { db: connection(store.sqlite).db, t: schema };
  return pgPool(store.pg).conn;
}

/** Run `fn` in one transaction on the worker's connection (SQLite: immediate, so it waits for the writer lock). */
export async function workerTx<T>(store: WorkerStore, fn: (c: Conn) => Promise<T>): Promise<T> {
  if ("sqlite" in store) {
    const { sqlite } = connection(store.sqlite);
    sqlite.exec("begin immediate");
    try {
      const out = await fn(workerConn(store));
      sqlite.exec("commit");
      return out;
    } catch (e) {
      if (sqlite.inTransaction) sqlite.exec("rollback");
      throw e;
    }
  }
  return pgTransaction(pgPool(store.pg).pool, (client) =>
    fn({ db: drizzle(client, { schema: pgSchema }) as unknown as Db, t: pgSchema as unknown as Tables }),
  );
}

/** This thread's PostgreSQL pools, ended (their connections closed). */
export async function closeWorkerConnections(): Promise<number> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.pool.end()));
  return all.length;
}

// a worker thread answers closePool's request to close (the channel does not keep the thread alive)
if (!isMainThread) {
  const ch = new BroadcastChannel(CLOSE_CHANNEL);
  ch.unref();
  ch.onmessage = (ev) => {
    if ((ev as { data?: unknown }).data !== "close") return;
    void closeWorkerConnections().then((n) => ch.postMessage({ closed: n }));
  };
}
