// A curve's changes field by field, its change-log id and where it links, and which views hold curve changes
// (lib/lifecycle/curve-changes.ts). Values by hand.
import { describe, expect, it } from "vitest";
import { NO_FILTERS } from "../filters";
import { citedIds } from "./cited";
import {
  type CurveTracked,
  changeHref,
  curveChangeFilter,
  curveChangeId,
  curveFieldChanges,
  curveIdOfChange,
  pointFieldWords,
} from "./curve-changes";
import { describeFieldChange } from "./fields";

const pt = (systemTps: number, tpsPerUser: number | null = null) => ({
  systemTps,
  tpsPerUser,
  ttftP90Ms: null,
  tpotP90Ms: null,
  offline: false,
});
const curve = (points: [number, ReturnType<typeof pt>][], over: Partial<CurveTracked> = {}): CurveTracked => ({
  division: "Standardized",
  availability: "Available",
  totalAccelerators: 8,
  provisionedPowerW: 12000,
  points: new Map(points),
  ...over,
});

describe("curveFieldChanges", () => {
  it("the same curve: nothing", () => {
    expect(curveFieldChanges(curve([[4, pt(100)]]), curve([[4, pt(100)]]))).toEqual([]);
  });
  it("a point's figure, a point added and one removed, a curve fact: each named", () => {
    const a = curve([
      [4, pt(100, 50)],
      [16, pt(300)],
    ]);
    const b = curve(
      [
        [4, pt(110, 50)],
        [64, pt(900)],
      ],
      { provisionedPowerW: 13000 },
    );
    expect(curveFieldChanges(a, b)).toEqual([
      { field: "provisionedPowerW", old: 12000, new: 13000 },
      { field: "r4.systemTps", old: 100, new: 110 },
      { field: "r16", old: 300, new: null },
      { field: "r64", old: null, new: 900 },
    ]);
  });
});

describe("words", () => {
  it.each([
    ["r64.systemTps", "r64 system tokens/s"],
    ["r4.ttftP90Ms", "r4 TTFT P90 (ms)"],
    ["r16", "point r16 (system tokens/s)"],
    ["value", null],
    ["r4.nope", null],
  ])("%s → %s", (f, w) => {
    expect(pointFieldWords(f)).toBe(w);
  });
  it("a point change in a sentence, with its relative difference", () => {
    expect(describeFieldChange({ field: "r64.systemTps", old: 4308.1207, new: 4454.1275 })).toBe(
      "r64 system tokens/s 4,308.121 → 4,454.128 (+3.4%)",
    );
  });
});

describe("ids: a curve's change-log id is never a result id", () => {
  it("curve:<id> round-trips and links to /curves/{id}; a result id links to /results/{id}", () => {
    expect(curveChangeId("0123456789abcdef")).toBe("curve:0123456789abcdef");
    expect(curveIdOfChange("curve:0123456789abcdef")).toBe("0123456789abcdef");
    expect(curveIdOfChange("0123456789abcdef")).toBeNull();
    expect(changeHref("curve:0123456789abcdef")).toBe("/curves/0123456789abcdef");
    expect(changeHref("0123456789abcdef")).toBe("/results/0123456789abcdef");
  });
});

describe("curveChangeFilter: which views hold curve changes", () => {
  it.each([
    ["no filter", {}, { models: [], submitters: [], q: "" }],
    [
      "a model and a submitter",
      { model: ["gpt-oss-120b"], submitter: ["AMD"] },
      { models: ["gpt-oss-120b"], submitters: ["AMD"], q: "" },
    ],
    ["an Inference round", { round: ["v6.0"] }, null],
    ["a scenario", { scenario: ["Server"] }, null],
    ["multi-node only", { nodes: "multi" as const }, null],
  ])("%s", (_, over, want) => {
    expect(curveChangeFilter({ ...NO_FILTERS, ...over })).toEqual(want);
  });
});

describe("a status change in the words readers see elsewhere", () => {
  it.each([
    [{ field: "status", old: "peer-review-pending", new: "finalized" }, "status peer review pending → finalized"],
    [{ field: "status", old: "finalized", new: "superseded" }, "status finalized → superseded by a later cohort"],
    [{ field: "status", old: "published", new: "no-longer-published" }, "status published → no longer published"],
  ])("%o → %s", (c, text) => {
    expect(describeFieldChange(c)).toBe(text);
  });
});

describe("citedIds: a frozen view cites its curves by their change-log ids", () => {
  it("a comparison's rows and curves; a plan's published and curve bases", () => {
    const compare = { results: [{ id: "691c1e67b66a9ad3" }], curves: [{ id: "4cd004b508ffa730" }] };
    expect(citedIds({ kind: "compare", data: compare as never })).toEqual([
      "691c1e67b66a9ad3",
      "curve:4cd004b508ffa730",
    ]);
    const plans = [
      { basis: { kind: "published", id: "691c1e67b66a9ad3" } },
      { basis: { kind: "curve", id: "4cd004b508ffa730" } },
      { basis: { kind: "bakeoff", id: "upload-id-not-in-the-log" } },
    ];
    expect(citedIds({ kind: "plan", data: { plans } as never })).toEqual([
      "691c1e67b66a9ad3",
      "curve:4cd004b508ffa730",
    ]);
  });
});
