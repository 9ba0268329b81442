// Performance per watt over the real power rows: every v4.1 and v5.1 row with has_power, read by the real parser,
// against result ÷ power computed here from the raw JSON (read independently, not through the parser).
import { describe, expect, it } from "vitest";
import { parsedSummary, ROUND_FILES, rawSummaryRows } from "@/lib/mlperf/test-real-summaries";
import type { ResultRecord } from "@/lib/types";
import { POWER_LABEL, perWattValue, powerFigure } from "./power";

type Raw = Record<string, unknown>;

function powerRows(round: "v4.1" | "v5.1"): Raw[] {
  return rawSummaryRows(ROUND_FILES[round]).filter((r) => r.has_power === true);
}

function recordFor(round: "v4.1" | "v5.1", raw: Raw): ResultRecord {
  const hits = parsedSummary(ROUND_FILES[round]).records.filter(
    (r) =>
      r.hasPower &&
      r.resultId === String(raw.ID).replace(/^v/, "") &&
      r.platform === raw.Platform &&
      r.model === raw.Model &&
      r.scenario === raw.Scenario,
  );
  if (hits.length !== 1) throw new Error(`${round} ${String(raw.ID)} ${String(raw.Scenario)}: ${hits.length} records`);
  return hits[0] as ResultRecord;
}

describe("perWattValue over the real power rows", () => {
  it.each([
    // round, power rows, of which in watts (Offline/Server), in millijoules (SingleStream/MultiStream); counts from
    // ../shared/formats/mlperf-data.md §2.1 and the files themselves
    ["v4.1", 31, 29, 2],
    ["v5.1", 24, 16, 8],
  ] as const)("%s: %i power rows, %i in watts, %i in millijoules", (round, all, watts, mj) => {
    const rows = powerRows(round);
    expect(rows.length).toBe(all);
    expect(rows.filter((r) => r.Power_Units === "Watts").length).toBe(watts);
    expect(rows.filter((r) => r.Power_Units === "millijoules").length).toBe(mj);
  });

  for (const round of ["v4.1", "v5.1"] as const)
    it(`${round}: every row in watts has result ÷ watts from the file; every row in millijoules has none`, () => {
      let checked = 0;
      for (const raw of powerRows(round)) {
        const rec = recordFor(round, raw);
        const perf = raw.Performance_Result as number;
        const power = raw.Power_Result as number;
        if (raw.Power_Units === "Watts") {
          expect(perWattValue(rec)).toBeCloseTo(perf / power, 9);
          expect(perWattValue(rec)).toBe(perf / power);
          const fig = powerFigure(rec);
          expect(fig?.kind).toBe("perWatt");
          expect(fig?.label).toBe(POWER_LABEL);
        } else {
          expect(perWattValue(rec)).toBeNull();
          const fig = powerFigure(rec);
          expect(fig).toMatchObject({ kind: "energyPerQuery", millijoules: power });
        }
        checked++;
      }
      expect(checked).toBe(powerRows(round).length);
    });

  it("a performance-only row gets no figure, whatever its Notes say about TGP", () => {
    // NVIDIA v4.1 H200 rows say "H200 TGP 700W" in Notes: a rated power, never a measurement
    const rows = parsedSummary(ROUND_FILES["v4.1"]).records.filter((r) => !r.hasPower && /TGP/.test(r.notesText ?? ""));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(perWattValue(r)).toBeNull();
      expect(powerFigure(r)).toBeNull();
    }
  });

  it.each([
    ["no measurement", { hasPower: false, power: null, powerUnits: null }],
    ["zero watts", { hasPower: true, power: 0, powerUnits: "Watts" }],
    ["negative watts", { hasPower: true, power: -5, powerUnits: "Watts" }],
    ["unknown power units", { hasPower: true, power: 900, powerUnits: "BTU" }],
  ])("%s → null", (_name, over) => {
    const base = { value: 1000, units: "Tokens/s", scenario: "Offline" as const };
    expect(perWattValue({ ...base, ...over })).toBeNull();
    expect(powerFigure({ ...base, ...over })).toBeNull();
  });
});
