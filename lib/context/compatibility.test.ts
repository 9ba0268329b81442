// The MLPerf Compatibility Table as data, and areRoundsCompatible over it.
import { describe, expect, it } from "vitest";
import { areRoundsCompatible, COMPATIBILITY_NOTES, COMPATIBILITY_TABLE, roundVersion } from "./compatibility";

describe("areRoundsCompatible", () => {
  it.each([
    // [family, round A, round B, expected]
    ["llama2-70b", "v4.1", "v6.0", true],
    ["llama2-70b-99.9", "v5.1", "v6.0", true],
    ["llama2-70b", "v4.0", "v5.0", true],
    ["bert", "v1.0", "v3.0", true],
    ["retinanet", "v2.1", "v3.0", true],
    ["3d-unet-99", "0.7", "2.1", true],
    ["resnet", "v2.1", "v3.0", false],
    ["retinanet", "v1.1", "v2.1", false],
    ["bert-99", "v0.5", "v1.0", false],
    ["mixtral-8x7b", "v4.1", "v5.1", null],
    ["resnet", "v4.1", "v6.0", null],
    ["gpt-oss-120b", "v6.0", "v6.1", null],
    ["llama2-70b", "v3.1", "v4.1", null],
  ] as [string, string, string, boolean | null][])("%s %s vs %s → %s", (family, a, b, expected) => {
    const c = areRoundsCompatible(family, a, b);
    expect(c.compatible).toBe(expected);
    expect(c.reason.length).toBeGreaterThan(10);
    if (expected === null) expect(c.reason).toContain("unknown");
    expect(areRoundsCompatible(family, b, a).compatible).toBe(expected);
  });
  it.each([
    ["resnet", "v6.0"],
    ["unknown-benchmark", "v4.1"],
    ["llama2-70b", "v5.1"],
  ])("%s, same round %s → compatible", (family, r) => {
    expect(areRoundsCompatible(family, r, r).compatible).toBe(true);
  });
  it("the llama2-70b row is marked as coming from our notes, not the copy we hold", () => {
    const c = areRoundsCompatible("llama2-70b", "v4.1", "v6.0");
    expect(c.reason).toContain("our research notes");
    expect(c.source?.path).toBe("shared/research/anchors.md");
  });
  it.each([
    ["v4.1", "4.1"],
    ["4.1", "4.1"],
    ["v4.1-0048", "4.1"],
    ["v6.0", "6.0"],
  ])("roundVersion(%s) → %s", (input, out) => {
    expect(roundVersion(input)).toBe(out);
  });
});

describe("table data", () => {
  it("every row has a source and only versions from its own columns", () => {
    for (const row of COMPATIBILITY_TABLE) {
      expect(row.source.path).not.toBe("");
      for (const v of [...row.groups.flat(), ...row.notInRound]) expect(row.columns).toContain(v);
    }
  });
  it("rows read from the stored copy cite MLPerf_Compatibility_Table.adoc at its commit", () => {
    const stored = COMPATIBILITY_TABLE.filter((r) => r.confirmedInStoredCopy);
    expect(stored.length).toBe(10);
    for (const r of stored) {
      expect(r.source).toMatchObject({
        repo: "mlcommons/policies",
        path: "MLPerf_Compatibility_Table.adoc",
        commit: "b699813f74365c965b47da07a07a5dc358b1571f",
      });
    }
  });
  it("keeps the power note", () => {
    expect(COMPATIBILITY_NOTES.power.text).toBe(
      "Performance metrics for inference and power submissions are not comparable.",
    );
  });
});
