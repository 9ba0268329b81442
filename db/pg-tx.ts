// One PostgreSQL transaction on a pooled client, for the request thread's handle (db/pg.ts) and a worker's own pool
// (db/work/store.ts). Its own module so a worker bundle does not pull in the store's migrations and fills.
import type pg from "pg";

/**
 * `fn` in one transaction on a client of `pool`: begin, commit, or roll back and rethrow; a client whose rollback
 * failed is released broken (destroyed), not handed to the next caller. The request thread's handle and a worker's
 * own pool (db/work/store.ts) both write through it.
 */
export async function pgTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("begin");
    const out = await fn(client);
    await client.query("commit");
    return out;
  } catch (e) {
    await client.query("rollback").catch((r: Error) => {
      broken = r;
    });
    throw e;
  } finally {
    client.release(broken);
  }
}
