// `npm run import` on a v6.1 result folder the MLPerf Endpoints client wrote (lib/endpoints/testdata/v6.1, built
// from the client's source): each run's result_summary.json attaches its latency to the published v6.1 row of
// Naeem Khoshnevis' H200-1xGPU llama3.1-8b (Offline 7796.585132594509, Server 7376.597666232419 tokens/s, by hand
// from ../shared/data/mlperf/summary/v6.1.summary.csv) and agrees with it; alone, it makes log-only rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { stores } from "@/db/test-stores";
import { V61_FOLDER } from "@/lib/endpoints/test-folder";
import { runImport } from "./pipeline";
import { q, SUMMARY } from "./test-import";

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await open();
  });
  afterAll(() => h.close());

  it("alone (no summary imported): two log-only rows valued at the client's tps", async () => {
    const r = await runImport(h, [V61_FOLDER]);
    expect(r.errors).toEqual([]);
    expect(r.perSource.filter((s) => s.format === "endpoints-client")).toHaveLength(2);
    const rows = (await q(
      h,
      "select scenario, value, units, validity, origin from results where platform = 'H200' order by scenario",
    )) as { scenario: string; value: number; units: string; validity: string; origin: string }[];
    expect(rows.map((x) => [x.scenario, x.units, x.validity, x.origin])).toEqual([
      ["Offline", "Tokens/s", "UNKNOWN", "loadgen"],
      ["Server", "Tokens/s", "UNKNOWN", "loadgen"],
    ]);
    expect(rows[0]?.value).toBeCloseTo(7796.585132597627, 9);
  });

  it("with the v6.1 summary: attaches to the published rows, agreeing with them; a re-import changes nothing", async () => {
    const first = await runImport(h, [`${SUMMARY}/v6.1.summary.csv`, V61_FOLDER]);
    expect(first.errors).toEqual([]);
    const rows = (await q(
      h,
      `select r.scenario, r.value, l.log_value as "logValue", l.ttft_limit_ns as ttft, l.tpot_limit_ns as tpot,
       l.tpot_ns as "tpotNs", l.settings from latency_details l join results r on r.id = l.result_id
       where r.platform = 'H200' and r.submitter = 'Naeem Khoshnevis' and r.round = 'v6.1' order by r.scenario`,
    )) as {
      scenario: string;
      value: number;
      logValue: number;
      ttft: number | null;
      tpot: number | null;
      tpotNs: string;
      settings: string;
    }[];
    expect(rows.map((x) => [x.scenario, x.value])).toEqual([
      ["Offline", 7796.585132594509],
      ["Server", 7376.597666232419],
    ]);
    for (const x of rows) expect(Math.abs(x.logValue - x.value) / x.value).toBeLessThan(1e-9);
    expect([rows[1]?.ttft, rows[1]?.tpot]).toEqual([2_000_000_000, 100_000_000]);
    expect(JSON.parse(rows[1]?.tpotNs ?? "{}").p99).toBe(42_000_000);
    expect(JSON.parse(rows[1]?.settings ?? "{}")).toMatchObject({ targetQps: "12", minDurationMs: "600000" });
    expect(await q(h, "select * from data_notes where code = 'log-disagrees'")).toEqual([]);
    const again = await runImport(h, [V61_FOLDER]);
    expect(again.errors).toEqual([]);
    expect([again.inserted, again.updated]).toEqual([0, 0]);
  });

  it("a malformed result_summary.json rejects its source, naming the file, line and field", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "epc-"));
    try {
      const run = path.join(dir, "v6.1/closed/X/results/P/llama3.1-8b/Offline/performance");
      fs.mkdirSync(run, { recursive: true });
      fs.writeFileSync(
        path.join(run, "result_summary.json"),
        '{\n  "n_samples_completed": 3,\n  "duration_ns": "soon"\n}\n',
      );
      const r = await runImport(h, [dir]);
      expect(r.rejected).toBe(1);
      expect(r.errors[0]).toMatchObject({ line: 3, field: "duration_ns" });
      expect(r.errors[0]?.source).toMatch(/result_summary\.json$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
