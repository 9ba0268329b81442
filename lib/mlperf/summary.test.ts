import { describe, expect, it } from "vitest";
import type { ResultRecord } from "@/lib/types";
import { resultKey } from "./ids";
import { normalizeResultId } from "./normalize";
import { detectSummaryFormat, parseCheckerJson, parseSummaryResultsJson, streamSummaryResultsJson } from "./summary";
import type { FinishedRecords } from "./summary-finish";
import { findRecords, parsedSummary, ROUND_FILES, readSummaryText } from "./test-real-summaries";

const codes = (r: ResultRecord) => r.notes.map((n) => n.code);
const round = (name: keyof typeof ROUND_FILES) => parsedSummary(ROUND_FILES[name]).records;

describe("real round files", () => {
  it.each([
    ["v4.1", 937],
    ["v5.1", 1448],
    ["v6.0", 520],
  ] as const)("%s parses with 0 errors into exactly %i records", (name, n) => {
    const res = parsedSummary(ROUND_FILES[name]);
    expect(res.format).toBe("summary_results_json");
    expect(res.errors).toEqual([]);
    expect(res.rowCount).toBe(n);
    expect(res.records).toHaveLength(n);
    expect(new Set(res.records.map((r) => r.round))).toEqual(new Set([name]));
    expect(res.naturalKeys).toEqual(res.records.map(resultKey));
  });

  it.each([
    ["v4.1.closed-GigaComputing.summary.csv", "checker_csv", 26, "v4.1"],
    ["v5.1.closed-GigaComputing.summary.csv", "checker_csv", 18, "v5.1"],
  ] as const)("%s → %s, %i records, round %s", (file, format, n, r) => {
    const res = parsedSummary(file);
    expect(detectSummaryFormat(readSummaryText(file))).toBe(format);
    expect(res.errors).toEqual([]);
    expect(res.records).toHaveLength(n);
    expect(res.records.every((x) => x.round === r && x.submitter === "GigaComputing" && x.resultId === null)).toBe(
      true,
    );
  });

  it("maps the first v4.1 GigaComputing CSV row field by field", () => {
    const rec = parsedSummary("v4.1.closed-GigaComputing.summary.csv").records[0];
    expect(rec).toMatchObject({
      division: "closed",
      platform: "GIGABYTE_G593_SD1_H200_SXM_141GBx8_TRT",
      model: "mixtral-8x7b",
      modelFamily: "mixtral-8x7b",
      scenario: "Server",
      value: 57174.1,
      units: "Queries/s",
      higherIsBetter: true,
      accuracy: "45.3551",
      precision: null,
      validity: "VALID",
      notesText: "H200 TGP 700W",
      location: "closed/GigaComputing/results/GIGABYTE_G593_SD1_H200_SXM_141GBx8_TRT/mixtral-8x7b/Server",
      extra: { compliance: "1" },
    });
    expect(rec?.system).toMatchObject({
      systemName: "GIGABYTE G593-SD1",
      hostProcessor: "Intel(R) Xeon(R) Platinum 8480+",
      hostProcessorCoreCount: "56",
      totalAccelerators: 8,
      softwareStack: [
        { name: "TensorRT", version: "10.2.0" },
        { name: "CUDA", version: "12.4" },
      ],
    });
  });
});

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

describe("field normalisation on real rows", () => {
  it("maps the v6.0 AMD 87-GPU Interactive row field by field", () => {
    const rec = findRecords(round("v6.0"), {
      platform: "87xMI355X_22xEPYC_9575F",
      model: "llama2-70b-99",
      scenario: "Interactive",
    })[0];
    expect(rec).toMatchObject({
      resultId: "6.0-0001",
      division: "closed",
      availability: "available",
      suite: "datacenter",
      modelFamily: "llama2-70b",
      accuracyTarget: "99",
      precision: "fp4",
      precisionRaw: "fp4",
      value: 785522,
      units: "Tokens/s",
      higherIsBetter: true,
      tokensPerSample: 283,
      inferred: true,
      validity: "VALID",
      location: "closed/AMD/results/87xMI355X_22xEPYC_9575F/llama2-70b-99/Interactive",
      detailsUrl:
        "https://github.com/mlcommons/submissions_inference_v6.0/tree/main/closed/AMD/results/87xMI355X_22xEPYC_9575F",
      notesText: null,
      extra: { compliance: "closed", "Unique ID (e.g. for Audit)": "datacenter/closed/AMD/87xMI355X_22xEPYC_9575F" },
    });
    expect(rec?.system).toMatchObject({
      systemName: "AMD MI355X Custom Cluster",
      hostProcessor: "AMD EPYC 9575F",
      hostProcessorsPerNode: 8,
      hostProcessorCoreCount: "64",
      operatingSystem: "Ubuntu 22.04.5 LTS",
      software: "PyTorch 2.9.1+git8907517, ROCm 7.0.0",
    });
  });

  it("strips the v of v4.1 IDs and turns float counts into integers", () => {
    const rec = findRecords(round("v4.1"), {
      submitter: "AMD",
      platform: "8xMI300X_2xEPYC-9374F",
      model: "llama2-70b-99",
      scenario: "Offline",
    })[0];
    expect(rec?.resultId).toMatch(/^4\.1-\d{4}$/);
    expect(rec?.value).toBe(23514.8);
    expect(rec?.system).toMatchObject({
      acceleratorsPerNode: 8,
      nodes: 1,
      totalAccelerators: 8,
      hostProcessorCoreCount: "32",
    });
  });

  it("marks latency units lower-is-better (v6.0 wan-2.2 uses Latency (s))", () => {
    const wan = round("v6.0").filter((r) => r.units === "Latency (s)");
    expect(wan).toHaveLength(9);
    expect(wan.every((r) => !r.higherIsBetter && r.modelFamily === "wan-2.2-t2v-a14b")).toBe(true);
    expect(
      round("v5.1")
        .filter((r) => r.units === "Latency (ms)")
        .every((r) => !r.higherIsBetter),
    ).toBe(true);
  });

  it("keeps the suite 'datacenter,edge' and counts the 13 v4.1 rows that have it", () => {
    expect(round("v4.1").filter((r) => r.suite === "datacenter,edge")).toHaveLength(13);
  });

  it("every real record has a canonical precision except the 20 v5.1 UNSET rows", () => {
    const missing = [...round("v4.1"), ...round("v5.1"), ...round("v6.0")].filter((r) => r.precision === null);
    expect(missing).toHaveLength(20);
    expect(new Set(missing.map((r) => r.precisionRaw))).toEqual(new Set(["UNSET"]));
  });
});

describe("unknown columns are kept as plain data, whatever their name", () => {
  const row = JSON.parse(readSummaryText(ROUND_FILES["v6.0"]))[0] as Record<string, unknown>;
  it.each([
    [
      "summary_results.json",
      () =>
        parseSummaryResultsJson(
          JSON.stringify([{ ...row, NewColumn: "x" }])
            .replace('"NewColumn"', '"__proto__"')
            .replace('"x"', '{"polluted": true}'),
          "t.json",
        ),
    ],
    [
      "summary_results.json (constructor)",
      () => parseSummaryResultsJson(JSON.stringify([{ ...row, constructor: "c" }]), "t.json"),
    ],
  ])("%s", (_name, parse) => {
    const res = parse();
    expect(res.errors).toEqual([]);
    const extra = res.records[0]?.extra as Record<string, unknown>;
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype);
    expect(Object.keys(extra).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(__proto__|constructor)$/)]),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(extra)).toMatch(/"(__proto__":\{"polluted":true\}|constructor":"c")/);
  });

  it("a checker JSON column named __proto__ or constructor does not read through to Object.prototype", () => {
    const checker = {
      "0": {
        Organization: "AMD",
        Availability: "available",
        Division: "closed",
        SystemType: "datacenter",
        SystemName: "S",
        Platform: "8xMI355X",
        Model: "llama2-70b-99",
        MlperfModel: "llama2-70b-99",
        Scenario: "Offline",
        Result: 1,
        Units: "Tokens/s",
        version: "v6.0",
        constructor: "kept",
      },
    };
    const text = JSON.stringify(checker).replace('"constructor"', '"__proto__":"p","constructor"');
    const res = parseCheckerJson(text, "c.json");
    expect(res.errors).toEqual([]);
    expect(Object.entries(res.records[0]?.extra ?? {})).toEqual([
      ["__proto__", "p"],
      ["constructor", "kept"],
    ]);
    expect(Object.keys(res.records[0]?.extra ?? {})).toEqual(["__proto__", "constructor"]);
  });
});

describe("streamSummaryResultsJson", () => {
  const joined = () =>
    (Object.values(ROUND_FILES) as string[]).flatMap(
      (f) => JSON.parse(readSummaryText(f)) as Record<string, unknown>[],
    );

  it("sends the three real rounds (2,905 rows) in batches: file order, the 55 power rows (held back) last", () => {
    const rows = joined();
    const text = JSON.stringify(rows);
    const batches: FinishedRecords[] = [];
    const res = streamSummaryResultsJson(text, "all.json", {}, (b) => batches.push(b));
    expect(res).toEqual({ errors: [], format: "summary_results_json", rowCount: 2905 });
    expect(batches.length).toBeGreaterThan(1);
    const streamed = batches.flatMap((b) => b.records);
    expect(streamed).toEqual(parseSummaryResultsJson(text, "all.json").records);
    const power = (r: Record<string, unknown>) => r.has_power === true || r.has_power === "True";
    expect(streamed.filter((r) => !r.hasPower).map((r) => r.resultId)).toEqual(
      rows.filter((r) => !power(r)).map((r) => normalizeResultId(r.ID)),
    );
    expect(streamed.slice(-55).every((r) => r.hasPower)).toBe(true);
    expect(streamed.slice(-55).map((r) => r.resultId)).toEqual(rows.filter(power).map((r) => normalizeResultId(r.ID)));
    expect(batches.flatMap((b) => b.naturalKeys)).toEqual(streamed.map(resultKey));
    expect(streamed.every((r) => /^[0-9a-f]{16}$/.test(r.measurementKey))).toBe(true);
  });

  it("holds back a power row and its performance-only twin, notes both, and sends them last", () => {
    const rows = joined().filter((r) => r.version === "v6.0");
    const perf = rows[5] as Record<string, unknown>;
    const power = { ...perf, ID: "6.0-9999", has_power: true, Power_Result: 5000, Power_Units: "Watts" };
    const input = [...rows.slice(0, 10), power, ...rows.slice(10)];
    const batches: FinishedRecords[] = [];
    const res = streamSummaryResultsJson(JSON.stringify(input), "p.json", {}, (b) => batches.push(b));
    expect(res.errors).toEqual([]);
    const out = batches.flatMap((b) => b.records);
    expect(out).toHaveLength(input.length);
    const last2 = out.slice(-2);
    expect(last2.map((r) => r.hasPower)).toEqual([false, true]);
    expect(last2.every((r) => r.notes.some((n) => n.code === "power-and-performance-rows"))).toBe(true);
    expect(last2.map((r) => r.platform)).toEqual([perf.Platform, perf.Platform]);
    // everything else in file order, without the note
    const rest = out.slice(0, -2);
    expect(rest.map((r) => r.resultId)).toEqual(
      input.filter((r) => r !== perf && r !== power).map((r) => String(r.ID)),
    );
    expect(rest.some((r) => r.notes.some((n) => n.code === "power-and-performance-rows"))).toBe(false);
  });

  it("reports a duplicate after the first copy went out: the caller must drop the whole source", () => {
    const rows = joined().filter((r) => r.version === "v6.0");
    const input = [...rows, rows[3]];
    const seen: number[] = [];
    const res = streamSummaryResultsJson(JSON.stringify(input, null, 1), "d.json", {}, (b) =>
      seen.push(b.records.length),
    );
    expect(seen.reduce((a, b) => a + b, 0)).toBe(520);
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0]?.message).toMatch(/^duplicate result: .* as line \d+$/);
    expect(res.errors[0]?.line).toBeGreaterThan(1);
  });
});
