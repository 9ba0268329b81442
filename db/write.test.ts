// The writer's fast paths (per-system caching, split content-hash JSON, no natural-key index) must store exactly
// what the plain definitions would, and a 64-bit id collision must be refused, not overwrite.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type DbHandle, openDb } from "@/db/client";
import { dbContentHash } from "@/db/content-hash";
import { parsedSummary, ROUND_FILES } from "@/lib/mlperf/test-real-summaries";
import type { ResultRecord } from "@/lib/types";
import { recordContentHash, SourceRejected, writeResults } from "./write";

/** The content hash as first defined: SHA-1 of one flat JSON array of the record's and its system's fields. */
function referenceHash(r: ResultRecord): string {
  const y = r.system;
  const flat = [
    r.round,
    r.division,
    r.submitter,
    r.platform,
    r.model,
    r.usedModel,
    r.scenario,
    r.hasPower,
    r.modelFamily,
    r.accuracyTarget,
    r.availability,
    r.suite,
    r.precision,
    r.precisionRaw,
    r.value,
    r.units,
    r.higherIsBetter,
    r.power,
    r.powerUnits,
    r.accuracy,
    r.tokensPerSample,
    r.inferred,
    r.validity,
    r.location,
    r.notesText,
    r.measurementKey,
    r.notes.map((n) => [n.code, n.message]),
    y.systemName,
    y.accelerator,
    y.acceleratorRaw,
    y.acceleratorsPerNode,
    y.nodes,
    y.totalAccelerators,
    y.publishedTotalAccelerators,
    y.hostProcessor,
    y.hostProcessorsPerNode,
    y.hostProcessorCoreCount,
    y.operatingSystem,
    y.heterogeneous,
    y.software,
    y.softwareStack.map((c) => [c.name, c.version]),
  ];
  return createHash("sha1").update(JSON.stringify(flat)).digest("hex").slice(0, 16);
}

const META = { source: "v6.0.summary_results.json", format: "summary_results_json", sha256: "0".repeat(64) };

function tables(h: DbHandle): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const t of ["results", "systems", "data_notes", "rounds"])
    out[t] = h.sqlite.prepare(`select * from ${t} order by rowid`).all();
  return out;
}

describe("recordContentHash", () => {
  it.each(Object.keys(ROUND_FILES) as (keyof typeof ROUND_FILES)[])(
    "equals SHA-1 of the flat field array for every %s record, so stored hashes survive the split",
    (round) => {
      const records = parsedSummary(ROUND_FILES[round]).records;
      expect(records.length).toBeGreaterThan(500);
      for (const r of records) expect(recordContentHash(r)).toBe(referenceHash(r));
    },
  );

  it("changes when any system field changes", () => {
    const r = parsedSummary(ROUND_FILES["v6.0"]).records[0] as ResultRecord;
    const before = recordContentHash(r);
    expect(recordContentHash({ ...r, system: { ...r.system, operatingSystem: "other" } })).not.toBe(before);
    expect(recordContentHash({ ...r, value: r.value + 1 })).not.toBe(before);
  });
});

describe("writeResults", () => {
  it("stores the same rows whether a file's results share SystemRecords (as parsed) or each has its own", () => {
    const shared = parsedSummary(ROUND_FILES["v6.0"]).records;
    const systems = new Set(shared.map((r) => r.system));
    // the parser shares: 520 results, far fewer system objects
    expect(systems.size).toBeLessThan(shared.length / 2);
    const a = openDb(":memory:");
    const b = openDb(":memory:");
    writeResults(a, shared, META);
    writeResults(b, structuredClone(shared), META);
    expect(tables(a)).toEqual(tables(b));
    expect((tables(a).results ?? []).length).toBe(520);
    a.sqlite.close();
    b.sqlite.close();
  });

  it("a second record with the same id in one call updates the row the first one wrote", () => {
    const h = openDb(":memory:");
    const r = parsedSummary(ROUND_FILES["v6.0"]).records[0] as ResultRecord;
    const counts = writeResults(h, [r, { ...r, value: r.value * 2 }], META);
    expect(counts).toMatchObject({ rows: 2, inserted: 1, updated: 1, unchanged: 0 });
    const again = writeResults(h, [r, r], META);
    expect(again).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    expect(h.sqlite.prepare("select value from results").get()).toEqual({ value: r.value });
    h.sqlite.close();
  });

  it("takes the parser's natural keys as they are, and refuses a list of the wrong length", () => {
    const h = openDb(":memory:");
    const res = parsedSummary(ROUND_FILES["v6.0"]);
    expect(() => writeResults(h, res.records, META, undefined, res.naturalKeys.slice(1))).toThrow(
      /519 natural keys for 520 records/,
    );
    expect(writeResults(h, res.records, META, undefined, res.naturalKeys)).toMatchObject({ inserted: 520 });
    h.sqlite.close();
  });

  it("refuses a result whose id is already taken by a different natural key, and stores nothing", () => {
    const h = openDb(":memory:");
    const records = parsedSummary(ROUND_FILES["v6.0"]).records;
    writeResults(h, records, META);
    // what a 64-bit FNV collision would look like: the stored row under this id has another natural key
    const victim = h.sqlite.prepare("select id from results order by id limit 1").get() as { id: string };
    h.sqlite.prepare("update results set natural_key = '[\"someone else\"]' where id = ?").run(victim.id);
    const before = dbContentHash(h);
    let caught: unknown = null;
    try {
      writeResults(
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
    expect(err?.message).toContain('["someone else"]');
    expect(dbContentHash(h)).toBe(before);
    h.sqlite.close();
  });

  it("has no natural-key index to maintain, yet the primary key still refuses a duplicate id", () => {
    const h = openDb(":memory:");
    const idx = h.sqlite
      .prepare("select name from sqlite_master where type = 'index' and tbl_name = 'results'")
      .all() as { name: string }[];
    expect(idx.map((i) => i.name)).not.toContain("results_natural");
    const r = parsedSummary(ROUND_FILES["v6.0"]).records[0] as ResultRecord;
    writeResults(h, [r], META);
    expect(() =>
      h.sqlite.prepare("insert into results select * from results where id = (select min(id) from results)").run(),
    ).toThrow(/UNIQUE constraint failed: results.id/);
    h.sqlite.close();
  });
});
