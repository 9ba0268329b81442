// A served model's name → its MLPerf family, by the judge (lib/judge/served-model.ts). Names as serving tools print
// them (Hugging Face ids, cache paths) and as MLPerf spells benchmarks; expected families by hand from the benchmark
// table's ids (lib/mlperf/benchmarks.ts) and the model sizes in the names.
import { describe, expect, it } from "vitest";
import { normalizeModelName } from "@/lib/bakeoff/common";
import { familyOfServedModel } from "./served-model";

describe("familyOfServedModel", () => {
  it.each([
    ["meta-llama/Llama-2-70b-chat-hf", "llama2-70b"],
    ["meta-llama/Llama-2-70b-hf", "llama2-70b"],
    ["amd/Llama-2-70b-chat-hf-FP8-KV", "llama2-70b"],
    ["llama2-70b-99.9", "llama2-70b"],
    ["meta-llama/Llama-3.1-8B", "llama3.1-8b"],
    ["meta-llama/Llama-3.1-8B-Instruct", "llama3.1-8b"],
    ["meta-llama/Meta-Llama-3.1-8B-Instruct", "llama3.1-8b"],
    ["meta-llama/Llama-3.1-405B-Instruct", "llama3.1-405b"],
    ["nvidia/Llama-3.1-405B-Instruct-FP4", "llama3.1-405b"],
    ["llama3_1-405b", "llama3.1-405b"],
    ["openai/gpt-oss-120b", "gpt-oss-120b"],
    ["/models/models--openai--gpt-oss-120b/snapshots/b5c939de8f754692c1647ca79fbf85e8c1e70f8a/", "gpt-oss-120b"],
    ["deepseek-ai/DeepSeek-R1", "deepseek-r1"],
    ["mistralai/Mixtral-8x7B-Instruct-v0.1", "mixtral-8x7b"],
    ["EleutherAI/gpt-j-6b", "gptj"],
    ["gptj", "gptj"],
    ["Qwen/Qwen3-VL-235B-A22B-Instruct", "qwen3-vl-235b-a22b"],
    ["openai/whisper-large-v3", "whisper"],
    // MLPerf spellings go through the judge's identity: the summary's "VLM", a mlperf.conf key, a family name
    ["VLM", "qwen3-vl-235b-a22b"],
    ["llama3_1-8b-interactive", "llama3.1-8b"],
    ["llama2-70b", "llama2-70b"],
    // v5.0's interactive tier is a benchmark of its own in the table (benchmarks.ts), not llama2-70b
    ["llama2-70b-interactive-99", "llama2-70b-interactive"],
    // No MLPerf benchmark for these: the user picks.
    ["meta-llama/Llama-2-7b-chat-hf", null],
    ["meta-llama/Llama-3.3-70B-Instruct", null],
    ["meta-llama/Llama-3.1-70B-Instruct", null],
    ["meta/llama3-8b-instruct", null],
    ["deepseek-ai/DeepSeek-R1-Distill-Llama-70B", null],
    ["openai/gpt-oss-20b", null],
    ["facebook/opt-125m", null],
    ["", null],
    [null, null],
  ])("%s → %s", (name, family) => {
    expect(familyOfServedModel(name)).toBe(family);
  });
});

describe("normalizeModelName", () => {
  it.each([
    ["/models/models--openai--gpt-oss-120b/snapshots/b5c9/", "openai/gpt-oss-120b"],
    ["C:\\hf\\hub\\models--meta-llama--Llama-2-70b-chat-hf\\snapshots\\abc", "meta-llama/Llama-2-70b-chat-hf"],
    ["/home/alice/weights/Llama-2-70b-chat-hf", "Llama-2-70b-chat-hf"], // no user path shown
    ["meta-llama/Llama-2-70b-chat-hf", "meta-llama/Llama-2-70b-chat-hf"],
    ["  ", null],
  ])("%s → %s", (raw, expected) => {
    expect(normalizeModelName(raw)).toBe(expected);
  });
});
