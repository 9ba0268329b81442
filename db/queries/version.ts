// What the data looks like "now": the newest import that changed something, and values derived from the whole table
// (filter lists, search names, the newest round) kept until a newer import lands.
import { desc } from "drizzle-orm";
import type { DbHandle } from "../client";

/** The newest import that changed data; frozen snapshots compare against it to say "newer data exists". */
export async function getDataVersion(h: DbHandle): Promise<{ version: string; at: string }> {
  const { imports } = h.t;
  const [row] = await h.db
    .select({ id: imports.id, at: imports.finishedAt })
    .from(imports)
    .orderBy(desc(imports.id))
    .limit(1);
  return { version: row ? String(row.id) : "0", at: row?.at ?? new Date(0).toISOString() };
}

// keyed by handle, not file name: two ":memory:" databases must not share entries
const cache = new WeakMap<DbHandle, Map<string, { version: string; value: unknown }>>();

/**
 * `compute()` once per handle, key ("module:what", one namespace for every caller) and data version: for values
 * that scan the whole table and change only when an import lands (every write goes through an import, and one that
 * changed nothing leaves none; see db/write.ts finish). The version is read from the database on every call, so
 * several processes serving one database each drop their copy when any of them imports.
 */
export async function perDataVersion<T>(h: DbHandle, key: string, compute: () => T | Promise<T>): Promise<T> {
  const version = (await getDataVersion(h)).version;
  let mine = cache.get(h);
  if (!mine) {
    mine = new Map();
    cache.set(h, mine);
  }
  const hit = mine.get(key);
  if (hit && hit.version === version) return hit.value as T;
  const value = await compute();
  mine.set(key, { version, value });
  return value;
}
