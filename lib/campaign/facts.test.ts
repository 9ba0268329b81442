// What each real file in ../shared/data/bakeoff states about its run's setup (lib/bakeoff/run-facts-readers.ts through
// fileFacts) and the version tokens the frozen-parameter check compares. Expected values are read from the files.
import { describe, expect, it } from "vitest";
import { fileFacts } from "./facts";
import { versionToken } from "./index";
import { GP10, GUIDELLM, LLMPERF, SGLANG, source, VLLM } from "./test-campaign";

describe("fileFacts: what each real file states about its setup", () => {
  const cases: { file: string; index?: number; expect: Record<string, unknown> }[] = [
    // sglang jsonl lines 1 and 7: dataset_name random 1024/1024 range 0.0; sharegpt; backend "sglang"
    {
      file: SGLANG,
      index: 0,
      expect: { engine: "sglang", dataset: "random 1024/1024 (range ratio 0)", islConfigured: 1024 },
    },
    { file: SGLANG, index: 6, expect: { engine: "sglang", dataset: "sharegpt", islConfigured: null } },
    // genai-perf: service_kind "openai", so input_config.backend "tensorrtllm" is an unused default, not the engine
    {
      file: GP10,
      expect: { engine: null, dataset: "synthetic 200±0 → 50", islConfigured: 200, oslConfigured: 50, warmup: null },
    },
    // InferenceX agg row: framework vllm, image vllm/vllm-openai-rocm:v0.21.0, precision int4, hw mi355x, isl/osl 1024
    {
      file: "inferencemax/agg_kimik2.5_1k1k_int4_vllm_tp8-ep1-dpafalse_disagg-false_spec-mtp_conc4_MI355-gbt350-odcdh5-wbb3.json",
      expect: {
        engine: "vllm",
        engineVersion: "0.21.0",
        precision: "int4",
        acceleratorType: "MI355X",
        dataset: "random 1024/1024",
      },
    },
    // agg_bmk.json: framework "" and precision "" are not values; scenario_type agentic-coding is the dataset
    { file: "inferencemax/agg_bmk.json", expect: { engine: null, precision: null, dataset: "agentic-coding" } },
    // llmperf summary: mean_input_tokens 550, stddev 150, mean_output 150, stddev 10
    { file: LLMPERF, expect: { dataset: "random 550±150 → 150±10", islConfigured: 550, oslConfigured: 150 } },
    // guidellm ≤0.3: request_loader.data "prompt_tokens=256,output_tokens=128"; args.warmup_number/duration null
    {
      file: GUIDELLM,
      expect: {
        dataset: "prompt_tokens=256,output_tokens=128",
        islConfigured: 256,
        oslConfigured: 128,
        warmup: "none (warm-up not set)",
      },
    },
    // guidellm report v2: config.spec.data[0] synthetic_text prompt_tokens 32 ±4, output_tokens 8
    {
      file: "guidellm/guidellm_report_v2.json",
      index: 1,
      expect: { dataset: "synthetic_text 32±4 → 8", islConfigured: 32 },
    },
    // vLLM sweep run: max_num_seqs 4 is a swept server setting, not one of bench serve's own keys; endpoint "openai"
    { file: VLLM, expect: { engine: null, setup: "max_num_seqs=4", tokenizer: "facebook/opt-125m" } },
    // vLLM endpoint_type "vllm" names the server
    { file: "vllm/bench_serve_all_requests_failed_v0.25.1.json", expect: { engine: "vllm", setup: null } },
  ];
  it.each(cases)("$file [$index]", ({ file, index, expect: want }) => {
    const s = source(file);
    const f = s.facts?.[index ?? 0];
    expect(s.facts).toHaveLength(s.runs.length);
    for (const [k, v] of Object.entries(want)) expect(f?.[k as keyof typeof f], k).toEqual(v);
  });

  it("ISL/OSL distributions as far as the files give them", () => {
    // genai-perf c10 input_sequence_length: min 200, max 202, p99 201.01; output: avg 58.67, min 51, max 70
    const gp = source(GP10).facts?.[0];
    expect(gp?.isl).toMatchObject({ min: 200, max: 202, p99: 201.01 });
    expect(gp?.osl).toMatchObject({ mean: 58.67, min: 51, max: 70 });
    // llmperf: results_number_input_tokens min "538", max "581", p50 559.5
    expect(source(LLMPERF).facts?.[0]?.isl).toMatchObject({ min: 538, max: 581, p50: 559.5 });
    // sglang: only totals, so only the mean: 1525074 input tokens / 3000 completed
    expect(source(SGLANG).facts?.[0]?.isl).toMatchObject({ mean: 1525074 / 3000, p50: null, max: null });
  });

  it("a file the reader cannot match gives empty facts, one per run", () => {
    const f = fileFacts("not json", "vllm", 2);
    expect(f).toHaveLength(2);
    expect(f[0]?.dataset).toBeNull();
  });
});

describe("versionToken", () => {
  it.each([
    ["5.1.0 @ 091d51f041", "5.1.0"],
    ["0.8.0.dev18 (report v2)", "0.8.0.dev18"],
    ["2023-08-31", "2023-08-31"],
    ["≤v0.3", null],
    ["bench serve (new keys)", null],
    ["genai-perf (flat input_config, 2024)", null],
    ["late-2024 bench_serving", null],
  ])("%s → %s", (v, want) => expect(versionToken(v)).toBe(want));
});
