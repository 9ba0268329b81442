// The explorer's server reads over the real v6.0 summary imported into a fresh store of each kind db/test-stores.ts
// lists (SQLite in memory, and PostgreSQL when the tests have a server).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePageState } from "@/components/results-table/state";
import type { DbHandle } from "@/db/client";
import { runImport } from "@/db/import/pipeline";
import { stores } from "@/db/test-stores";
import { sharedPath } from "@/lib/shared-data";
import {
  activeFilters,
  explainEmpty,
  forQuery,
  getFilterFacets,
  loadResultsView,
  nearestViews,
  resolvePageState,
} from "./load";

describe.each(stores())("$name store", ({ open }) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await open();
    await runImport(h, [sharedPath("mlperf", "summary", "v6.0.summary_results.json")]);
  }, 120_000);
  afterAll(() => h.close());

  describe("loadResultsView", () => {
    // the first view comes from the data: v6.0's most-submitted LLM benchmark (closed, available, datacenter) is
    // llama2-70b-99 with 98 rows, ahead of llama2-70b-99.9 (76); its Offline and Server tie at 40 and Offline comes
    // first in the suite's order (counted with python over the JSON)
    it("first view: the newest round's most-submitted LLM benchmark and scenario, fastest per accelerator first", async () => {
      const v = await loadResultsView(h, parsePageState({}).state);
      expect(v.latestRound).toBe("v6.0");
      expect(v.state.model).toEqual(["llama2-70b-99"]);
      expect(v.state.scenario).toEqual(["Offline"]);
      expect(v.total).toBe(40);
      expect(v.rows.every((r) => r.model === "llama2-70b-99" && r.scenario === "Offline")).toBe(true);
      const per = v.rows.map((r) => r.perAccelerator ?? -1);
      expect([...per].sort((a, b) => b - a)).toEqual(per);
    });

    it("an explicit Server view of llama2-70b-99: fastest per accelerator first, engines attached", async () => {
      const v = await loadResultsView(h, parsePageState({ scenario: "Server" }).state);
      expect(v.state.model).toEqual(["llama2-70b-99"]);
      expect(v.total).toBe(40);
      expect(v.rows.every((r) => r.model === "llama2-70b-99" && r.scenario === "Server")).toBe(true);
      const per = v.rows.map((r) => r.perAccelerator ?? -1);
      expect([...per].sort((a, b) => b - a)).toEqual(per);
      const amd = v.rows.find((r) => r.submitter === "AMD" && r.platform === "8xMI355X_2xEPYC_9575F");
      expect(amd?.value).toBe(100282);
      expect(amd?.perAccelerator).toBeCloseTo(12535.25, 2);
      expect(amd?.formula).toContain("÷ 8 accelerators");
      expect(v.rows.some((r) => r.servingEngine !== null)).toBe(true);
    });

    it("a page past the end is empty, keeps its number and the total (the page says so; never another page)", async () => {
      const v = await loadResultsView(h, parsePageState({ limit: "10", page: "999" }).state);
      expect(v.rows).toEqual([]);
      expect(v.state.page).toBe(999);
      expect(v.total).toBe((await loadResultsView(h, parsePageState({}).state)).total);
      expect(v.total).toBeGreaterThan(10);
    });

    it("a latency view in the per-accelerator view sorts by the result, lowest first, and says why", async () => {
      const v = await loadResultsView(
        h,
        parsePageState({ scenario: "SingleStream", model: "all", suite: "all" }).state,
      );
      expect(v.state.sort).toBe("perAccelerator"); // the URL is left as it is
      expect([v.plan.sort, v.plan.dir]).toEqual(["value", "asc"]);
      expect(v.plan.note).toMatch(/lowest latency first/);
      // each benchmark ranked in its own block, lowest first within it
      const models = v.rows.map((r) => r.model);
      expect(new Set(models).size).toBe(models.filter((m, i) => m !== models[i - 1]).length);
      for (const m of new Set(models)) {
        const ms = v.rows.filter((r) => r.model === m).map((r) => r.value * (r.units === "Latency (s)" ? 1000 : 1));
        expect(ms).toEqual([...ms].sort((a, b) => a - b));
      }
      expect(v.units?.units.map((u) => u.units)).toEqual(expect.arrayContaining(["Latency (ms)", "Latency (s)"]));
    });
  });

  describe("empty views", () => {
    it("names each active filter with how many results dropping it gives", async () => {
      const state = await resolvePageState(h, parsePageState({ q: "no-such-system-zzz" }).state);
      const culprits = await explainEmpty(h, state, "v6.0");
      const search = culprits.find((c) => c.text.startsWith("search"));
      expect(search?.without).toBe((await loadResultsView(h, parsePageState({}).state)).total);
      expect(search?.href).toBe("/results?model=llama2-70b-99&scenario=Offline");
      expect(culprits[0]).toBe(search); // the most helpful one first
      const round = culprits.find((c) => c.text === "round=v6.0");
      expect(round?.without).toBe(0);
    });

    it("offers the nearest views with rows: the other accuracy target, other scenarios, every round", async () => {
      // v6.0 has no llama2-70b-99.9 SingleStream row; it has llama2-70b-99 rows and other llama2-70b-99.9 scenarios
      const state = parsePageState({ model: "llama2-70b-99.9", scenario: "SingleStream" }).state;
      expect((await loadResultsView(h, state)).total).toBe(0);
      const near = await nearestViews(h, state, "v6.0");
      expect(near.length).toBeGreaterThan(0);
      for (const n of near) {
        expect(n.count).toBeGreaterThan(0);
        const to = parsePageState(Object.fromEntries(new URL(n.href, "http://x").searchParams)).state;
        expect((await loadResultsView(h, to)).total).toBe(n.count);
      }
      expect(near.map((n) => n.text)).toContain("llama2-70b-99.9 Offline");
    });

    it("lists filters as people read them", () => {
      const { state } = parsePageState({
        nodes: "multi",
        minAccelerators: "16",
        q: "gb300",
        model: "llama2-70b-99",
        scenario: "Server",
      });
      expect(activeFilters(state, "v6.0").map((f) => f.text)).toEqual([
        "round=v6.0",
        "model=llama2-70b-99",
        "scenario=Server",
        "suite=datacenter",
        "division=closed",
        "availability=available",
        "accelerators ≥ 16",
        "nodes=multi",
        "search “gb300”",
      ]);
    });
  });

  describe("forQuery and facets", () => {
    it("replaces latest with the newest round and leaves other states alone", () => {
      const { state } = parsePageState({});
      expect(forQuery(state, "v6.0").round).toEqual(["v6.0"]);
      const explicit = parsePageState({ round: "v5.1" }).state;
      expect(forQuery(explicit, "v6.0")).toBe(explicit);
    });

    it("facets group accuracy targets under their model family", async () => {
      const f = await getFilterFacets(h);
      expect(f.round).toEqual(["v6.0"]);
      const llama = f.models.find((m) => m.family === "llama2-70b");
      expect(llama?.variants.map((v) => v.model)).toEqual(["llama2-70b-99", "llama2-70b-99.9"]);
      expect(await getFilterFacets(h)).toBe(f); // cached until the next import
    });
  });
});
