// Reading results back in order: a result's siblings and its hardware in other rounds, ranking by a figure whose units
// differ, and one benchmark under its names across rounds and formats, over every real file of ../shared/data/mlperf.
// Every case runs on each store db/test-stores.ts lists (SQLite, and PostgreSQL when the tests have a server).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { sortScale, unitBlock } from "@/lib/result-order";
import { sharedPath } from "@/lib/shared-data";
import type { PublishedResult } from "@/lib/types";
import { API_DEFAULTS, type ResultsState } from "@/lib/url-state";
import { stores } from "../test-stores";
import { getAllResults, getResults, getResultsByIds, getSameHardwareOtherRounds, getSiblings } from "./results";

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await open();
    await runImport(h, [sharedPath("mlperf")]);
  }, 300_000);
  afterAll(() => h.close());

  describe("getSiblings", () => {
    const oneOf = async (resultId: string) => {
      const { results } = h.t;
      const [row] = await h.db.select({ id: results.id }).from(results).where(eq(results.resultId, resultId)).limit(1);
      const r = row && (await getResultsByIds(h, [row.id]))[0];
      if (!r) throw new Error(`no result ${resultId}`);
      return r;
    };

    it("are the same system's results: Oracle's GH200 on TensorRT 9.3.0 (4.1-0128…0130) is not 4.1-0053's system", async () => {
      const r = await oneOf("4.1-0128");
      const sibs = await getSiblings(h, r);
      expect(sibs.length).toBeGreaterThan(0);
      // 4.1-0053's 14 results share the platform name but not the system
      expect(new Set(sibs.map((s) => s.resultId))).toEqual(new Set(["4.1-0129", "4.1-0130"]));
      expect(sibs.every((s) => s.software === "TensorRT 9.3.0, CUDA 12.2")).toBe(true);
      expect(sibs.map((s) => s.id)).not.toContain(r.id);
    });

    it("still finds the -99.9 row of a -99 result on one system", async () => {
      const r = (
        await getAllResults(h, {
          ...API_DEFAULTS,
          round: ["v6.0"],
          model: ["llama2-70b-99"],
          scenario: ["Offline"],
        })
      ).find((x) => x.platform === "8xMI355X_2xEPYC_9575F" && x.submitter === "AMD");
      expect(r).toBeDefined();
      const sibs = await getSiblings(h, r as NonNullable<typeof r>);
      expect(sibs.some((s) => s.model === "llama2-70b-99.9" && s.scenario === "Offline")).toBe(true);
    });
  });

  describe("ranking by a figure (getResults)", () => {
    const view = async (s: Partial<ResultsState>) => await getResults(h, { ...API_DEFAULTS, limit: 500, ...s });
    /** The figure on one scale: latencies in ms. */
    const ms = (r: PublishedResult) => r.value * sortScale(r.units);
    /** Each unit's rows are one run: no unit comes back after another unit's rows. */
    function contiguous(units: string[]): boolean {
      const seen = new Set<string>();
      return units.every((u, i) => (u === units[i - 1] ? true : !seen.has(u) && !!seen.add(u)));
    }
    /** A view over several benchmarks ranks each benchmark apart: its rows are one run; each run in order. */
    // blocks are per canonical benchmark: v6.0's wan-2.2-t2v-a14b and v6.1's text_to_video rank as one
    function byBenchmark(rows: PublishedResult[]): PublishedResult[][] {
      expect(contiguous(rows.map((r) => r.benchmark))).toBe(true);
      const groups = new Map<string, PublishedResult[]>();
      for (const r of rows) groups.set(r.benchmark, [...(groups.get(r.benchmark) ?? []), r]);
      return [...groups.values()];
    }

    it.each([
      [
        "v6.0 SingleStream, every benchmark (wan-2.2 in s, yolo in ms), lowest first",
        { round: ["v6.0"], scenario: ["SingleStream"], sort: "value", dir: "asc" },
      ],
      ["v6.0 SingleStream, highest first", { round: ["v6.0"], scenario: ["SingleStream"], sort: "value", dir: "desc" }],
      [
        "every latency scenario and round, highest first",
        // every row: benchmarks are ranked apart, so the first 500 may all be one benchmark in one unit
        { scenario: ["MultiStream", "SingleStream"], sort: "value", dir: "desc", limit: 5000 },
      ],
    ] as [string, Partial<ResultsState>][])("%s: latencies in s and ms are ordered in ms", async (_, s) => {
      const { rows } = await view(s);
      expect(new Set(rows.map((r) => r.units)).size).toBeGreaterThan(1);
      // within a benchmark, each unit block in order (MultiStream before v2.0 counts streams, not a latency)
      for (const group of byBenchmark(rows))
        for (const block of new Set(group.map((r) => unitBlock(r.units)))) {
          const got = group.filter((r) => unitBlock(r.units) === block).map(ms);
          expect(got).toEqual([...got].sort((a, b) => (s.dir === "asc" ? a - b : b - a)));
        }
    });

    it.each([
      [
        "v6.0 Offline + Server, every benchmark, by result",
        { round: ["v6.0"], scenario: ["Offline", "Server"], sort: "value" },
      ],
      ["every round, Offline, by per-accelerator figure", { scenario: ["Offline"], sort: "perAccelerator" }],
      [
        "llama3.1-8b Interactive over v5.1 (Queries/s) and v6.0 (Tokens/s)",
        { model: ["llama3.1-8b"], scenario: ["Interactive"], sort: "value" },
      ],
      ["every scenario (latency with throughput)", { round: ["v6.0"], sort: "value" }],
    ] as [string, Partial<ResultsState>][])("%s: each unit is ranked apart", async (_, s) => {
      const { rows, units, total } = await view(s);
      expect(units?.mixed).toBe(true);
      const groups = byBenchmark(rows);
      for (const group of groups) {
        const ranked = group.filter((r) => (s.sort === "perAccelerator" ? r.perAccelerator !== null : true));
        expect(contiguous(ranked.map((r) => unitBlock(r.units)))).toBe(true);
        for (const block of new Set(ranked.map((r) => unitBlock(r.units)))) {
          const figs = ranked
            .filter((r) => unitBlock(r.units) === block)
            .map((r) => (s.sort === "value" ? ms(r) : (r.perAccelerator ?? 0)));
          expect(figs).toEqual([...figs].sort((a, b) => b - a));
        }
      }
      if (s.sort === "perAccelerator") {
        // empty values sort last within each benchmark's block, over the whole view (every page of it)
        const all = [...rows];
        for (let page = 2; all.length < total; page++) all.push(...(await view({ ...s, page })).rows);
        expect(all).toHaveLength(total);
        let withEmpty = 0;
        for (const group of byBenchmark(all)) {
          const firstNull = group.findIndex((r) => r.perAccelerator === null);
          if (firstNull > 0) withEmpty++;
          expect(firstNull === -1 || group.slice(firstNull).every((r) => r.perAccelerator === null)).toBe(true);
        }
        expect(withEmpty).toBeGreaterThan(0); // the view has rows without a figure (CPU-only, no count): the check runs
      }
    });

    it("names the units-suspect rows of v5.1 llama3.1-8b Interactive", async () => {
      const { units } = await view({ model: ["llama3.1-8b"], scenario: ["Interactive"], sort: "value" });
      expect(units?.units.map((u) => u.units).sort()).toEqual(["Queries/s", "Tokens/s"]);
      expect(units?.suspect).toBeGreaterThan(0);
      expect(units?.narrow.map((n) => n.round)).toEqual(expect.arrayContaining(["v5.1", "v6.0"]));
    });

    it("a per-accelerator sort over latencies (an all-empty column) sorts by the result, lowest first, and says so", async () => {
      const { rows, plan } = await view({ scenario: ["SingleStream"], sort: "perAccelerator", dir: "desc" });
      expect(rows.every((r) => r.perAccelerator === null)).toBe(true);
      expect([plan.sort, plan.dir]).toEqual(["value", "asc"]);
      expect(plan.note).toMatch(/no row in this view has a per-accelerator figure/i);
      for (const group of byBenchmark(rows)) {
        const got = group.map(ms);
        expect(got).toEqual([...got].sort((a, b) => a - b));
      }
    });

    it("a per-accelerator sort with figures is left as asked", async () => {
      const { plan } = await view({
        round: ["v6.0"],
        model: ["llama2-70b-99"],
        scenario: ["Server"],
        sort: "perAccelerator",
      });
      expect([plan.sort, plan.dir, plan.note]).toEqual(["perAccelerator", "desc", null]);
    });

    it("a page past the last is empty, with the total", async () => {
      const first = await view({ round: ["v6.0"], model: ["llama2-70b-99"], scenario: ["Server"], limit: 10 });
      const past = await view({ round: ["v6.0"], model: ["llama2-70b-99"], scenario: ["Server"], limit: 10, page: 99 });
      expect(past.rows).toEqual([]);
      expect(past.total).toBe(first.total);
      expect(first.total).toBeGreaterThan(10);
    });

    it("the export has the page's order", async () => {
      const s = {
        ...API_DEFAULTS,
        round: ["v6.0"],
        scenario: ["SingleStream"],
        sort: "value" as const,
        dir: "asc" as const,
        limit: 500,
      };
      expect((await getAllResults(h, s)).map((r) => r.id)).toEqual((await getResults(h, s)).rows.map((r) => r.id));
    });
  });

  describe("getSameHardwareOtherRounds", () => {
    it("keeps the best figures first: the lowest latencies for a SingleStream result", async () => {
      // v6.0's three 8×B300 wan-2.2 SingleStream results (seconds per video, lower is better)
      const r = (
        await getAllResults(h, { ...API_DEFAULTS, scenario: ["SingleStream"], sort: "value", dir: "desc" })
      ).find((x) => x.accelerator === "NVIDIA B300-SXM-270GB" && x.modelFamily.startsWith("wan-2.2"));
      expect(r).toBeDefined();
      const others = await getSameHardwareOtherRounds(h, r as NonNullable<typeof r>);
      expect(others.length).toBeGreaterThan(1);
      // within each round, ascending: the lowest latency leads
      for (let i = 1; i < others.length; i++) {
        const [a, b] = [others[i - 1], others[i]] as [NonNullable<typeof r>, NonNullable<typeof r>];
        if (a.round === b.round) expect(a.value).toBeLessThanOrEqual(b.value);
      }
    });
  });

  describe("one benchmark across rounds and formats", () => {
    // v6.0 publishes qwen3-vl-235b-a22b (16 rows) and wan-2.2-t2v-a14b (17); v6.1's checker CSV calls them VLM (47)
    // and text_to_video (30): counts from the files, read with python
    it.each([
      [["VLM"], 16 + 47],
      [["qwen3-vl-235b-a22b"], 16 + 47],
      [["QWEN3-VL-235B-A22B"], 16 + 47],
      [["text_to_video"], 17 + 30],
      [["wan-2.2-t2v-a14b"], 17 + 30],
    ])("model=%s selects the benchmark in v6.0 and v6.1 (%i rows)", async (model, n) => {
      const s = { ...API_DEFAULTS, round: ["v6.0", "v6.1"], model, limit: 500 };
      expect((await getResults(h, s)).total).toBe(n);
    });

    it("related results across rounds join v6.1's VLM rows with v6.0's qwen3-vl-235b-a22b on the same hardware", async () => {
      // pairs found by published names, not by the benchmark column
      const pairs = await h.x.all<{ a: string; b: string }>(
        `select a.id as a, b.id as b from results a join results b on a.accelerator = b.accelerator
       and a.total_accelerators = b.total_accelerators and a.scenario = b.scenario and a.division = b.division
       where a.round = 'v6.1' and a.model = 'VLM' and b.round = 'v6.0' and b.model = 'qwen3-vl-235b-a22b'`,
      );
      expect(pairs.length).toBeGreaterThan(0);
      for (const p of pairs) {
        const r = (await getResultsByIds(h, [p.a]))[0] as PublishedResult;
        expect(r.benchmark).toBe("qwen3-vl-235b-a22b");
        expect((await getSameHardwareOtherRounds(h, r)).map((x) => x.id)).toContain(p.b);
      }
    });
  });
});
