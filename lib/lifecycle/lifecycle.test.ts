// lib/lifecycle over real figures: the rows are the real v6.0 official summary's (../shared, read by the real parser);
// the expected values are read by hand from that file (ID, Model, Scenario, Performance_Result, errors) and from the
// status rules cited in status.ts.
import { describe, expect, it } from "vitest";
import { parsedSummary, ROUND_FILES } from "@/lib/mlperf/test-real-summaries";
import type { ResultRecord } from "@/lib/types";
import { type ChangeEntry, citedChanges, countKinds, describeChange, describeCounts, groupBatches } from "./changes";
import { describeFieldChange, fieldChanges, type TrackedValues } from "./fields";
import { statusWhenListed } from "./status";

const v60 = parsedSummary(ROUND_FILES["v6.0"]).records;
const row = (platform: string, model: string, scenario: string): ResultRecord => {
  const r = v60.find((x) => x.platform === platform && x.model === model && x.scenario === scenario);
  if (!r) throw new Error(`no ${platform} ${model} ${scenario} in v6.0`);
  return r;
};
const tracked = (r: ResultRecord): TrackedValues => ({
  value: r.value,
  units: r.units,
  validity: r.validity,
  availability: r.availability,
  accelerator: r.system.accelerator,
  totalAccelerators: r.system.totalAccelerators,
  nodes: r.system.nodes,
  precision: r.precision,
  accuracy: r.accuracy,
  power: r.power,
  servingEngine: null,
  benchmark: r.benchmark,
  resultId: r.resultId,
  notes: r.notesText,
});

describe("statusWhenListed: a listed row's status", () => {
  it.each([
    ["a new row", null, "VALID", "published"],
    ["a new row the checker flags (its validity says so)", null, "INVALID", "published"],
    ["a published VALID row now flagged", { status: "published", validity: "VALID" }, "INVALID", "invalidated"],
    ["an invalidated row still flagged", { status: "invalidated", validity: "INVALID" }, "INVALID", "invalidated"],
    ["an invalidated row valid again", { status: "invalidated", validity: "INVALID" }, "VALID", "published"],
    ["a row back in its source", { status: "no-longer-published", validity: "VALID" }, "VALID", "published"],
    ["a row of unknown validity now flagged", { status: "published", validity: "UNKNOWN" }, "INVALID", "published"],
  ] as const)("%s → %s", (_what, prev, validity, expected) => {
    expect(statusWhenListed(prev, validity)).toBe(expected);
  });
});

describe("fieldChanges over real v6.0 rows", () => {
  // 6.0-0001 87xMI355X_22xEPYC_9575F llama2-70b-99 Offline: Performance_Result 1042110.0 Tokens/s, errors 0
  const r = row("87xMI355X_22xEPYC_9575F", "llama2-70b-99", "Offline");

  it("the same row: no change", () => {
    expect(fieldChanges(tracked(r), tracked(structuredClone(r)))).toEqual([]);
  });

  it("a corrected figure and a raised checker error: each field old → new, in the printed order", () => {
    const next = { ...tracked(r), value: 1050000, validity: "INVALID" };
    expect(fieldChanges(tracked(r), next)).toEqual([
      { field: "value", old: 1042110, new: 1050000 },
      { field: "validity", old: "VALID", new: "INVALID" },
    ]);
    expect(describeFieldChange({ field: "value", old: 1042110, new: 1050000 })).toBe(
      "result 1,042,110 → 1,050,000 (+0.76%)",
    );
  });

  it("two rows of different systems differ in their system fields (88 vs 8 accelerators)", () => {
    // 6.0-0002 8xMI355X_2xEPYC_9575F llama2-70b-99 Offline 103480.0 Tokens/s
    const other = row("8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Offline");
    const fields = fieldChanges(tracked(r), tracked(other)).map((c) => c.field);
    expect(fields).toContain("totalAccelerators");
    expect(fieldChanges(tracked(r), tracked(other)).find((c) => c.field === "value")).toEqual({
      field: "value",
      old: 1042110,
      new: 103480,
    });
  });
});

const e = (at: string, kind: ChangeEntry["kind"], id: string, fields: ChangeEntry["fields"] = []): ChangeEntry => ({
  at,
  source: "v6.0",
  kind,
  id,
  fields,
});

describe("citedChanges: what a frozen view's banner says", () => {
  const log = [
    e("2026-12-01T10:00:00.000Z", "new", "a"),
    e("2026-12-01T10:00:00.000Z", "new", "b"),
    e("2026-12-02T10:00:00.000Z", "changed", "a", [{ field: "value", old: 1042110, new: 1050000 }]),
    e("2026-12-03T10:00:00.000Z", "changed", "a", [{ field: "value", old: 1050000, new: 1060000 }]),
    e("2026-12-03T10:00:00.000Z", "no-longer-published", "b", [
      { field: "status", old: "published", new: "no-longer-published" },
    ]),
    e("2026-12-03T10:00:00.000Z", "changed", "c", [{ field: "value", old: 1, new: 2 }]),
  ];

  it("a result changed twice shows its value then → now; one that left its source says so; others are not cited", () => {
    expect(citedChanges(log, ["a", "b"], "2026-12-01T12:00:00.000Z")).toEqual([
      {
        id: "a",
        at: "2026-12-03T10:00:00.000Z",
        kind: "changed",
        fields: [{ field: "value", old: 1042110, new: 1060000 }],
      },
      {
        id: "b",
        at: "2026-12-03T10:00:00.000Z",
        kind: "no-longer-published",
        fields: [{ field: "status", old: "published", new: "no-longer-published" }],
      },
    ]);
  });

  it("changes before the view was frozen, and a value that went back, say nothing", () => {
    expect(citedChanges(log, ["a", "b"], "2026-12-04T00:00:00.000Z")).toEqual([]);
    const back = [
      ...log,
      e("2026-12-05T00:00:00.000Z", "changed", "a", [{ field: "value", old: 1060000, new: 1042110 }]),
    ];
    expect(citedChanges(back, ["a"], "2026-12-01T12:00:00.000Z")).toEqual([]);
  });

  it("counts and words per kind; batches by import, newest first", () => {
    expect(countKinds(log)).toEqual({ new: 2, changed: 3, "no-longer-published": 1, status: 0 });
    expect(describeCounts(countKinds(log))).toBe("2 new, 3 changed, 1 no longer published");
    expect(describeChange(log[4] as ChangeEntry)).toBe("no longer in its source (since 2026-12-03); kept here, marked");
    const batches = groupBatches(log.map((x) => ({ ...x, round: "v6.0", label: x.id })));
    expect(batches.map((b) => [b.at, b.rows.length])).toEqual([
      ["2026-12-03T10:00:00.000Z", 3],
      ["2026-12-02T10:00:00.000Z", 1],
      ["2026-12-01T10:00:00.000Z", 2],
    ]);
  });
});
