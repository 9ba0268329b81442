// GenAI-Perf writes the same run as JSON and as CSV (values rounded to 2 decimals, thousands quoted);
// both must give the same BakeoffRun.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import type { BakeoffRun } from "@/lib/types";
import { detectAndParse } from "./detect";
import { genaiArtifactFolder } from "./genai-perf";

const G1 = "genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency10/profile_export_genai_perf";
const G100 = "genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency100/profile_export_genai_perf";

function parse(rel: string): BakeoffRun {
  const run = detectAndParse(readFileSync(sharedPath("bakeoff", ...rel.split("/")), "utf8"), rel).runs[0];
  if (!run) throw new Error(`no run in ${rel}`);
  return run;
}

describe("GenAI-Perf CSV and JSON of the same run", () => {
  it.each([G1, G100])("%s gives equal values (CSV rounds to 2 decimals)", (base) => {
    const j = parse(`${base}.json`);
    const c = parse(`${base}.csv`);
    const near = (a: number | null | undefined, b: number | null | undefined) => {
      if (a == null || b == null) return expect(a ?? null).toBe(b ?? null);
      expect(Math.abs(a - b)).toBeLessThanOrEqual(0.005 + 1e-9);
    };
    for (const k of ["ttftMs", "tpotMs", "e2eMs"] as const) {
      for (const s of ["mean", "p50", "p90", "p95", "p99"] as const) near(j[k]?.[s], c[k]?.[s]);
    }
    for (const k of ["reqPerS", "outTokPerS", "islMean", "oslMean", "numRequests"] as const) near(j[k], c[k]);
    expect(c.load).toEqual(j.load);
    // Derived from rounded inputs, so equal only to the inputs' precision.
    expect(c.totalTokPerS).toBeCloseTo(j.totalTokPerS ?? Number.NaN, -1);
  });
});

describe("the CSV names the model as its JSON sibling does", () => {
  it.each([G1, G100])("%s: the CSV's model (from the folder) is the JSON's input_config.model", (base) => {
    const json = JSON.parse(readFileSync(sharedPath("bakeoff", ...`${base}.json`.split("/")), "utf8"));
    const stated = json.input_config.model[0]; // "meta/llama3-8b-instruct", as GenAI-Perf was given it
    expect(parse(`${base}.json`).model).toBe(stated);
    expect(parse(`${base}.csv`).model).toBe(stated);
  });

  // folder names built by GenAI-Perf's rule (parser.py _set_artifact_paths): model ("/" → "_"), service, load
  it.each([
    ["meta_llama3-8b-instruct-openai-chat-concurrency10", "meta/llama3-8b-instruct", 10, null],
    [
      "meta-llama_Meta-Llama-3-8B-Instruct-openai-completions-request_rate2.5",
      "meta-llama/Meta-Llama-3-8B-Instruct",
      null,
      2.5,
    ],
    ["gpt2-openai-chat-concurrency1", "gpt2", 1, null],
    ["tensorrt_llm_bls-triton-tensorrtllm-concurrency4", "tensorrt_llm_bls", 4, null],
    ["gpt2_vllm-triton-vllm-request_rate8", "gpt2_vllm", null, 8],
    ["llama-tensorrtllm_engine-concurrency2", "llama", 2, null],
    ["meta_llama3-8b-instruct_multi-openai-chat-concurrency8", "meta_llama3-8b-instruct_multi", 8, null],
  ])("%s → model %s", (folder, model, concurrency, requestRate) => {
    expect(genaiArtifactFolder(folder)).toEqual({ model, concurrency, requestRate });
  });

  it("a folder GenAI-Perf did not name gives nothing", () => {
    expect(genaiArtifactFolder("my-results")).toBeNull();
    expect(genaiArtifactFolder("run-openai")).toBeNull();
  });
});
