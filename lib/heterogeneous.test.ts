// A heterogeneous system reads as its mix in titles, charts and labels, never as "24×MI300X". Over every
// heterogeneous system the real summaries publish (found by python: an accelerator name with more than one part).
import { describe, expect, it } from "vitest";
import { acceleratorGroups } from "@/lib/mlperf/accelerators";
import { parsedSummary } from "@/lib/mlperf/test-real-summaries";
import { acceleratorsLabel, systemLabels } from "@/lib/snapshot";

const EXPECTED: [file: string, submitter: string, label: string, total: number][] = [
  ["v5.1.summary_results.json", "MangoBoost", "32×MI300X + 16×MI325X", 48],
  ["v5.1.summary_results.json", "Supermicro_MangoBoost", "16×MI325X + 8×MI300X", 24],
  ["v6.0.summary_results.json", "Dell_MangoBoost", "8×MI300X + 8×MI325X + 8×MI355X", 24],
  // "(x2x8)": two nodes of eight of each
  ["v6.1.summary.csv", "Dell_MangoBoost", "16×MI300X + 16×MI355X", 32],
];

describe("heterogeneous systems", () => {
  it.each(EXPECTED)("%s %s reads as %s (%i accelerators)", (file, submitter, label, total) => {
    const rows = parsedSummary(file).records.filter(
      (r) => r.submitter === submitter && acceleratorGroups(r.system.acceleratorRaw, r.platform).groups.length > 1,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.system.heterogeneous).toBe(true);
      expect(r.system.totalAccelerators).toBe(total);
      const shown = {
        id: "x",
        submitter: r.submitter,
        platform: r.platform,
        round: r.round,
        scenario: r.scenario,
        model: r.model,
        accelerator: r.system.accelerator,
        totalAccelerators: r.system.totalAccelerators,
        acceleratorGroups: acceleratorGroups(r.system.acceleratorRaw, r.platform).groups,
      };
      expect(acceleratorsLabel(shown)).toBe(label);
      expect(systemLabels([shown]).x).toBe(label);
      expect(label).not.toMatch(new RegExp(`^${total}×`));
    }
  });

  it("every real heterogeneous system is in the table above", () => {
    const files = [
      "v4.1.summary_results.json",
      "v5.1.summary_results.json",
      "v6.0.summary_results.json",
      "v6.1.summary.csv",
    ];
    const found = new Set(
      files.flatMap((f) =>
        parsedSummary(f)
          .records.filter((r) => acceleratorGroups(r.system.acceleratorRaw, r.platform).groups.length > 1)
          .map((r) => `${f} ${r.submitter}`),
      ),
    );
    expect([...found].sort()).toEqual(EXPECTED.map(([f, s]) => `${f} ${s}`).sort());
  });
});
