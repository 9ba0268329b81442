// The filter registry: every filter parses, clears, names itself in an empty view and reads in the banner from its
// one entry; url-state's keys and "Clear all" follow it.
import { describe, expect, it } from "vitest";
import {
  activeFilters,
  describeFilters,
  FILTER,
  FILTER_KEYS,
  FILTERS,
  joinList,
  LIST_KEYS,
  NO_FILTERS,
  splitList,
} from "./filters";
import { API_DEFAULTS, PAGE_DEFAULTS, parseResultsState, type ResultsState, serializeResultsState } from "./url-state";

const ctx = { latestRound: "v6.0" };
const state = (changes: Partial<ResultsState>): ResultsState => ({ ...API_DEFAULTS, ...changes });

describe("the filter registry", () => {
  it("has one entry per key, in the URL's order, and every key clears to its no-filter value", () => {
    expect(FILTER_KEYS).toEqual([
      "round",
      "model",
      "scenario",
      "division",
      "availability",
      "submitter",
      "accelerator",
      "precision",
      "engine",
      "suite",
      "minAccelerators",
      "maxAccelerators",
      "nodes",
      "q",
      "status",
    ]);
    expect(new Set(FILTER_KEYS).size).toBe(FILTERS.length);
    for (const k of FILTER_KEYS) expect(API_DEFAULTS[k]).toEqual(NO_FILTERS[k]);
    expect(LIST_KEYS).toEqual(FILTER_KEYS.slice(0, 10));
  });

  it("no filter set: nothing named, the banner says all", () => {
    expect(activeFilters(NO_FILTERS, ctx)).toEqual([]);
    expect(describeFilters(NO_FILTERS, ctx)).toBe(
      "all rounds · all suites · all divisions · any availability · all models all scenarios",
    );
  });

  it("the explorer's first view reads as its context", () => {
    // PAGE_DEFAULTS: latest round, datacenter, closed, available, the benchmark and scenario the data decides (auto,
    // filled in before the page names it): here llama2-70b-99 Server
    const first = { ...PAGE_DEFAULTS, model: ["llama2-70b-99"], scenario: ["Server"] };
    expect(describeFilters(first, ctx)).toBe("v6.0 · datacenter · closed · available · llama2-70b-99 Server");
    expect(describeFilters(first, { latestRound: null })).toBe(
      "newest round · datacenter · closed · available · llama2-70b-99 Server",
    );
    expect(activeFilters(first, ctx).map((f) => f.text)).toEqual([
      "round=v6.0",
      "model=llama2-70b-99",
      "scenario=Server",
      "suite=datacenter",
      "division=closed",
      "availability=available",
    ]);
  });

  it("every kind of filter names itself and reads in the banner", () => {
    const s = state({
      submitter: ["AMD", "NVIDIA"],
      accelerator: ["a", "b", "c", "d"],
      engine: ["vLLM"],
      minAccelerators: 8,
      maxAccelerators: 16,
      nodes: "multi",
      q: "mi355x",
    });
    expect(activeFilters(s, ctx).map((f) => [f.key, f.text])).toEqual([
      ["submitter", "submitter=AMD,NVIDIA"],
      ["accelerator", "accelerator=a,b,c,d"],
      ["engine", "engine=vLLM"],
      ["minAccelerators", "accelerators ≥ 8"],
      ["maxAccelerators", "accelerators ≤ 16"],
      ["nodes", "nodes=multi"],
      ["q", "search “mi355x”"],
    ]);
    expect(describeFilters(s, ctx)).toBe(
      "all rounds · all suites · all divisions · any availability · all models all scenarios · AMD, NVIDIA · 4 accelerators · vLLM · multi-node · 8–16 accelerators · “mi355x”",
    );
    expect(describeFilters(state({ maxAccelerators: 4 }), ctx)).toContain("0–4 accelerators");
  });

  it("parses from the URL through its entry; a bad value is a message naming the key", () => {
    const { state: s, issues } = parseResultsState(
      new URLSearchParams("round=v6.0,all&nodes=sideways&minAccelerators=-1&q=x&accelerator=A\\, B,C"),
      API_DEFAULTS,
    );
    expect(s.round).toEqual([]); // "all" anywhere: no filter
    expect(s.accelerator).toEqual(["A, B", "C"]);
    expect(s.q).toBe("x");
    expect(issues.map((i) => i.field)).toEqual(["minAccelerators", "nodes"]);
    expect(FILTER.nodes.parse("sideways")).toEqual({ ok: false, message: 'bad value for nodes: "sideways"' });
    expect(FILTER.scenario.parse("Server,Offline")).toEqual({
      ok: true,
      value: ["Offline", "Server"],
      rewritten: false,
    });
  });

  it("list parses read other spellings in canonical form and say they rewrote", () => {
    expect(FILTER.scenario.parse("offline,single_stream")).toEqual({
      ok: true,
      value: ["Offline", "SingleStream"],
      rewritten: true,
    });
    expect(FILTER.scenario.parse("AUTO")).toEqual({ ok: true, value: ["auto"], rewritten: true });
    expect(FILTER.round.parse("6.1,V6.0")).toEqual({ ok: true, value: ["v6.0", "v6.1"], rewritten: true });
    expect(FILTER.round.parse("ALL")).toEqual({ ok: true, value: [], rewritten: true });
    expect(FILTER.model.parse("Llama2-70B-99")).toEqual({ ok: true, value: ["llama2-70b-99"], rewritten: true });
    expect(FILTER.division.parse("Closed")).toEqual({ ok: true, value: ["closed"], rewritten: true });
    expect(FILTER.suite.parse("datacenter")).toEqual({ ok: true, value: ["datacenter"], rewritten: false });
    expect(FILTER.submitter.parse("AMD")).toEqual({ ok: true, value: ["AMD"], rewritten: false });
  });

  it("Clear all (NO_FILTERS) over any view leaves only the view's own settings in the URL", () => {
    const busy = state({ round: ["v5.1"], submitter: ["AMD"], nodes: "single", q: "x", per: "accelerator" });
    expect(serializeResultsState({ ...busy, ...NO_FILTERS }, API_DEFAULTS)).toBe("per=accelerator");
  });

  it("list values with commas survive the URL", () => {
    const v = ["AMD Instinct MI300X 192GB HBM3, AMD Instinct MI325X 256GB HBM3e", "a\\b"];
    expect(splitList(joinList(v))).toEqual(v);
  });
});
