// A connection to read through, on the request thread (a DbHandle's) or a worker's own (db/work/store.ts): the store's
// drizzle and its tables, either dialect's. The readers of db/queries that a worker also runs take one.
import type { Db, Tables } from "../client";

export interface Conn {
  db: Db;
  t: Tables;
}
