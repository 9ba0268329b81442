import { readdirSync, readFileSync } from "node:fs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import { BENCHMARKS, benchmarkFor, canonicalBenchmarkId, identify, officialUnit } from "./benchmarks";
import { parseSummary } from "./summary";
import { parsedSummary } from "./test-real-summaries";

/** Every (benchmark name, used/folder name) pair a real summary file publishes, read with no PerfContext code. */
function publishedNames(): { file: string; benchmark: string; used: string | null }[] {
  const out: { file: string; benchmark: string; used: string | null }[] = [];
  const dir = sharedPath("mlperf", "summary");
  const files = [
    ...readdirSync(dir).filter((f) => /\.(json|csv)$/.test(f)),
    ...readdirSync(`${dir}/older`).map((f) => `older/${f}`),
  ];
  for (const f of files) {
    const text = readFileSync(`${dir}/${f}`, "utf8");
    const rows: Record<string, unknown>[] = f.endsWith(".csv")
      ? (Papa.parse(text, { header: true, skipEmptyLines: true }).data as Record<string, unknown>[])
      : (() => {
          const j = JSON.parse(text) as unknown;
          return (Array.isArray(j) ? j : Object.values(j as object)) as Record<string, unknown>[];
        })();
    for (const r of rows) {
      // checker files: MlperfModel is the benchmark, Model the used model; summary_results.json: Model / UsedModel
      const checker = "MlperfModel" in r;
      out.push({
        file: f,
        benchmark: String(checker ? r.MlperfModel : r.Model),
        used: (checker ? r.Model : r.UsedModel) == null ? null : String(checker ? r.Model : r.UsedModel),
      });
    }
  }
  return out;
}

describe("benchmark table", () => {
  it("lists each name once (ids and aliases, case-insensitively) and each id is its own canonical name", () => {
    for (const b of BENCHMARKS) {
      expect(benchmarkFor(b.id)?.id).toBe(b.id);
      for (const a of b.aliases) expect(benchmarkFor(a)?.id).toBe(b.id);
      expect(b.source).not.toBe("");
    }
  });

  it("knows every benchmark name any real summary publishes, v0.7 to v6.1, in every format", () => {
    const unknown = [...new Set(publishedNames().map((n) => n.benchmark))].filter((n) => benchmarkFor(n) === null);
    expect(unknown).toEqual([]);
  });

  it("gives a row's used-model folder name, when the table knows it, the same benchmark as its benchmark column", () => {
    // v6.1: MlperfModel "VLM" with Model "qwen3-vl-235b-a22b", "text_to_video" with "wan-2.2-t2v-a14b", "llama3.1-8b"
    // with "llama3_1-8b"; older rounds: "resnet" with "resnet50", "ssd-small" with "ssd-mobilenet"
    const pairs = publishedNames().filter((n) => n.used !== null && benchmarkFor(n.used) !== null);
    expect(pairs.length).toBeGreaterThan(1000);
    const disagree = pairs.filter((n) => benchmarkFor(n.used)?.id !== benchmarkFor(n.benchmark)?.id);
    expect(disagree).toEqual([]);
  });

  it.each([
    ["VLM", "qwen3-vl-235b-a22b"],
    ["vlm", "qwen3-vl-235b-a22b"],
    ["qwen3-vl-235b-a22b", "qwen3-vl-235b-a22b"],
    ["text_to_video", "wan-2.2-t2v-a14b"],
    ["wan-2.2-t2v-a14b", "wan-2.2-t2v-a14b"],
    ["llama3_1-8b", "llama3.1-8b"],
    ["resnet50", "resnet"],
    ["ResNet", "resnet"],
    ["ssd-mobilenet", "ssd-small"],
    ["Llama2-70B-99.9", "llama2-70b-99.9"],
    ["agentic edge", "qwen3.6-27b"],
  ])("%s → %s", (name, id) => {
    expect(canonicalBenchmarkId(name)).toBe(id);
  });

  it("keeps a name it does not know as published, never merged by guess", () => {
    expect(identify("llama9-1t-99")).toEqual({
      benchmark: "llama9-1t-99",
      modelFamily: "llama9-1t",
      accuracyTarget: "99",
      known: false,
    });
    // near misses of known names stay unknown
    expect(benchmarkFor("llama2-70b")).toBeNull();
    expect(benchmarkFor("qwen3-vl")).toBeNull();
  });

  it("official metric per scenario follows the checker's unit tables, round by round", () => {
    const llama = benchmarkFor("llama2-70b-99");
    const vlm = benchmarkFor("VLM");
    const wan = benchmarkFor("text_to_video");
    const gptj = benchmarkFor("gptj-99");
    if (!llama || !vlm || !wan || !gptj) throw new Error("missing");
    expect(officialUnit(llama, "Offline", "v4.0")).toBe("Tokens/s");
    expect(officialUnit(llama, "Server", "v4.0")).toBe("Queries/s");
    expect(officialUnit(llama, "Server", "v4.1")).toBe("Tokens/s");
    expect(officialUnit(llama, "Interactive", "v6.0")).toBe("Tokens/s");
    expect(officialUnit(gptj, "Offline", "v3.1")).toBe("Samples/s");
    expect(officialUnit(gptj, "Offline", "v4.1")).toBe("Tokens/s");
    expect(officialUnit(vlm, "Server", "v6.1")).toBe("Queries/s");
    expect(officialUnit(wan, "SingleStream", "v6.1")).toBe("Latency (s)");
  });
});

describe("records carry the canonical benchmark beside the published name", () => {
  // counts from the files (python: v6.1 MlperfModel VLM 47 rows, text_to_video 30; v6.0 Model qwen3-vl-235b-a22b
  // 16, wan-2.2-t2v-a14b 17)
  it.each([
    ["v6.1.summary.csv", "VLM", "qwen3-vl-235b-a22b", 47],
    ["v6.1.summary.csv", "text_to_video", "wan-2.2-t2v-a14b", 30],
    ["v6.0.summary_results.json", "qwen3-vl-235b-a22b", "qwen3-vl-235b-a22b", 16],
    ["v6.0.summary_results.json", "wan-2.2-t2v-a14b", "wan-2.2-t2v-a14b", 17],
  ])("%s: %s rows are benchmark %s (%i)", (file, model, benchmark, n) => {
    const rows = parsedSummary(file).records.filter((r) => r.model === model);
    expect(rows).toHaveLength(n);
    expect(rows.every((r) => r.benchmark === benchmark && r.modelFamily === benchmark)).toBe(true);
    expect(rows.some((r) => r.notes.some((x) => x.code === "benchmark-unknown"))).toBe(false);
  });

  it("an unknown benchmark name imports as published, with a visible note", () => {
    const text = readFileSync(sharedPath("mlperf", "summary", "v5.1.closed-GigaComputing.summary.csv"), "utf8");
    const lines = text.split("\n");
    const renamed = [lines[0], (lines[1] ?? "").replace(/,deepseek-r1,deepseek-r1,/, ",deepseek-r9,deepseek-r9,")];
    // the first data row is deepseek-r1 in this file; renamed, it is a benchmark the table does not know
    expect(lines[1]).toContain(",deepseek-r1,deepseek-r1,");
    const out = parseSummary(renamed.join("\n"), "renamed.csv");
    expect(out.errors).toEqual([]);
    expect(out.records[0]?.model).toBe("deepseek-r9");
    expect(out.records[0]?.benchmark).toBe("deepseek-r9");
    expect(out.records[0]?.notes.map((n) => n.code)).toContain("benchmark-unknown");
  });
});

describe("v6.1's end-to-end RAG question answering publishes Tasks/s, its official unit", () => {
  it("reads as a known throughput unit (no units-unknown note)", () => {
    // one row in the file (python: MlperfModel 'end to end question-answering', Units 'Tasks/s')
    const rows = parsedSummary("v6.1.summary.csv").records.filter((r) => r.benchmark === "e2e-rag-qna");
    expect(rows).toHaveLength(1);
    const b = benchmarkFor("end to end question-answering");
    if (!b || !rows[0]) throw new Error("missing");
    expect(rows[0].units).toBe(officialUnit(b, "Offline", "v6.1"));
    expect(rows[0].higherIsBetter).toBe(true);
    expect(rows[0].notes.map((n) => n.code)).not.toContain("units-unknown");
  });
});
