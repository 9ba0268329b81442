// Same sources, same data on both stores (issue 16 item 5): ../shared/data/mlperf (every round summary, checker
// file and LoadGen run) imported into SQLite and into PostgreSQL gives the same rows — results, systems, notes,
// latency details, rounds and each source's counts — in a normalized dump (rows ordered by key; surrogate ids and
// times left out: they depend on when and where the import ran). A re-import changes nothing on either.
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import type { DbHandle } from "./client";
import { runImport } from "./import/pipeline";
import { stores, testPgUrl } from "./test-stores";

/** Every stored row that is data, read through drizzle (booleans and numbers alike on both), in key order. */
async function dump(h: DbHandle): Promise<Record<string, unknown[]>> {
  const { results, systems, dataNotes, latencyDetails, rounds, imports } = h.t;
  const byKey =
    (k: (r: Record<string, unknown>) => string) => (a: Record<string, unknown>, b: Record<string, unknown>) =>
      k(a) < k(b) ? -1 : k(a) > k(b) ? 1 : 0;
  const strip = (rows: Record<string, unknown>[], drop: string[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !drop.includes(k))));
  return {
    rounds: (await h.db.select().from(rounds)).sort(byKey((r) => String(r.id))),
    systems: (await h.db.select().from(systems)).sort(byKey((r) => String(r.id))),
    // (status_since is the import's time, as startedAt is)
    results: strip(await h.db.select().from(results), ["importId", "statusSince"]).sort(byKey((r) => String(r.id))),
    notes: strip(await h.db.select().from(dataNotes), ["id"]).sort(
      byKey((r) => `${r.resultId}\u0000${r.code}\u0000${r.message}\u0000${r.origin}`),
    ),
    latency: strip(await h.db.select().from(latencyDetails), ["importId"]).sort(byKey((r) => String(r.resultId))),
    imports: strip(await h.db.select().from(imports), ["id", "startedAt", "finishedAt"]).sort(
      byKey((r) => `${r.source}\u0000${r.sha256}`),
    ),
  };
}

describe.runIf(testPgUrl())("the same sources on SQLite and PostgreSQL", () => {
  it("store the same results, systems, notes and latency details; a re-import changes nothing on either", async () => {
    const source = sharedPath("mlperf");
    const dumps: Record<string, Record<string, unknown[]>> = {};
    for (const { name, open } of stores()) {
      const h = await open();
      try {
        const first = await runImport(h, [source]);
        expect(first.rejected, `${name}: ${JSON.stringify(first.errors?.slice(0, 3))}`).toBe(0);
        expect(first.inserted).toBeGreaterThan(3000);
        dumps[name] = await dump(h);
        const again = await runImport(h, [source]);
        expect({ inserted: again.inserted, updated: again.updated, rejected: again.rejected }).toEqual({
          inserted: 0,
          updated: 0,
          rejected: 0,
        });
        const after = await dump(h);
        expect(after.results).toEqual(dumps[name]?.results);
        expect(after.notes).toEqual(dumps[name]?.notes);
      } finally {
        await h.close();
      }
    }
    const { sqlite, pg } = dumps as { sqlite: Record<string, unknown[]>; pg: Record<string, unknown[]> };
    for (const table of Object.keys(sqlite)) {
      expect(pg[table]?.length, table).toBe(sqlite[table]?.length);
      expect(pg[table], table).toEqual(sqlite[table]);
    }
    expect(sqlite.results?.length).toBeGreaterThan(3000);
    expect(sqlite.notes?.length).toBeGreaterThan(0);
    expect(sqlite.latency?.length).toBeGreaterThan(0);
  }, 300_000);
});
