// The results and systems rows the writer stores, bound by column position: every column of every real result holds
// its own field, and systems sharing a platform name keep their own rows.
import { describe, expect, it } from "vitest";
import { dbContentHash } from "@/db/content-hash";
import { sqlBool } from "@/db/sql";
import { stores } from "@/db/test-stores";
import { META } from "@/db/test-write";
import { fnv1a64 } from "@/lib/mlperf/ids";
import { parsedSummary, ROUND_FILES } from "@/lib/mlperf/test-real-summaries";
import type { ResultRecord } from "@/lib/types";
import { recordContentHash, roundSortKey, systemIdFor, systemVariantIdFor, writeResults } from "./write";

const SKIP = Symbol("checked by hand below");

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
  // the per-accelerator rule written out here, not the writer's perAcceleratorValue (issue 25 finding 7): the result
  // ÷ the accelerators that ran; none for a latency (SingleStream, MultiStream, "Latency" units) or a pre-v2.0
  // MultiStream stream count (docs/architecture.md, "The per-accelerator rule")
  per_accelerator: (r) =>
    r.scenario === "SingleStream" ||
    r.scenario === "MultiStream" ||
    /latency/i.test(r.units) ||
    r.units === "Streams" ||
    !(r.system.totalAccelerators !== null && r.system.totalAccelerators > 0)
      ? null
      : r.value / r.system.totalAccelerators,
  per_accelerator_rule: () => 2,
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
  status: () => "published",
  // the import's time (lib/lifecycle/status.ts): filled in from the imports row below
  status_since: () => null,
  accelerator: (r) => r.system.accelerator,
  total_accelerators: (r) => r.system.totalAccelerators,
  nodes: (r) => r.system.nodes,
  // the engine has no rule short enough to restate here: checked by hand, row by row, in ENGINE_BY_HAND below
  serving_engine: () => SKIP,
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
      const importedAt = (await h.x.get<{ at: string }>("select finished_at as at from imports where id = 1"))?.at;
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
        for (const c of cols) if (expected[c] === SKIP) expected[c] = row?.[c];
        expected.status_since = importedAt;
        expect(row).toEqual(expected);
      });
      await h.close();
    },
  );
});

describe.each(stores())("the rule-derived columns, by hand from the summaries ($name store)", ({ open }) => {
  // [round, MLCommons ID, model, scenario, per_accelerator, serving_engine], each from the row of
  // summary_results.json: Performance_Result ÷ the accelerators that ran; the engine the Software column names
  // (a library or runtime such as PyTorch or ROCm is never a serving engine, issue 25 Build 3)
  const HAND: [keyof typeof ROUND_FILES, string, string, string, number | null, string | null][] = [
    // 103,480 tokens/s on 8 × MI355X; "PyTorch 2.9.1+git8907517, ROCm 7.0.0" names no serving engine
    ["v6.0", "6.0-0002", "llama2-70b-99", "Offline", 103480 / 8, null],
    // 1,042,110 tokens/s on 87 GPUs ("(x87)"; the summary's Total Accelerators says 88 slots)
    ["v6.0", "6.0-0001", "llama2-70b-99", "Offline", 1042110 / 87, null],
    // a latency (Latency (s)): no per-accelerator figure
    ["v6.0", "6.0-0010", "wan-2.2-t2v-a14b", "SingleStream", null, null],
    // 34,520.4 tokens/s on 8 × MI325X; "vLLM 0.9.0.2.dev108+…, Pytorch 2.7.0+…, ROCm 6.4.1…" names vLLM
    ["v5.1", "5.1-0002", "llama2-70b-99", "Offline", 34520.4 / 8, "vLLM"],
  ];
  it.each(HAND)("%s %s %s %s", async (round, id, model, scenario, perAcc, engine) => {
    const h = await open();
    const res = parsedSummary(ROUND_FILES[round]);
    await writeResults(h, res.records, META, undefined, res.naturalKeys);
    const row = await h.x.get<{ per: number | null; engine: string | null }>(
      "select per_accelerator as per, serving_engine as engine from results where result_id = ? and model = ? and scenario = ? and has_power = ?",
      [id, model, scenario, false],
    );
    await h.close();
    expect(row?.engine).toBe(engine);
    if (perAcc === null) expect(row?.per).toBeNull();
    else expect(row?.per).toBeCloseTo(perAcc, 6);
  });
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
