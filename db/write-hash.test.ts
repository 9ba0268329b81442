// The writer's content hashes: the legacy hash a database written by an earlier version holds, the record hash, and
// which field changes a re-import counts as an update (column-by-column change detection).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { stores } from "@/db/test-stores";
import { META } from "@/db/test-write";
import { fnv1a64 } from "@/lib/mlperf/ids";
import { parsedSummary, ROUND_FILES } from "@/lib/mlperf/test-real-summaries";
import type { ResultRecord } from "@/lib/types";
import { legacyContentHash, recordContentHash, writeResults } from "./write";

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
