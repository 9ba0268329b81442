import { describe, expect, it } from "vitest";
import { parsedSummary, ROUND_FILES } from "@/lib/mlperf/test-real-summaries";
import {
  API_DEFAULTS,
  AUTO,
  FIRST_VIEW_KEYS,
  joinList,
  PAGE_DEFAULTS,
  parseResultsState,
  serializeResultsState,
  splitList,
} from "./url-state";

/** Every accelerator and submitter name the real summaries publish (some hold commas, brackets, quotes). */
const REAL_NAMES = [
  ...new Set(
    (Object.keys(ROUND_FILES) as (keyof typeof ROUND_FILES)[]).flatMap((round) =>
      parsedSummary(ROUND_FILES[round]).records.flatMap((r) => [r.system.accelerator ?? "", r.submitter]),
    ),
  ),
].filter(Boolean);

describe("splitList / joinList", () => {
  it.each([
    ["a,b", ["a", "b"]],
    [" a , b ,, ", ["a", "b"]],
    [
      "AMD Instinct MI300X 192GB HBM3\\, AMD Instinct MI325X 256GB HBM3e",
      ["AMD Instinct MI300X 192GB HBM3, AMD Instinct MI325X 256GB HBM3e"],
    ],
    ["back\\\\slash,x", ["back\\slash", "x"]],
    ["trailing\\", ["trailing\\"]],
  ])("%j → %j", (raw, want) => {
    expect(splitList(raw)).toEqual(want);
  });

  it("round-trips every real accelerator and submitter name, one value each", () => {
    expect(REAL_NAMES.some((n) => n.includes(","))).toBe(true); // the case that broke the filter
    expect(REAL_NAMES.some((n) => n.includes("["))).toBe(true);
    for (const n of REAL_NAMES) expect(splitList(joinList([n, "x"]))).toEqual([n.trim(), "x"]);
  });
});

describe("a filter on a name with a comma or brackets", () => {
  const mixed = "AMD Instinct MI300X 192GB HBM3, AMD Instinct MI325X 256GB HBM3e";
  const bracketed = REAL_NAMES.find((n) => n.startsWith("[")) as string;

  it("survives the URL: serialize, then parse, gives the same one-value filter", () => {
    const state = { ...PAGE_DEFAULTS, accelerator: [mixed, bracketed] };
    const query = serializeResultsState(state);
    const { state: back, issues } = parseResultsState(new URLSearchParams(query));
    expect(issues).toEqual([]);
    expect(back.accelerator.slice().sort()).toEqual([mixed, bracketed].sort());
  });

  it("markup in a name is a value like any other (it is bound as a parameter and rendered as text)", () => {
    const { state, issues } = parseResultsState(new URLSearchParams({ submitter: "Acme <script>alert(1)</script>" }));
    expect(issues).toEqual([]);
    expect(state.submitter).toEqual(["Acme <script>alert(1)</script>"]);
  });

  it.each([
    ["round", "<script>"],
    ["round", "v6"],
    ["submitter", "bad\u0000name"],
    ["accelerator", "x".repeat(201)],
  ])("%s=%j is refused", (key, value) => {
    const { issues } = parseResultsState(new URLSearchParams({ [key]: value }));
    expect(issues.map((i) => i.field)).toEqual([key]);
  });
});

describe("forgiving URLs: a value spelled another way is read as its canonical form and reported as rewritten", () => {
  it.each([
    ["scenario", "offline", ["Offline"]],
    ["scenario", "single_stream", ["SingleStream"]],
    ["model", "VLM", ["qwen3-vl-235b-a22b"]],
    ["model", "text_to_video", ["wan-2.2-t2v-a14b"]],
    ["model", "LLAMA2-70B-99", ["llama2-70b-99"]],
    ["model", "Llama2-70B", ["llama2-70b"]],
    ["model", "resnet50", ["resnet"]],
    ["round", "6.1", ["v6.1"]],
    ["round", "V6.0", ["v6.0"]],
    ["division", "Closed", ["closed"]],
  ] as const)("%s=%s → %j", (key, raw, want) => {
    const r = parseResultsState(new URLSearchParams({ [key]: raw }), API_DEFAULTS);
    expect(r.issues).toEqual([]);
    expect(r.state[key]).toEqual(want);
    expect(r.rewritten).toEqual([key]);
  });

  it("a canonical value is not rewritten, and a truly unknown scenario is still an issue", () => {
    expect(
      parseResultsState(new URLSearchParams("scenario=Offline&model=gpt-oss-120b"), API_DEFAULTS).rewritten,
    ).toEqual([]);
    const bad = parseResultsState(new URLSearchParams("scenario=Batch"), API_DEFAULTS);
    expect(bad.issues.map((i) => i.field)).toEqual(["scenario"]);
    expect(bad.rewritten).toEqual([]);
  });

  it("the explorer leaves its model and scenario to the data by default (auto), and omits them from the URL", () => {
    const { state } = parseResultsState(new URLSearchParams(""));
    expect(state.model).toEqual([AUTO]);
    expect(state.scenario).toEqual([AUTO]);
    expect(serializeResultsState(state)).toBe("");
    expect(serializeResultsState({ ...state, model: ["gpt-oss-120b"], scenario: ["Offline"] })).toBe(
      "model=gpt-oss-120b&scenario=Offline",
    );
  });
});

describe("FIRST_VIEW_KEYS: the list filters the explorer's first view narrows", () => {
  it("are the six the 404 page's search must open up, and setting each to all leaves no list filter", () => {
    expect([...FIRST_VIEW_KEYS].sort()).toEqual(["availability", "division", "model", "round", "scenario", "suite"]);
    const { state, issues } = parseResultsState(new URLSearchParams(FIRST_VIEW_KEYS.map((k) => [k, "all"])));
    expect(issues).toEqual([]);
    for (const k of FIRST_VIEW_KEYS) expect(state[k], k).toEqual(API_DEFAULTS[k]);
  });
});
