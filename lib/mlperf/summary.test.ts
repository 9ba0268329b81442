import { describe, expect, it } from "vitest";
import type { ResultRecord } from "@/lib/types";
import { resultKey } from "./ids";
import { normalizeResultId } from "./normalize";
import { detectSummaryFormat, parseCheckerJson, parseSummaryResultsJson, streamSummaryResultsJson } from "./summary";
import type { FinishedRecords } from "./summary-finish";
import { findRecords, parsedSummary, ROUND_FILES, readSummaryText } from "./test-real-summaries";

const _codes = (r: ResultRecord) => r.notes.map((n) => n.code);
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
