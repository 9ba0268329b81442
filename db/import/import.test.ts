// Issue #2 acceptance, measured on the real MLCommons data in ../shared (used in place).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { dbContentHash } from "@/db/content-hash";
import { openPgStore } from "@/db/pg";
import { getResults } from "@/db/queries/results";
import type { SqlParam } from "@/db/sql";
import { freshPgDatabase, stores, testPgUrl } from "@/db/test-stores";
import { resultIdFor } from "@/lib/mlperf/ids";
import { parseSummaryResultsJson } from "@/lib/mlperf/summary";
import { sharedPath } from "@/lib/shared-data";
import { API_DEFAULTS } from "@/lib/url-state";
import { runImport } from "./pipeline";

const MLPERF = sharedPath("mlperf");
const SUMMARY = sharedPath("mlperf", "summary");

function q(h: DbHandle, sql: string, ...args: SqlParam[]): Promise<Record<string, unknown>[]> {
  return h.x.all<Record<string, unknown>>(sql, args);
}

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

describe.each(stores())(
  "bad input: a clear error naming source, line and field; the database is unchanged ($name store)",
  ({ open }) => {
    let h: DbHandle;
    let dir: string;
    beforeAll(async () => {
      h = await open();
      const r = await runImport(h, [path.join(SUMMARY, "v6.0.summary_results.json")]);
      expect(r.rejected).toBe(0);
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-bad-"));
    });
    afterAll(async () => {
      await h.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const v6 = () => fs.readFileSync(path.join(SUMMARY, "v6.0.summary_results.json"), "utf8");
    const csv = () => fs.readFileSync(path.join(SUMMARY, "v5.1.closed-GigaComputing.summary.csv"), "utf8");

    function writeFile(name: string, content: string | Buffer): string {
      const p = path.join(dir, name);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, content);
      return p;
    }

    /** A LoadGen run tree laid out as in the results repos, from real files, optionally altered. */
    function loadgenTree(
      name: string,
      alter: { summary?: (s: string) => string; system?: (s: string) => string },
    ): string {
      const src = sharedPath("mlperf", "loadgen", "v6.0", "AMD");
      const root = path.join(dir, name, "v6.0", "AMD");
      const run = path.join(root, "8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Offline");
      fs.mkdirSync(run, { recursive: true });
      fs.mkdirSync(path.join(root, "systems"), { recursive: true });
      const summary = fs.readFileSync(
        path.join(src, "8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Offline", "mlperf_log_summary.txt"),
        "utf8",
      );
      fs.writeFileSync(path.join(run, "mlperf_log_summary.txt"), alter.summary ? alter.summary(summary) : summary);
      const sys = fs.readFileSync(path.join(src, "systems", "8xMI355X_2xEPYC_9575F.json"), "utf8");
      fs.writeFileSync(
        path.join(root, "systems", "8xMI355X_2xEPYC_9575F.json"),
        alter.system ? alter.system(sys) : sys,
      );
      return path.join(dir, name);
    }

    const cases: [string, () => string, { line: number | "any" | null; field: string | null; message: RegExp }][] = [
      [
        "truncated JSON",
        () => writeFile("truncated.json", v6().slice(0, 200_000)),
        { line: "any", field: null, message: /trunc|JSON|unexpected|end/i },
      ],
      [
        "a CSV missing a required column",
        () => writeFile("missing-col.csv", csv().replace(/,Result,/, ",Rezult,")),
        { line: 1, field: "Result", message: /Result/ },
      ],
      [
        "a non-numeric result",
        () => {
          const lines = csv().split("\n");
          lines[2] = (lines[2] ?? "").replace(/,Server,[\d.]+,/, ",Server,fast,");
          return writeFile("non-numeric.csv", lines.join("\n"));
        },
        { line: 3, field: "Result", message: /fast|number/i },
      ],
      ["an empty file", () => writeFile("empty.json", ""), { line: null, field: null, message: /empty/i }],
      [
        "a binary file",
        () => writeFile("binary.json", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0xff, 0xfe])),
        { line: null, field: null, message: /binary/i },
      ],
      [
        "a LoadGen log cut mid-way",
        () => loadgenTree("cut", { summary: (s) => s.split("\n").slice(0, 7).join("\n") }),
        { line: "any", field: "Result is", message: /trunc|ends|cut/i },
      ],
      [
        "a systems JSON contradicting its summary row",
        () =>
          loadgenTree("contradict", {
            system: (s) => s.replace(/"number_of_nodes":\s*"?1"?/, '"number_of_nodes": "2"'),
          }),
        { line: "any", field: "number_of_nodes", message: /number_of_nodes = 2.*says 1/ },
      ],
      [
        // without this, three log-only "NVIDIA" results carried AMD's numbers
        "a systems JSON naming another submitter for a platform the summary gives AMD",
        () =>
          loadgenTree("other-submitter", { system: (s) => s.replace(/"submitter":\s*"AMD"/, '"submitter": "NVIDIA"') }),
        {
          line: "any",
          field: "submitter",
          message: /systems JSON says submitter = NVIDIA but it sits in AMD's folder/,
        },
      ],
    ];

    it.each(cases)("%s", async (_name, make, want) => {
      const src = make();
      const before = await dbContentHash(h);
      const r = await runImport(h, [src]);
      expect(r.rejected).toBe(1);
      const e = r.errors[0];
      expect(e).toBeDefined();
      if (!e) return;
      expect(e.source.startsWith(dir)).toBe(true);
      if (want.line === "any") expect(e.line === null || e.line > 0).toBe(true);
      else expect(e.line).toBe(want.line);
      if (want.line === "any" && want.field !== null) expect(e.line).toBeGreaterThan(0);
      expect(e.field).toBe(want.field);
      expect(e.message).toMatch(want.message);
      expect(await dbContentHash(h)).toBe(before);
    });
  },
);

describe.each(stores())(
  "LoadGen runs attach by (round, submitter, platform): platform names are shared between submitters ($name store)",
  ({ open }) => {
    // v6.0 8xMI355X_2xEPYC_9575F is published by AMD (6.0-0002) and by ORACLE (6.0-0086)
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "perfcontext-shared-platform-"));
    afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
    const v60 = () =>
      JSON.parse(fs.readFileSync(path.join(SUMMARY, "v6.0.summary_results.json"), "utf8")) as {
        Submitter: string;
        Platform: string;
        Model: string;
        Scenario: string;
      }[];

    /** The real AMD llama2-70b-99 Offline run, laid out as ORACLE's run (ORACLE's folder, its systems JSON says ORACLE). */
    function oracleRun(name: string): string {
      const src = sharedPath("mlperf", "loadgen", "v6.0", "AMD");
      const root = path.join(tmp, name, "v6.0", "ORACLE");
      const run = path.join(root, "8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Offline");
      fs.mkdirSync(run, { recursive: true });
      fs.mkdirSync(path.join(root, "systems"), { recursive: true });
      for (const f of ["mlperf_log_summary.txt", "mlperf_log_detail.txt"])
        fs.copyFileSync(path.join(src, "8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Offline", f), path.join(run, f));
      const sys = fs.readFileSync(path.join(src, "systems", "8xMI355X_2xEPYC_9575F.json"), "utf8");
      expect(sys).toMatch(/"submitter":\s*"AMD"/);
      fs.writeFileSync(
        path.join(root, "systems", "8xMI355X_2xEPYC_9575F.json"),
        sys.replace(/"submitter":\s*"AMD"/, '"submitter": "ORACLE"'),
      );
      return path.join(tmp, name);
    }

    it("the file publishes the platform under both submitters", async () => {
      const owners = new Set(
        v60()
          .filter((r) => r.Platform === "8xMI355X_2xEPYC_9575F")
          .map((r) => r.Submitter),
      );
      expect([...owners].sort()).toEqual(["AMD", "ORACLE"]);
    });

    it("ORACLE's run with no ORACLE row published yet is kept as ORACLE's (another submitter's rows are no contradiction)", async () => {
      const h = await open();
      const amdOnly = path.join(tmp, "v6.0-amd-only.summary_results.json");
      fs.writeFileSync(amdOnly, JSON.stringify(v60().filter((r) => r.Submitter !== "ORACLE")));
      expect((await runImport(h, [amdOnly])).rejected).toBe(0);
      const amdBefore = await q(h, "select id, value from results where submitter = 'AMD' order by id");
      const r = await runImport(h, [oracleRun("no-row")]);
      expect(r.errors).toEqual([]);
      const oracle = await q(
        h,
        "select r.submitter, r.platform, r.model, r.scenario, r.origin from results r where r.submitter = 'ORACLE'",
      );
      expect(oracle).toEqual([
        {
          submitter: "ORACLE",
          platform: "8xMI355X_2xEPYC_9575F",
          model: "llama2-70b-99",
          scenario: "Offline",
          origin: "loadgen",
        },
      ]);
      expect(await q(h, "select id, value from results where submitter = 'AMD' order by id")).toEqual(amdBefore);
      await h.close();
    });

    it("with ORACLE's rows published, ORACLE's run attaches to ORACLE's row, never to AMD's", async () => {
      const h = await open();
      await runImport(h, [path.join(SUMMARY, "v6.0.summary_results.json")]);
      const r = await runImport(h, [oracleRun("with-row")]);
      expect(r.rejected).toBe(0);
      const attached = await q(
        h,
        "select r.submitter, r.result_id as rid from latency_details l join results r on r.id = l.result_id",
      );
      expect(attached).toEqual([{ submitter: "ORACLE", rid: "6.0-0086" }]);
      await h.close();
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
