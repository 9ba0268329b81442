import { describe, expect, it } from "vitest";
import type { ResultRecord } from "@/lib/types";
import { resultIdFor } from "./ids";
import { parseCheckerCsv } from "./summary";
import { CM4_FILES, parsedSummary, readSummaryText } from "./test-real-summaries";

/** Everything except what only summary_results.json carries (resultId, detailsUrl, codeUrl) and the raw extras. */
function comparable(r: ResultRecord) {
  const { resultId: _id, detailsUrl: _d, codeUrl: _c, extra: _e, ...rest } = r;
  return rest;
}

function byKey(file: string) {
  const res = parsedSummary(file);
  return new Map(res.records.map((r) => [resultIdFor(r), r]));
}

describe("cm4mlperf trio: the same 6 results in three forms", () => {
  it.each(CM4_FILES)("%s → 6 records, 0 errors", (file) => {
    const res = parsedSummary(file);
    expect(res.errors).toEqual([]);
    expect(res.records).toHaveLength(6);
  });

  it("normalizes to identical records apart from resultId, detailsUrl, codeUrl and extra", () => {
    const [csv, json, results] = CM4_FILES.map(byKey);
    expect([...(csv?.keys() ?? [])].sort()).toEqual([...(results?.keys() ?? [])].sort());
    expect([...(json?.keys() ?? [])].sort()).toEqual([...(results?.keys() ?? [])].sort());
    for (const [key, r] of results ?? []) {
      expect(comparable(csv?.get(key) as ResultRecord)).toEqual(comparable(r));
      expect(comparable(json?.get(key) as ResultRecord)).toEqual(comparable(r));
    }
  });

  it("checks the tricky fields explicitly", () => {
    const rec = byKey(CM4_FILES[0]);
    const sd = [...rec.values()].find((r) => r.platform === "48ed6105bd85-nvidia-gpu-TensorRT-scc24-main");
    expect(sd).toMatchObject({
      round: "v4.1",
      division: "open",
      model: "stable-diffusion-xl",
      scenario: "Offline",
      value: 1.13292,
      hasPower: false,
      inferred: false,
      validity: "VALID",
      precision: "int8",
      location: "open/MLCommons/results/48ed6105bd85-nvidia-gpu-TensorRT-scc24-main/stable-diffusion-xl/offline",
      notesText: "Automated by MLCommons CM v2.3.6.",
    });
    expect(sd?.system).toMatchObject({
      acceleratorsPerNode: 1,
      totalAccelerators: 1,
      hostProcessorCoreCount: "24",
      nodes: 1,
    });
    const gptj = [...rec.values()].find((r) => r.model === "gptj-99");
    expect(gptj).toMatchObject({
      accuracy: null,
      units: "Tokens/s",
      value: 52.9478,
      accuracyTarget: "99",
      modelFamily: "gptj",
    });
  });

  it("only summary_results carries ids and links; its doubled-host links are repaired", () => {
    const results = parsedSummary(CM4_FILES[2]).records;
    expect(results.map((r) => r.resultId).sort()).toEqual([
      "4.1-0001",
      "4.1-0002",
      "4.1-0003",
      "4.1-0004",
      "4.1-0005",
      "4.1-0006",
    ]);
    const first = results.find((r) => r.resultId === "4.1-0001");
    expect(first?.detailsUrl).toBe(
      "https://github.com/mlcommons/submissions_inference_results_v4.1/tree/main/open/MLCommons/results/48ed6105bd85-nvidia-gpu-TensorRT-scc24-base",
    );
    for (const file of CM4_FILES.slice(0, 2)) {
      expect(parsedSummary(file).records.every((r) => r.resultId === null && r.detailsUrl === null)).toBe(true);
    }
  });
});

describe("checker power rows (synthetic, built from a real cm4 line)", () => {
  const lines = readSummaryText(CM4_FILES[0]).split("\n");
  const header = lines[0] ?? "";
  const perf = lines[1] ?? "";
  const cols = header.split(",");
  const set = (line: string, values: Record<string, string>) => {
    const cells = line.split(",");
    for (const [k, v] of Object.entries(values)) cells[cols.indexOf(k)] = v;
    return cells.join(",");
  };
  const power = set(perf, { has_power: "True", Result: "420.5", Units: "Watts" });

  it("merges a power row with its performance row, as summary_results.json does, and notes the pair", () => {
    const res = parseCheckerCsv([header, perf, power].join("\n"), "p.csv");
    expect(res.errors).toEqual([]);
    const [p, w] = res.records;
    expect(p).toMatchObject({ hasPower: false, value: 1.13292, units: "Samples/s", power: null });
    expect(w).toMatchObject({ hasPower: true, value: 1.13292, units: "Samples/s", power: 420.5, powerUnits: "Watts" });
    expect(p?.notes.map((n) => n.code)).toEqual(["power-and-performance-rows"]);
    expect(w?.notes.map((n) => n.code)).toEqual(["power-and-performance-rows"]);
    expect(p?.measurementKey).not.toBe(w?.measurementKey);
  });

  it("rejects a power row whose performance row is absent (the file holds only its watts)", () => {
    const res = parseCheckerCsv([header, power].join("\n"), "p.csv");
    expect(res.records).toEqual([]);
    expect(res.errors).toEqual([
      {
        source: "p.csv",
        line: 2,
        field: "Result",
        message:
          "power row (420.5 Watts) has no performance row with has_power False; its performance value is not in this file",
      },
    ]);
  });
});
