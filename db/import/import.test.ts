// Issue #2 acceptance, measured on the real MLCommons data in ../shared (used in place).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { dbContentHash } from "@/db/content-hash";
import { openPgStore } from "@/db/pg";
import { getResults } from "@/db/queries/results";
import { freshPgDatabase, stores, testPgUrl } from "@/db/test-stores";
import { resultIdFor } from "@/lib/mlperf/ids";
import { parseSummaryResultsJson } from "@/lib/mlperf/summary";
import { sharedPath } from "@/lib/shared-data";
import { API_DEFAULTS } from "@/lib/url-state";
import { runImport } from "./pipeline";
import { q, SUMMARY } from "./test-import";

const MLPERF = sharedPath("mlperf");

describe.each(stores())("importing all of ../shared/data/mlperf into an empty database ($name store)", ({ open }) => {
  let h: DbHandle;
  let first: Awaited<ReturnType<typeof runImport>>;
  beforeAll(async () => {
    h = await open();
    first = await runImport(h, [MLPERF]);
  });
  afterAll(() => h.close());

  it("rejects nothing and stores every row of the three round files as a result", async () => {
    expect(first.errors).toEqual([]);
    expect(first.rejected).toBe(0);
    for (const [round, n] of [
      ["v4.1", 937],
      ["v5.1", 1448],
      ["v6.0", 520],
    ] as const) {
      const text = fs.readFileSync(path.join(SUMMARY, `${round}.summary_results.json`), "utf8");
      const parsed = parseSummaryResultsJson(text, round);
      expect(parsed.records).toHaveLength(n);
      // every official row is a result of its own, stored from the official summary
      const stored = new Set(
        (
          (await q(h, "select id from results where round = ? and origin = 'summary_results_json'", round)) as {
            id: string;
          }[]
        ).map((r) => r.id),
      );
      expect(parsed.records.filter((r) => stored.has(resultIdFor(r)))).toHaveLength(n);
    }
    // plus the six community (cm4mlperf, v4.1 open) results given in three formats, v6.1's 492 checker rows and the
    // older per-submitter checker files' rows (v0.7 to v3.0), as counted in ../shared/data/mlperf/manifest.csv
    const manifest = fs.readFileSync(path.join(MLPERF, "manifest.csv"), "utf8").split(/\r?\n/);
    const olderRows = manifest
      .filter((l) => l.startsWith("mlperf/summary/older/"))
      .reduce((n, l) => n + Number(l.split(",").at(-1)), 0);
    expect(olderRows).toBe(66);
    expect(first.results).toBe(937 + 1448 + 520 + 6 + 492 + olderRows);
  });

  /** Imports `source` again: nothing inserted, updated or rejected, every table as it was. */
  async function importChangesNothing(source: string): Promise<Awaited<ReturnType<typeof runImport>>> {
    const before = await dbContentHash(h);
    const again = await runImport(h, [source]);
    expect({ inserted: again.inserted, updated: again.updated, rejected: again.rejected }).toEqual({
      inserted: 0,
      updated: 0,
      rejected: 0,
    });
    expect(again.unchanged).toBeGreaterThan(2900);
    expect(await dbContentHash(h)).toBe(before);
    return again;
  }

  it("a second run inserts and updates nothing", async () => {
    await importChangesNothing(MLPERF);
  });

  it("the same files by another path (a symlinked folder) change nothing either", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perfcontext-path-"));
    try {
      const link = path.join(dir, "mlperf");
      fs.symlinkSync(path.resolve(MLPERF), link, "dir");
      const again = await importChangesNothing(link);
      // the LoadGen runs were read (and found unchanged), not skipped
      expect(again.perSource.filter((s) => s.format === "loadgen")).toHaveLength(26);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stores latency from every LoadGen run, each agreeing with its summary row within 1e-5", async () => {
    const runs = (await q(h, "select count(*) as c from latency_details"))[0] as { c: number };
    expect(runs.c).toBe(26);
    const disagree = await q(h, "select * from data_notes where code = 'log-disagrees'");
    expect(disagree).toEqual([]);
    const rows = (await q(
      h,
      'select r.value, l.log_value as "logValue" from latency_details l join results r on r.id = l.result_id where l.log_value is not null',
    )) as { value: number; logValue: number }[];
    expect(rows).toHaveLength(26);
    for (const r of rows)
      expect(Math.abs(r.value - Number(r.logValue.toPrecision(6))) / r.value).toBeLessThanOrEqual(1e-5);
  });

  it.each([
    ["v5.1", "AMD", "8xMI325X_2xEPYC_9575F_2"],
    ["v5.1", "NVIDIA", "B200-SXM-180GBx8_TRT"],
    ["v6.0", "AMD", "8xMI355X_2xEPYC_9575F"],
    ["v6.0", "AMD", "87xMI355X_22xEPYC_9575F"],
    ["v6.0", "NVIDIA", "GB200-NVL72_GB200-186GB_aarch64x72_TRT"],
  ])(
    "%s %s %s Interactive logs read Interactive (header says Server) with the Interactive limits",
    async (round, submitter, platform) => {
      const rows = await q(
        h,
        `select r.scenario, l.scenario_header as header, l.ttft_limit_ns as ttft, l.tpot_limit_ns as tpot from latency_details l
       join results r on r.id = l.result_id where r.round = ? and r.submitter = ? and r.platform = ? and r.scenario = 'Interactive'`,
        round,
        submitter,
        platform,
      );
      expect(rows).toEqual([{ scenario: "Interactive", header: "Server", ttft: 450_000_000, tpot: 40_000_000 }]);
    },
  );

  it("keeps the v6.0 87-GPU cluster's TTFT/TPOT percentiles from its log", async () => {
    const [row] = (await q(
      h,
      `select l.ttft_ns as ttft, l.tpot_ns as tpot from latency_details l join results r on r.id = l.result_id
       where r.platform = '87xMI355X_22xEPYC_9575F' and r.scenario = 'Interactive'`,
    )) as [{ ttft: string; tpot: string }];
    expect(JSON.parse(row.ttft).p99).toBe(273811951);
    expect(JSON.parse(row.tpot).p99).toBe(39411933);
  });

  // read through db/queries (getResults), on each store
  it.each([
    ["87xMI355X_22xEPYC_9575F", "llama2-70b-99", 87, 11, true],
    ["94xMI355X_24xEPYC_9575F", "gpt-oss-120b", 94, 12, true],
    ["GB200-NVL72_GB200-186GB_aarch64x72_TRT", "llama2-70b-99", 72, 18, false],
    ["8xMI355X_2xEPYC_9575F", "llama2-70b-99", 8, 1, false],
    ["B300-SXM-270GBx8_TRT", "llama2-70b-99", 8, 1, false],
  ])(
    "v6.0 %s %s reads %i accelerators over %i nodes (note of disagreement: %s)",
    async (platform, model, total, nodes, noted) => {
      const rows = (
        await getResults(h, {
          ...API_DEFAULTS,
          round: ["v6.0"],
          q: platform.toLowerCase(),
          model: [model],
          limit: 50,
        })
      ).rows.filter((r) => r.platform === platform);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect([r.totalAccelerators, r.nodes]).toEqual([total, nodes]);
        expect(r.notes.some((n) => n.code === "accelerator-count-disagrees")).toBe(noted);
      }
    },
  );

  it("marks the -99 / -99.9 rows of one run as one measurement", async () => {
    const rows = (await q(
      h,
      `select model, measurement_key as k, value from results where round = 'v6.0' and submitter = 'AMD' and platform = '8xMI355X_2xEPYC_9575F'
       and model like 'llama2-70b-99%' and scenario = 'Offline' order by model`,
    )) as { model: string; k: string; value: number }[];
    expect(rows.map((r) => r.model)).toEqual(["llama2-70b-99", "llama2-70b-99.9"]);
    expect(rows[0]?.k).toBe(rows[1]?.k);
    expect(rows[0]?.value).toBe(103480);
  });
});

describe.each(stores())(
  "the same six results in CSV, checker JSON and summary_results.json ($name store)",
  ({ open }) => {
    const forms = ["summary.csv", "summary.json", "summary_results.json"].map((f) =>
      path.join(SUMMARY, `cm4mlperf-inference-scc24.${f}`),
    );
    it("normalize to identical rows (apart from the ID and links only summary_results.json carries)", async () => {
      const snapshots: unknown[] = [];
      for (const f of forms) {
        const h = await open();
        const r = await runImport(h, [f]);
        expect(r.rejected).toBe(0);
        snapshots.push(
          await q(
            h,
            `select id, round, division, submitter, platform, model, used_model, scenario, availability, suite, precision,
           value, units, higher_is_better, total_accelerators, nodes, accuracy, inferred, validity, measurement_key, location from results order by id`,
          ),
        );
        await h.close();
      }
      expect(snapshots[0]).toHaveLength(6);
      expect(snapshots[1]).toEqual(snapshots[0]);
      expect(snapshots[2]).toEqual(snapshots[0]);
    });
  },
);

describe.runIf(testPgUrl())("two importers of one round at once on PostgreSQL (two stores, one database)", () => {
  // the round is already stored (a checker file of it), so neither importer waits on listing the round: without a
  // lock both read the same stored rows, both insert the file's new ones, and the second fails on a duplicate id
  it("one stores the file, the other finds it stored: nothing rejected, every row once", async () => {
    const csv = path.join(SUMMARY, "v5.1.closed-GigaComputing.summary.csv");
    const src = path.join(SUMMARY, "v5.1.summary_results.json");
    const ref = await freshPgDatabase();
    const r = await openPgStore(ref.url, { migrate: false });
    const { url, drop } = await freshPgDatabase();
    const a = await openPgStore(url, { migrate: false });
    const b = await openPgStore(url, { migrate: false });
    try {
      // one after the other, for reference
      await runImport(r, [csv]);
      const once = await runImport(r, [src]);
      const stored = Number((await r.x.get<{ n: number }>("select count(*) as n from results"))?.n);
      await runImport(a, [csv]);
      const [ra, rb] = await Promise.all([runImport(a, [src]), runImport(b, [src])]);
      expect([ra.errors, rb.errors]).toEqual([[], []]);
      expect(ra.inserted + rb.inserted).toBe(once.inserted);
      expect(ra.updated + rb.updated).toBe(once.updated);
      expect(Number((await a.x.get<{ n: number }>("select count(*) as n from results"))?.n)).toBe(stored);
    } finally {
      for (const h of [r, a, b]) await h.close();
      await ref.drop();
      await drop();
    }
  });
});
