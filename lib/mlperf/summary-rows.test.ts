// A summary row's accelerator count (summary-system.ts, accelerators.ts) and its data-oddity notes (summary-notes.ts),
// over real rows of the official round files.
import { describe, expect, it } from "vitest";
import type { ResultRecord } from "@/lib/types";
import { findRecords, parsedSummary, ROUND_FILES } from "./test-real-summaries";

const codes = (r: ResultRecord) => r.notes.map((n) => n.code);
const round = (name: keyof typeof ROUND_FILES) => parsedSummary(ROUND_FILES[name]).records;

describe("accelerator counts on real rows", () => {
  it.each([
    // round, submitter, platform, total, nodes, per node, published total, heterogeneous, note expected
    ["v6.0", "AMD", "87xMI355X_22xEPYC_9575F", 87, 11, 8, 88, false, true],
    ["v6.0", "AMD", "94xMI355X_24xEPYC_9575F", 94, 12, 8, 96, false, true],
    ["v6.0", "NVIDIA", "GB200-NVL72_GB200-186GB_aarch64x72_TRT", 72, 18, 4, 72, false, false],
    ["v6.0", "NVIDIA", "GB300-NVL72_GB300-288GB_aarch64x288_TRT", 288, 72, 4, 288, false, false],
    ["v6.0", "AMD", "8xMI355X_2xEPYC_9575F", 8, 1, 8, 8, false, false],
    [
      "v6.0",
      "Dell_MangoBoost",
      "8xMI300X_2xEPYC_9534_8xMI325X_2xEPYC_9655_8xMI355X_2xEPYC_9965",
      24,
      3,
      8,
      24,
      true,
      false,
    ],
    ["v5.1", "MangoBoost", "32xMI300X_2xEPYC_9534_16xMI325X_2xEPYC_9655", 48, 6, 8, null, true, false],
    ["v5.1", "Supermicro_MangoBoost", "16xMI325X_8xMI300X_2xEPYC_9575F", 24, 3, 8, null, true, false],
    ["v4.1", "NVIDIA", "H200-SXM-141GBx8_TRT", 8, 1, 8, null, false, false],
    ["v4.1", "Intel", "1-node-2S-EMR-PyTorch", null, 1, null, null, false, false],
  ] as const)("%s %s %s → %j over %j nodes", (r, submitter, platform, total, nodes, perNode, published, het, noted) => {
    const rows = findRecords(round(r), { submitter, platform });
    expect(rows.length).toBeGreaterThan(0);
    for (const rec of rows) {
      expect(rec.system).toMatchObject({
        totalAccelerators: total,
        nodes,
        acceleratorsPerNode: perNode,
        publishedTotalAccelerators: r === "v6.0" ? (published ?? 0) : null,
        heterogeneous: het,
      });
      expect(codes(rec).includes("accelerator-count-disagrees")).toBe(noted);
    }
  });

  it("the 87-GPU cluster note shows the numbers; the names lose the (x87) suffix", () => {
    const rec = findRecords(round("v6.0"), {
      platform: "87xMI355X_22xEPYC_9575F",
      model: "llama2-70b-99",
      scenario: "Offline",
    })[0];
    expect(rec?.value).toBe(1042110);
    expect(rec?.system.accelerator).toBe("AMD Instinct MI355X 288GB HBM3e");
    expect(rec?.system.acceleratorRaw).toBe("AMD Instinct MI355X 288GB HBM3e (x87)");
    expect(rec?.notes).toContainEqual({
      code: "accelerator-count-disagrees",
      message:
        "platform and accelerator name say 87 accelerators ran; Nodes 11 × 8 per node = 88 and the published Total Accelerators is 88",
    });
  });

  it.each([
    ["v4.1", 0],
    ["v5.1", 2], // RedHat XE8640_4xH100_vLLM: platform says 4, Nodes 1 × 1 (the system name says 1xH100)
    ["v6.0", 8],
  ] as const)("%s has %i rows with an accelerator-count note", (r, n) => {
    expect(round(r).filter((x) => codes(x).includes("accelerator-count-disagrees"))).toHaveLength(n);
  });
});

describe("data-oddity notes on real rows", () => {
  // Expected counts come from the files, counted outside this code: rows of a token-generation benchmark (llama*,
  // gptj, mixtral, deepseek-r1, gpt-oss) whose Offline/Server/Interactive figure is published as Samples/s or
  // Queries/s (python over the JSON/CSV: v4.1 5, v4.1 GigaComputing CSV 10, v5.1 8, v5.1 GigaComputing CSV 1, every
  // other file 0). The rule itself reads the benchmark table's official metric (lib/mlperf/benchmarks.ts), no list.
  it.each([
    ["v4.1.summary_results.json", 5],
    ["v5.1.summary_results.json", 8],
    ["v6.0.summary_results.json", 0],
    ["v6.1.summary.csv", 0],
    ["v4.1.closed-GigaComputing.summary.csv", 10],
    ["v5.1.closed-GigaComputing.summary.csv", 1],
    ["cm4mlperf-inference-scc24.summary.csv", 0],
  ] as const)("%s: %i token-generation rows published in request units carry units-suspect", (file, n) => {
    const flagged = parsedSummary(file).records.filter((r) => codes(r).includes("units-suspect"));
    expect(flagged).toHaveLength(n);
    expect(flagged.every((r) => r.units === "Queries/s" || r.units === "Samples/s")).toBe(true);
  });

  it("flags the 8 closed v5.1 llama3.1-8b Interactive rows published as Queries/s, keeping the value", () => {
    const flagged = round("v5.1").filter((r) => codes(r).includes("units-suspect"));
    expect(
      flagged.every((r) => r.division === "closed" && r.model === "llama3.1-8b" && r.scenario === "Interactive"),
    ).toBe(true);
    const dell = flagged.find((r) => r.submitter === "Dell");
    expect(dell?.value).toBe(102907);
    expect(dell?.platform).toBe("XE9680L_B200_SXM_180GBx8_TRT");
    expect(dell?.notes.find((n) => n.code === "units-suspect")?.message).toBe(
      "published units are Queries/s, but the official metric of llama3.1-8b Interactive in v5.1 is Tokens/s (a token-generation result); 102907 is likely on the tokens/s scale; kept as published",
    );
  });

  it("flags NeuralMagic's v4.1 open llama2-70b-99.9 rows: Offline in Samples/s as well as Server in Queries/s", () => {
    const v4 = round("v4.1").filter((r) => codes(r).includes("units-suspect"));
    expect(v4.map((r) => [r.submitter, r.scenario, r.units, r.value]).sort()).toEqual([
      ["NeuralMagic", "Offline", "Samples/s", 1337.46],
      ["NeuralMagic", "Offline", "Samples/s", 1871.84],
      ["NeuralMagic", "Offline", "Samples/s", 1989.1],
      ["NeuralMagic", "Server", "Queries/s", 1429.85],
      ["NeuralMagic", "Server", "Queries/s", 1954.36],
    ]);
  });

  it("the v4.1 GigaComputing CSV flags its LLM rows (gptj, llama2-70b, mixtral) and none of its vision or BERT rows", () => {
    const rows = parsedSummary("v4.1.closed-GigaComputing.summary.csv").records;
    const flagged = rows.filter((r) => codes(r).includes("units-suspect"));
    expect([...new Set(flagged.map((r) => r.modelFamily))].sort()).toEqual(["gptj", "llama2-70b", "mixtral-8x7b"]);
    expect(rows.filter((r) => r.modelFamily === "resnet" && codes(r).includes("units-suspect"))).toHaveLength(0);
  });

  it("the v5.1 GigaComputing CSV flags its own llama3.1-8b Interactive Queries/s row (102,829)", () => {
    const flagged = parsedSummary("v5.1.closed-GigaComputing.summary.csv").records.filter((r) =>
      codes(r).includes("units-suspect"),
    );
    expect(flagged.map((r) => [r.model, r.scenario, r.value])).toEqual([["llama3.1-8b", "Interactive", 102829]]);
  });

  it("no real power row shares its run with a performance-only row (0 of 24 in v5.1, 0 of 31 in v4.1)", () => {
    for (const r of ["v4.1", "v5.1"] as const) {
      expect(round(r).filter((x) => codes(x).includes("power-and-performance-rows"))).toHaveLength(0);
    }
    expect(round("v5.1").filter((x) => x.hasPower)).toHaveLength(24);
    expect(round("v4.1").filter((x) => x.hasPower)).toHaveLength(31);
  });

  it("reads a v5.1 power row's power and units", () => {
    const rec = findRecords(round("v5.1"), {
      submitter: "Lenovo",
      platform: "SR680a_V3_B200SXMx8_TRT",
      model: "whisper",
    })[0];
    expect(rec).toMatchObject({
      hasPower: true,
      value: 43698.6,
      power: 7636.4895833333,
      powerUnits: "Watts",
      units: "Samples/s",
    });
  });
});
