// The writer's fast paths (per-system caching, column-by-column change detection, values bound by position, no
// stored natural key) must store exactly what the plain definitions would, count every real change as one, and refuse
// a 64-bit id collision.
import { describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { dbContentHash } from "@/db/content-hash";
import { stores } from "@/db/test-stores";
import { META } from "@/db/test-write";
import { fnv1a64 } from "@/lib/mlperf/ids";
import { parsedSummary, ROUND_FILES } from "@/lib/mlperf/test-real-summaries";
import type { ResultRecord } from "@/lib/types";
import { SourceRejected, writeResults } from "./write";

async function tables(h: DbHandle): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  // (a result's status_since is its import's time: two imports differ in it and in nothing else)
  for (const t of ["results", "systems", "data_notes", "rounds"])
    out[t] = (await h.x.all<Record<string, unknown>>(`select * from ${t} order by id`)).map(
      ({ status_since: _s, ...row }) => row,
    );
  return out;
}

describe.each(stores())("writeResults ($name store)", ({ name, open }) => {
  it("stores the same rows whether a file's results share SystemRecords (as parsed) or each has its own", async () => {
    const shared = parsedSummary(ROUND_FILES["v6.0"]).records;
    const systems = new Set(shared.map((r) => r.system));
    // the parser shares: 520 results, far fewer system objects
    expect(systems.size).toBeLessThan(shared.length / 2);
    const a = await open();
    const b = await open();
    await writeResults(a, shared, META);
    await writeResults(b, structuredClone(shared), META);
    expect(await tables(a)).toEqual(await tables(b));
    expect(((await tables(a)).results ?? []).length).toBe(520);
    await a.close();
    await b.close();
  });

  it("a second record with the same id in one call updates the row the first one wrote", async () => {
    const h = await open();
    const r = parsedSummary(ROUND_FILES["v6.0"]).records[0] as ResultRecord;
    const counts = await writeResults(h, [r, { ...r, value: r.value * 2 }], META);
    expect(counts).toMatchObject({ rows: 2, inserted: 1, updated: 1, unchanged: 0 });
    const again = await writeResults(h, [r, r], META);
    expect(again).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    expect(await h.x.all("select value from results")).toEqual([{ value: r.value }]);
    await h.close();
  });

  it("takes the parser's natural keys as they are, and refuses a list of the wrong length", async () => {
    const h = await open();
    const res = parsedSummary(ROUND_FILES["v6.0"]);
    await expect(writeResults(h, res.records, META, undefined, res.naturalKeys.slice(1))).rejects.toThrow(
      /519 natural keys for 520 records/,
    );
    expect(await writeResults(h, res.records, META, undefined, res.naturalKeys)).toMatchObject({ inserted: 520 });
    await h.close();
  });

  it("refuses a result whose id is already taken by a different natural key, and stores nothing", async () => {
    const h = await open();
    const records = parsedSummary(ROUND_FILES["v6.0"]).records;
    await writeResults(h, records, META);
    // what a 64-bit FNV collision would look like: the stored row under this id has another natural key
    const victim = (await h.x.get<{ id: string }>("select id from results order by id limit 1")) as { id: string };
    await h.x.run("update results set submitter = 'someone else' where id = ?", [victim.id]);
    const before = await dbContentHash(h);
    let caught: unknown = null;
    try {
      await writeResults(
        h,
        records.map((r) => ({ ...r, value: r.value * 2 })),
        META,
      );
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(SourceRejected);
    const err = (caught as SourceRejected).errors[0];
    expect(err?.source).toBe(META.source);
    expect(err?.message).toContain(`result id ${victim.id}`);
    expect(err?.message).toMatch(/already used by \["v6\.0","[a-z]+","someone else",/);
    expect(await dbContentHash(h)).toBe(before);
    await h.close();
  });

  it("reads a round's stored rows whether or not the rounds table lists it (and lists it again)", async () => {
    const h = await open();
    const records = parsedSummary(ROUND_FILES["v6.0"]).records;
    await writeResults(h, records, META);
    await h.x.run("delete from rounds");
    expect(await writeResults(h, records, META)).toMatchObject({ inserted: 0, updated: 0, unchanged: 520 });
    expect(await h.x.all("select id from rounds")).toEqual([{ id: "v6.0" }]);
    await h.close();
  });

  it.skipIf(name !== "sqlite")(
    "stores no natural key (its parts are columns) and has no index on it, yet the primary key refuses a duplicate id (SQLite's schema)",
    async () => {
      const h = await open();
      const idx = h.sqlite
        .prepare("select name from sqlite_master where type = 'index' and tbl_name = 'results'")
        .all() as { name: string }[];
      expect(idx.map((i) => i.name)).not.toContain("results_natural");
      const cols = (h.sqlite.prepare("pragma table_info(results)").all() as { name: string }[]).map((c) => c.name);
      expect(cols).not.toContain("natural_key");
      expect(cols).not.toContain("search_text");
      const r = parsedSummary(ROUND_FILES["v6.0"]).records[0] as ResultRecord;
      await writeResults(h, [r], META);
      expect(() =>
        h.sqlite.prepare("insert into results select * from results where id = (select min(id) from results)").run(),
      ).toThrow(/UNIQUE constraint failed: results.id/);
      await h.close();
    },
  );
});

describe.each(stores())("a file of the same kind changing a stored number ($name store)", ({ open }) => {
  const notesOf = (h: DbHandle, id: string) =>
    h.x.all<{ code: string; message: string }>("select code, message from data_notes where result_id = ? order by id", [
      id,
    ]);

  it("wins, and the row names the file whose value it replaced; the official file put back does the same", async () => {
    const h = await open();
    const res = parsedSummary(ROUND_FILES["v6.0"]);
    await writeResults(h, res.records, META, undefined, res.naturalKeys);
    const copy = res.records.slice(0, 5).map((r, i) => (i === 2 ? { ...r, value: r.value * 10 } : r));
    const other = { ...META, source: "/tmp/edited/my-copy.summary_results.json" };
    expect(await writeResults(h, copy, other)).toMatchObject({ updated: 1, unchanged: 4 });
    const id = fnv1a64(res.naturalKeys[2] as string);
    const v = (res.records[2] as ResultRecord).value;
    expect((await notesOf(h, id)).find((n) => n.code === "value-replaced")?.message).toBe(
      `my-copy.summary_results.json replaced the value ${v} ${res.records[2]?.units} from v6.0.summary_results.json with ${v * 10} ${res.records[2]?.units}; both are summary_results_json files, so the later import wins. Check which one is the official publication.`,
    );
    expect(await writeResults(h, res.records, META, undefined, res.naturalKeys)).toMatchObject({ updated: 1 });
    expect((await notesOf(h, id)).filter((n) => n.code === "value-replaced").map((n) => n.message)).toEqual([
      expect.stringMatching(/^v6\.0\.summary_results\.json replaced the value .* from my-copy\.summary_results\.json/),
    ]);
    expect(await writeResults(h, res.records, META, undefined, res.naturalKeys)).toMatchObject({ updated: 0 });
    await h.close();
  });

  it("a change from the same file, or a lesser source, leaves no such note", async () => {
    const h = await open();
    const res = parsedSummary(ROUND_FILES["v6.0"]);
    await writeResults(h, res.records, META, undefined, res.naturalKeys);
    const changed = res.records.map((r, i) => (i === 0 ? { ...r, value: r.value + 1 } : r));
    expect(await writeResults(h, changed, META)).toMatchObject({ updated: 1 });
    const count = async () =>
      Number((await h.x.get<{ n: number }>("select count(*) as n from data_notes where code = 'value-replaced'"))?.n);
    expect(await count()).toBe(0);
    await h.close();
  });
});
