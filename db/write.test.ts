// The writer's fast paths (per-system caching, column-by-column change detection, values bound by position, no
// stored natural key) must store exactly what the plain definitions would, count every real change as one, and refuse
// a 64-bit id collision.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { dbContentHash } from "@/db/content-hash";
import { sqlBool } from "@/db/sql";
import { stores } from "@/db/test-stores";
import { PER_ACCELERATOR_RULE_VERSION, perAcceleratorValue } from "@/lib/context/per-accelerator";
import { fnv1a64 } from "@/lib/mlperf/ids";
import { engineForBenchmark } from "@/lib/mlperf/software";
import { parsedSummary, ROUND_FILES } from "@/lib/mlperf/test-real-summaries";
import type { ResultRecord } from "@/lib/types";
import {
  legacyContentHash,
  recordContentHash,
  roundSortKey,
  SourceRejected,
  systemIdFor,
  systemVariantIdFor,
  writeResults,
} from "./write";

/**
 * What the previous version (commit efd5504) stored as the content hash of every record of each real round: SHA-256
 * of all its hashes, one per line in file order, and the first record's hash. Computed by that version's
 * recordContentHash, so legacyContentHash must give exactly these for a database it wrote to re-import unchanged.
 */
const STORED_BY_EFD5504: Record<keyof typeof ROUND_FILES, { rows: number; digest: string; first: string }> = {
  "v4.1": {
    rows: 937,
    digest: "ed8cc2ab3609c082a843eddecccace76adf4f198c793b9d2bf00771b29bf88e0",
    first: "544bc0eba19fc604",
  },
  "v5.1": {
    rows: 1448,
    digest: "02a2cb8c12e1b49159d46c7d37042cd641a9400374db4436dc995870550a1d1a",
    first: "9026b85a5732523f",
  },
  "v6.0": {
    rows: 520,
    digest: "863996f782a5cd5858af52a76c7427f607754fc236f20f961934ee2b3987bea9",
    first: "838c37edfebf5290",
  },
};

const META = { source: "v6.0.summary_results.json", format: "summary_results_json", sha256: "0".repeat(64) };

async function tables(h: DbHandle): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of ["results", "systems", "data_notes", "rounds"])
    out[t] = await h.x.all(`select * from ${t} order by id`);
  return out;
}

/**
 * A record as the version before the benchmark table (lib/mlperf/benchmarks.ts) made it: its units-suspect note only
 * on Queries/s rows that are Interactive or count tokens in their accuracy, in that version's words. Only the notes
 * differ (the table flags Samples/s token rows too and names the official metric), so legacyContentHash can still be
 * checked against what that version stored.
 */
function asBeforeBenchmarkTable(r: ResultRecord): ResultRecord {
  const notes = r.notes.filter((n) => n.code !== "units-suspect");
  if (r.units === "Queries/s" && (r.scenario === "Interactive" || /TOKENS_PER_SAMPLE|GEN_LEN/.test(r.accuracy ?? "")))
    notes.push({
      code: "units-suspect",
      message: `published units are Queries/s, but ${r.model} ${r.scenario} is a token-generation result and ${r.value} is on the tokens/s scale; kept as published`,
    });
  return { ...r, notes };
}

describe("legacyContentHash", () => {
  it.each(Object.keys(ROUND_FILES) as (keyof typeof ROUND_FILES)[])(
    "gives, for every %s record, the hash the previous version stored",
    (round) => {
      const records = parsedSummary(ROUND_FILES[round]).records.map(asBeforeBenchmarkTable);
      const want = STORED_BY_EFD5504[round];
      expect(records.length).toBe(want.rows);
      expect(legacyContentHash(records[0] as ResultRecord)).toBe(want.first);
      const all = records.map((r) => legacyContentHash(r)).join("\n");
      expect(createHash("sha256").update(all).digest("hex")).toBe(want.digest);
    },
  );
});

describe("recordContentHash", () => {
  const r = () => structuredClone(parsedSummary(ROUND_FILES["v6.0"]).records[0] as ResultRecord);

  it("is f + 16 hex chars, and changes with any system field and with the notes", async () => {
    const base = recordContentHash(r());
    expect(base).toMatch(/^f[0-9a-f]{16}$/);
    const sys = r().system;
    const changes: [string, Partial<typeof sys>][] = [
      ["systemName", { systemName: `${sys.systemName} ` }],
      ["accelerator", { accelerator: "other" }],
      ["acceleratorRaw", { acceleratorRaw: null }],
      ["acceleratorsPerNode", { acceleratorsPerNode: (sys.acceleratorsPerNode ?? 0) + 1 }],
      ["nodes", { nodes: (sys.nodes ?? 0) + 1 }],
      ["totalAccelerators", { totalAccelerators: (sys.totalAccelerators ?? 0) + 1 }],
      ["publishedTotalAccelerators", { publishedTotalAccelerators: 1234 }],
      ["hostProcessor", { hostProcessor: "x" }],
      ["hostProcessorsPerNode", { hostProcessorsPerNode: 99 }],
      ["hostProcessorCoreCount", { hostProcessorCoreCount: "1" }],
      ["operatingSystem", { operatingSystem: "other" }],
      ["heterogeneous", { heterogeneous: !sys.heterogeneous }],
      ["software", { software: "x 1" }],
      ["softwareStack", { softwareStack: [...sys.softwareStack, { name: "x", version: null }] }],
    ];
    const keys = Object.keys(sys).filter((k) => !["round", "submitter", "platform"].includes(k));
    // every system field but the three of the system's id is covered by a case below
    expect(changes.map(([k]) => k).sort()).toEqual(keys.sort());
    for (const [, change] of changes) {
      const x = r();
      expect(recordContentHash({ ...x, system: { ...x.system, ...change } })).not.toBe(base);
    }
    const x = r();
    expect(recordContentHash({ ...x, notes: [{ code: "a", message: "b" }] })).not.toBe(base);
    expect(recordContentHash({ ...x, notes: [{ code: "a", message: "c" }] })).not.toBe(
      recordContentHash({ ...x, notes: [{ code: "a", message: "b" }] }),
    );
    // a result's own fields are compared column by column instead (see the writer tests below)
    expect(recordContentHash({ ...x, value: x.value + 1 })).toBe(base);
  });
});

/** Every ResultRecord field the writer keeps, and whether re-writing the record with it changed is an update. */
const FIELD_CHANGES: [keyof ResultRecord, "updated" | "unchanged", (r: ResultRecord) => Partial<ResultRecord>][] = [
  ["benchmark", "updated", (r) => ({ benchmark: `${r.benchmark}x` })],
  ["modelFamily", "updated", (r) => ({ modelFamily: `${r.modelFamily}x` })],
  ["accuracyTarget", "updated", (r) => ({ accuracyTarget: r.accuracyTarget === null ? "99" : null })],
  ["availability", "updated", () => ({ availability: "preview" })],
  ["suite", "updated", () => ({ suite: "edge" })],
  ["precision", "updated", () => ({ precision: "int8" })],
  ["precisionRaw", "updated", () => ({ precisionRaw: "INT8" })],
  ["value", "updated", (r) => ({ value: r.value * 1.000001 })],
  ["units", "updated", () => ({ units: "Samples/s" })],
  ["higherIsBetter", "updated", (r) => ({ higherIsBetter: !r.higherIsBetter })],
  ["power", "updated", () => ({ power: 1234.5 })],
  ["powerUnits", "updated", () => ({ powerUnits: "Watts" })],
  ["accuracy", "updated", () => ({ accuracy: "ROUGE1: 1" })],
  ["tokensPerSample", "updated", () => ({ tokensPerSample: 283 })],
  ["inferred", "updated", (r) => ({ inferred: !r.inferred })],
  ["validity", "updated", () => ({ validity: "INVALID" })],
  ["location", "updated", () => ({ location: "closed/X/results/y" })],
  ["notesText", "updated", () => ({ notesText: "a note" })],
  ["measurementKey", "updated", () => ({ measurementKey: "0000000000000000" })],
  ["notes", "updated", () => ({ notes: [{ code: "x", message: "y" }] })],
  ["system", "updated", (r) => ({ system: { ...r.system, operatingSystem: "other" } })],
  // what only some formats carry: the same, unless it brings an ID or link the row lacks
  ["extra", "unchanged", () => ({ extra: { more: 1 } })],
  ["resultId", "unchanged", () => ({ resultId: null })],
  ["detailsUrl", "unchanged", () => ({ detailsUrl: null })],
  ["codeUrl", "unchanged", () => ({ codeUrl: null })],
];
/** The natural key's fields: changing one makes another result, not a change to this one. */
const KEY_FIELDS = ["round", "division", "submitter", "platform", "model", "usedModel", "scenario", "hasPower"];

describe.each(stores())("writeResults: what counts as a change ($name store)", ({ open }) => {
  it("covers every ResultRecord field", async () => {
    const r = parsedSummary(ROUND_FILES["v6.0"]).records[0] as ResultRecord;
    expect([...FIELD_CHANGES.map(([k]) => k), ...KEY_FIELDS].sort()).toEqual(Object.keys(r).sort());
  });

  it.each(FIELD_CHANGES)("a re-written record whose %s differs is %s", async (_field, expected, change) => {
    const h = await open();
    const records = parsedSummary(ROUND_FILES["v6.0"]).records;
    await writeResults(h, records, META);
    expect(await writeResults(h, records, META)).toMatchObject({ inserted: 0, updated: 0, unchanged: 520 });
    // not the first result of its platform: a changed system there becomes a variant of its own (systemVariantIdFor)
    // instead of taking the platform's row from the results that still name the old one
    const i = records.findIndex(
      (r, j) =>
        r.notes.length === 0 &&
        r.power === null &&
        r.resultId !== null &&
        records.slice(0, j).some((p) => p.platform === r.platform && p.submitter === r.submitter),
    );
    expect(i).toBeGreaterThan(0);
    const changed = records.map((r, j) => (j === i ? { ...structuredClone(r), ...change(r) } : r));
    expect(await writeResults(h, changed, META)).toMatchObject(
      expected === "updated" ? { updated: 1, unchanged: 519 } : { updated: 0, unchanged: 520 },
    );
    await h.close();
  });

  it("a row stored with an earlier version's content hash re-imports as unchanged, and as updated when it changed", async () => {
    const h = await open();
    const records = parsedSummary(ROUND_FILES["v6.0"]).records;
    await writeResults(h, records, META);

    const keys = records.map((r) =>
      fnv1a64(
        JSON.stringify([r.round, r.division, r.submitter, r.platform, r.model, r.usedModel, r.scenario, r.hasPower]),
      ),
    );
    for (const [i, r] of records.entries())
      await h.x.run("update results set content_hash = ? where id = ?", [legacyContentHash(r), keys[i] as string]);
    expect(await writeResults(h, records, META)).toMatchObject({ updated: 0, unchanged: 520 });
    const changed = records.map((r, j) => (j === 0 ? { ...r, value: r.value + 1 } : r));
    expect(await writeResults(h, changed, META)).toMatchObject({ updated: 1, unchanged: 519 });
    await h.close();
  });
});

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

/** What each results column must hold for a record written by a summary import (the writer binds them by position). */
const STORED_AS: Record<string, (r: ResultRecord, key: string) => unknown> = {
  id: (_r, key) => fnv1a64(key),
  system_id: (r) => systemIdFor(r.system),
  result_id: (r) => r.resultId,
  round: (r) => r.round,
  round_sort: (r) => roundSortKey(r.round),
  division: (r) => r.division,
  submitter: (r) => r.submitter,
  platform: (r) => r.platform,
  model: (r) => r.model,
  benchmark: (r) => r.benchmark,
  used_model: (r) => r.usedModel,
  model_family: (r) => r.modelFamily,
  accuracy_target: (r) => r.accuracyTarget,
  scenario: (r) => r.scenario,
  availability: (r) => r.availability,
  suite: (r) => r.suite,
  precision: (r) => r.precision,
  precision_raw: (r) => r.precisionRaw,
  value: (r) => r.value,
  units: (r) => r.units,
  higher_is_better: (r) => r.higherIsBetter,
  per_accelerator: (r) =>
    perAcceleratorValue({ ...r, totalAccelerators: r.system.totalAccelerators, heterogeneous: r.system.heterogeneous }),
  per_accelerator_rule: () => PER_ACCELERATOR_RULE_VERSION,
  power: (r) => r.power,
  power_units: (r) => r.powerUnits,
  has_power: (r) => r.hasPower,
  accuracy: (r) => r.accuracy,
  tokens_per_sample: (r) => r.tokensPerSample,
  inferred: (r) => r.inferred,
  validity: (r) => r.validity,
  measurement_key: (r) => r.measurementKey,
  location: (r) => r.location,
  details_url: (r) => r.detailsUrl,
  code_url: (r) => r.codeUrl,
  notes_text: (r) => r.notesText,
  extra: (r) => JSON.stringify(r.extra),
  origin: () => META.format,
  content_hash: (r) => recordContentHash(r),
  import_id: () => 1,
  accelerator: (r) => r.system.accelerator,
  total_accelerators: (r) => r.system.totalAccelerators,
  nodes: (r) => r.system.nodes,
  // the engine that ran this benchmark: a list naming several serving engines is the system's (engineForBenchmark)
  serving_engine: (r) => engineForBenchmark(r.system.software, r.model, r.usedModel).label,
};

/**
 * The system id each record is stored under, worked out on its own: the platform's id (systemIdFor) for the first
 * system named under a round, submitter and platform, in file order; the variant id for any system with other fields.
 */
function expectedSystemIds(records: readonly ResultRecord[]): string[] {
  const first = new Map<string, string>();
  return records.map((r) => {
    const platformId = systemIdFor(r.system);
    const fields = JSON.stringify(r.system);
    const owner = first.get(platformId);
    if (owner === undefined) first.set(platformId, fields);
    return owner === undefined || owner === fields ? platformId : systemVariantIdFor(r.system);
  });
}

describe.each(stores())("the results row, bound by column position ($name store)", ({ open }) => {
  it.each(Object.keys(ROUND_FILES) as (keyof typeof ROUND_FILES)[])(
    "%s: every column of every real result holds its own field",
    async (round) => {
      const h = await open();
      const res = parsedSummary(ROUND_FILES[round]);
      await writeResults(h, res.records, META, undefined, res.naturalKeys);
      // booleans read as 0/1 from SQLite, true/false from PostgreSQL
      const rows = (await h.x.all<Record<string, unknown>>("select * from results")).map(
        (row): Record<string, unknown> => ({
          ...row,
          higher_is_better: sqlBool(row.higher_is_better),
          has_power: sqlBool(row.has_power),
          inferred: sqlBool(row.inferred),
        }),
      );
      const cols = Object.keys(rows[0] ?? {});
      // every column has its expectation, and no expectation names a column that is not there
      expect(cols.slice().sort()).toEqual(Object.keys(STORED_AS).sort());
      const stored = new Map(rows.map((row) => [row.id, row]));
      expect(stored.size).toBe(res.records.length);
      const systemIds = expectedSystemIds(res.records);
      res.records.forEach((r, i) => {
        const key = res.naturalKeys[i] as string;
        const row = stored.get(fnv1a64(key));
        const expected = Object.fromEntries(
          cols.map((c) => [c, (STORED_AS[c] as (r: ResultRecord, k: string) => unknown)(r, key)]),
        );
        expected.system_id = systemIds[i];
        expect(row).toEqual(expected);
      });
      await h.close();
    },
  );
});

describe.each(stores())("systems that share a platform name ($name store)", ({ open }) => {
  // e.g. v4.1 Oracle GH200 (4.1-0053 on TensorRT 10.2.0 / CUDA 12.4, 4.1-0128…0130 on TensorRT 9.3.0 / CUDA 12.2),
  // v6.0 Krai h200_n1-kissv ("KISS-V" and "KISS-V Fast Mode"): each result must show its own system's fields
  it.each(Object.keys(ROUND_FILES) as (keyof typeof ROUND_FILES)[])(
    "%s: every result's stored system has that result's own name, software and OS",
    async (round) => {
      const h = await open();
      const res = parsedSummary(ROUND_FILES[round]);
      await writeResults(h, res.records, META, undefined, res.naturalKeys);
      const stored = new Map(
        (
          await h.x.all<{
            id: string;
            systemName: string;
            software: string | null;
            operatingSystem: string | null;
            stack: string;
          }>(
            'select r.id, s.system_name as "systemName", s.software, s.operating_system as "operatingSystem", s.software_stack as stack from results r join systems s on s.id = r.system_id',
          )
        ).map((x) => [x.id, x]),
      );
      expect(stored.size).toBe(res.records.length);
      res.records.forEach((r, i) => {
        const s = stored.get(fnv1a64(res.naturalKeys[i] as string));
        expect({ ...s, id: undefined }).toEqual({
          id: undefined,
          systemName: r.system.systemName,
          software: r.system.software,
          operatingSystem: r.system.operatingSystem,
          stack: JSON.stringify(r.system.softwareStack),
        });
      });
      await h.close();
    },
  );

  it("keeps the Oracle GH200 results of 4.1-0053 and 4.1-0128 on their own software stacks", async () => {
    const h = await open();
    const res = parsedSummary(ROUND_FILES["v4.1"]);
    await writeResults(h, res.records, META, undefined, res.naturalKeys);
    const software = async (id: string) =>
      (
        await h.x.all<{ software: string }>(
          "select distinct s.software from results r join systems s on s.id = r.system_id where r.result_id = ? order by 1",
          [id],
        )
      ).map((r) => r.software);
    expect(await software("4.1-0053")).toEqual(["TensorRT 10.2.0, CUDA 12.4"]);
    expect(await software("4.1-0128")).toEqual(["TensorRT 9.3.0, CUDA 12.2"]);
    await h.close();
  });

  it("a later source naming only the second system of a platform finds it, and leaves the first one's row alone", async () => {
    const h = await open();
    const res = parsedSummary(ROUND_FILES["v4.1"]);
    await writeResults(h, res.records, META, undefined, res.naturalKeys);
    const before = await dbContentHash(h);
    const only = res.records.filter((r) => r.system.software === "TensorRT 9.3.0, CUDA 12.2");
    expect(only.length).toBeGreaterThan(0);
    expect(await writeResults(h, only, META)).toMatchObject({ inserted: 0, updated: 0, unchanged: only.length });
    expect(await dbContentHash(h)).toBe(before);
    await h.close();
  });

  it("a database that stored every result of a platform under one system is corrected by a re-import, once", async () => {
    const h = await open();
    const res = parsedSummary(ROUND_FILES["v4.1"]);
    await writeResults(h, res.records, META, undefined, res.naturalKeys);
    // what the previous version stored: each result on its platform's id, one systems row per platform
    const byPlatform = new Map(res.records.map((r) => [systemIdFor(r.system), r.system]));
    let n = 0;
    for (const [id, s] of byPlatform)
      n += (
        await h.x.run(
          "update results set system_id = ? where round = ? and submitter = ? and platform = ? and system_id <> ?",
          [id, s.round, s.submitter, s.platform, id],
        )
      ).changes;
    await h.x.run("delete from systems where id not in (select system_id from results)");
    expect(n).toBeGreaterThan(0);
    expect(await writeResults(h, res.records, META, undefined, res.naturalKeys)).toMatchObject({
      inserted: 0,
      updated: n,
    });
    expect(await writeResults(h, res.records, META, undefined, res.naturalKeys)).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: res.records.length,
    });
    await h.close();
  });
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
