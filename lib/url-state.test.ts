import { describe, expect, it } from "vitest";
import { parsedSummary, ROUND_FILES } from "@/lib/mlperf/test-real-summaries";
import { joinList, PAGE_DEFAULTS, parseResultsState, serializeResultsState, splitList } from "./url-state";

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
