// The per-accelerator rule over records made by the real normalizer (lib/mlperf/summary.ts) from the real round
// summaries in ../shared/data: the divisor, the figure, the formula sentence, and the per-type groups of mixed
// systems. Expected numbers are the files' own (Performance_Result, the "(xN)" suffixes and platform groups).
import { describe, expect, it } from "vitest";
import { acceleratorGroups, mixedGroups } from "@/lib/mlperf/accelerators";
import { findRecords, parsedSummary, ROUND_FILES } from "@/lib/mlperf/test-real-summaries";
import type { ResultRecord } from "@/lib/types";
import { acceleratorDivisor, MIXED, perAccelerator, perAcceleratorValue } from "./per-accelerator";

function one(
  round: keyof typeof ROUND_FILES,
  platform: string,
  model: string,
  scenario: string,
  submitter = platform.includes("EPYC_9965")
    ? "Dell_MangoBoost"
    : platform.includes("EPYC_9534")
      ? "MangoBoost"
      : "AMD",
): ResultRecord {
  const found = findRecords(parsedSummary(ROUND_FILES[round]).records, {
    platform,
    model,
    scenario,
    division: "closed",
    submitter,
    hasPower: false,
  });
  expect(found).toHaveLength(1);
  return found[0] as ResultRecord;
}

/** What the rule reads from a record, as the writer passes it (db/write.ts). */
function input(r: ResultRecord) {
  return {
    value: r.value,
    units: r.units,
    scenario: r.scenario,
    nodes: r.system.nodes,
    accelerator: r.system.accelerator,
    totalAccelerators: r.system.totalAccelerators,
    heterogeneous: r.system.heterogeneous,
    acceleratorGroups: mixedGroups(r.system),
  };
}

describe("the per-accelerator rule on normalized real rows", () => {
  it.each([
    // [round, platform, result in the file, accelerators that ran, formula]
    ["v6.0", "8xMI355X_2xEPYC_9575F", 103480, 8, "103,480 tokens/s ÷ 8 accelerators = 12,935 tokens/s per accelerator"],
    [
      "v5.1",
      "32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655",
      169197,
      48,
      "169,197 tokens/s ÷ 48 accelerators = 3,524.9 tokens/s per accelerator; 169,197 tokens/s ÷ 6 nodes = 28,199.5 tokens/s per node",
    ],
    [
      "v6.0",
      "8xMI300X_2xEPYC_9534_8xMI325X_2xEPYC_9655_8xMI355X_2xEPYC_9965",
      151843,
      24,
      "151,843 tokens/s ÷ 24 accelerators = 6,326.8 tokens/s per accelerator; 151,843 tokens/s ÷ 3 nodes = 50,614.3 tokens/s per node",
    ],
  ] as const)("%s %s Offline: divisor %#", (round, platform, result, accelerators, formula) => {
    const r = one(round, platform, "llama2-70b-99", "Offline");
    expect(r.value).toBe(result);
    const i = input(r);
    expect(acceleratorDivisor(i)).toBe(accelerators);
    expect(perAcceleratorValue(i)).toBeCloseTo(result / accelerators, 9);
    const pa = perAccelerator(i);
    expect(pa.value).toBe(perAcceleratorValue(i));
    expect(pa.formula).toBe(formula);
  });

  it("a mixed system keeps its per-type groups, and the note says the figure averages unlike devices", () => {
    const r = one("v5.1", "32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655", "llama2-70b-99", "Offline");
    expect(r.system.heterogeneous).toBe(true);
    expect(mixedGroups(r.system)).toEqual([
      { name: "AMD Instinct MI300X 192GB HBM3", count: 32 },
      { name: "AMD Instinct MI325X 256GB HBM3e", count: 16 },
    ]);
    expect(perAccelerator(input(r)).note).toContain(MIXED.note(r.system.accelerator));
    const three = one(
      "v6.0",
      "8xMI300X_2xEPYC_9534_8xMI325X_2xEPYC_9655_8xMI355X_2xEPYC_9965",
      "llama2-70b-99",
      "Offline",
    );
    expect(mixedGroups(three.system)?.map((g) => [g.name, g.count])).toEqual([
      ["AMD Instinct MI300X 192GB HBM3", 8],
      ["AMD Instinct MI325X 256GB HBM3e", 8],
      ["AMD Instinct MI355X 288GB HBM3e", 8],
    ]);
  });

  it("a system of one type carries no groups; a latency row gets no figure", () => {
    const r = one("v6.0", "8xMI355X_2xEPYC_9575F", "llama2-70b-99", "Offline");
    expect(r.system.heterogeneous).toBe(false);
    expect(mixedGroups(r.system)).toBeUndefined();
    const ss = parsedSummary(ROUND_FILES["v4.1"]).records.find((x) => x.scenario === "SingleStream");
    expect(ss).toBeDefined();
    if (ss) expect(perAcceleratorValue(input(ss))).toBeNull();
  });
});

describe("acceleratorGroups: the one heterogeneity rule", () => {
  it.each([
    // names from the real files; platform groups when the name has no "(xN)"
    [
      "AMD Instinct MI325X 256GB HBM3E (x16), AMD Instinct MI300X 192GB HBM3 (x8)",
      "16xMI325X_8xMI300X_2xEPYC_9575F",
      [16, 8],
      true,
    ],
    [null, "32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655", [32, 16], true],
    ["AMD Instinct MI355X 288GB HBM3e (x87)", "87xMI355X_22xEPYC_9575F", [87], false],
    ["NVIDIA H200-SXM-141GB", "H200-SXM-141GBx8_TRT", [], false],
  ] as const)("%s / %s → counts %j, mixed %s", (raw, platform, counts, mixed) => {
    const g = acceleratorGroups(raw, platform);
    expect(g.groups.map((x) => x.count)).toEqual(counts);
    expect(g.mixed).toBe(mixed);
  });
});
