// Key-set eras with no real sample in shared/data: small inputs written from the tools' source
// (see shared/formats/bakeoff-formats.md), one per era, each checked field by field.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import type { BakeoffRun } from "@/lib/types";
import { exampleCsv, TEMPLATE_HEADERS } from "./csv";
import { detectAndParse } from "./detect";
import { attachLlmperfResponses } from "./llmperf";

function only(text: string, filename: string | null = null): { run: BakeoffRun; format: string; warnings: string[] } {
  const p = detectAndParse(text, filename);
  const run = p.runs[0];
  if (!run || p.runs.length !== 1) throw new Error(`expected one run, got ${p.runs.length}`);
  return { run, format: p.format, warnings: p.warnings };
}

describe("vLLM key sets", () => {
  const old = {
    date: "20240612-101500",
    backend: "vllm",
    model_id: "meta-llama/Llama-2-70b-chat-hf",
    tokenizer_id: "x",
    best_of: 1,
    use_beam_search: false,
    num_prompts: 100,
    request_rate: 4,
    duration: 50,
    completed: 98,
    total_input_tokens: 98000,
    total_output_tokens: 49000,
    request_throughput: 1.96,
    "request_goodput:": null,
    output_throughput: 980,
    total_token_throughput: 2940,
    mean_ttft_ms: 120,
    median_ttft_ms: 100,
    std_ttft_ms: 5,
    p99_ttft_ms: 400,
    "p99.9_ttft_ms": 450,
    mean_tpot_ms: 30,
    median_tpot_ms: 29,
    p99_tpot_ms: 55,
  };

  it("old benchmark_serving keys: stray-colon goodput, no `failed`, numeric rate", () => {
    const { run } = only(JSON.stringify(old));
    expect(run.tool).toBe("vllm");
    expect(run.toolVersion).toMatch(/old keys/);
    expect(run.numFailed).toBe(2); // num_prompts − completed
    expect(run.load).toEqual({ kind: "rate", concurrency: null, requestRate: 4 });
    expect(run.ttftMs).toEqual({ mean: 120, p50: 100, p90: null, p95: null, p99: 400 });
    expect(run.islMean).toBe(1000);
  });

  it("--append-result JSONL → one run per line, in order", () => {
    const text = [1, 2, 4].map((r) => JSON.stringify({ ...old, request_rate: r, max_concurrency: r * 8 })).join("\n");
    const p = detectAndParse(text, "vllm-append.json");
    expect(p.runs.map((r) => r.load.concurrency)).toEqual([8, 16, 32]);
    expect(p.runs.map((r) => r.load.requestRate)).toEqual([1, 2, 4]);
  });

  it("--save-detailed arrays → per-request samples with TPOT = (e2e − ttft)/(out − 1)", () => {
    const detailed = {
      ...old,
      ttfts: [0.1, 0.2, 0],
      latencies: [1.1, 2.2, 0],
      output_lens: [11, 21, 0],
      itls: [[], [], []],
      errors: ["", "", "timeout"],
    };
    const { run } = only(JSON.stringify(detailed));
    expect(run.perRequest).toEqual([
      { ok: true, ttftMs: 100, e2eMs: 1100, tpotMs: expect.closeTo(100, 9) },
      { ok: true, ttftMs: 200, e2eMs: 2200, tpotMs: expect.closeTo(100, 9) },
      { ok: false, ttftMs: null, e2eMs: null, tpotMs: null },
    ]);
  });
});

describe("SGLang key sets", () => {
  it("2025 bench_serving: p99 and TPOT, capped concurrency, bare NaN", () => {
    const line =
      '{"backend": "sglang", "dataset_name": "random", "request_rate": Infinity, "max_concurrency": 64, "duration": 100, "completed": 500, ' +
      '"total_input_tokens": 500000, "total_output_tokens": 250000, "total_output_tokens_retokenized": 249000, "request_throughput": 5, ' +
      '"input_throughput": 5000, "output_throughput": 2500, "mean_e2e_latency_ms": 9000, "median_e2e_latency_ms": 8800, "p99_e2e_latency_ms": 15000, ' +
      '"mean_ttft_ms": 300, "median_ttft_ms": 250, "p99_ttft_ms": 1200, "mean_tpot_ms": 17, "median_tpot_ms": 16, "p99_tpot_ms": 30, ' +
      '"median_itl_ms": 15, "p95_itl_ms": 25, "p99_itl_ms": 60, "accept_length": NaN, "concurrency": 45.2}';
    const { run } = only(line);
    expect(run.toolVersion).toBe("2025 bench_serving");
    expect(run.load).toEqual({ kind: "concurrency", concurrency: 64, requestRate: null });
    expect(run.ttftMs?.p99).toBe(1200);
    expect(run.tpotMs).toEqual({ mean: 17, p50: 16, p90: null, p95: null, p99: 30 });
    expect(run.itlMs?.p95).toBe(25);
    expect(run.totalTokPerS).toBe(7500);
  });

  it("metrics.py refactor: renamed totals, total_throughput, nested details", () => {
    const o = {
      backend: "sglang",
      dataset_name: "random",
      request_rate: 8,
      max_concurrency: null,
      duration: 10,
      completed: 2,
      total_input: 200,
      total_output: 20,
      total_output_retokenized: 20,
      request_throughput: 0.2,
      output_throughput: 2,
      total_throughput: 22,
      mean_e2e_latency_ms: 1000,
      median_ttft_ms: 100,
      p99_ttft_ms: 150,
      details: { ttfts: [0.1, 0.15], itls: [[0.05, 0.05], [0.1]], output_lens: [3, 2], errors: ["", ""] },
    };
    const { run } = only(JSON.stringify(o));
    expect(run.toolVersion).toBe("metrics.py refactor");
    expect(run.load).toEqual({ kind: "rate", concurrency: null, requestRate: 8 });
    expect([run.islMean, run.oslMean, run.totalTokPerS]).toEqual([100, 10, 22]);
    // e2e = ttft + Σ itl; TPOT = (e2e − ttft)/(out − 1)
    expect(run.perRequest?.map((r) => r.tpotMs)).toEqual([expect.closeTo(50, 9), expect.closeTo(100, 9)]);
  });
});

describe("AIPerf", () => {
  const m = (unit: string, avg: number, p: Record<string, number> = {}) => ({ unit, avg, ...p });
  const aiperf = {
    schema_version: "1.3",
    aiperf_version: "0.10.0",
    benchmark_duration: m("sec", 60),
    request_count: m("requests", 600),
    error_request_count: m("requests", 6),
    request_throughput: m("requests/sec", 10),
    output_token_throughput: m("tokens/sec", 2000),
    total_token_throughput: m("tokens/sec", 12000),
    time_to_first_token: m("ms", 80, { p50: 70, p90: 120, p95: 150, p99: 300 }),
    inter_token_latency: m("ms", 9, { p50: 8.5, p99: 14 }),
    inter_chunk_latency: m("ms", 9, { p50: 8, p99: 40 }),
    request_latency: m("ms", 1900, { p50: 1800, p99: 3000 }),
    input_sequence_length: m("tokens", 1000),
    output_sequence_length: m("tokens", 200),
    input_config: {
      models: { items: [{ name: "openai/gpt-oss-120b" }] },
      phases: [
        { name: "warmup", concurrency: 1 },
        { name: "profiling", type: "concurrency", concurrency: 32 },
      ],
    },
  };

  it("JSON: duration in seconds, errors counted, ITL from inter_chunk_latency", () => {
    const { run, format } = only(JSON.stringify(aiperf));
    expect(format).toBe("aiperf-json");
    expect(run.tool).toBe("aiperf");
    expect([run.durationS, run.numRequests, run.numFailed, run.totalTokPerS]).toEqual([60, 600, 6, 12000]);
    expect(run.load).toEqual({ kind: "concurrency", concurrency: 32, requestRate: null });
    expect(run.model).toBe("openai/gpt-oss-120b");
    expect(run.tpotMs?.p99).toBe(14);
    expect(run.itlMs?.p99).toBe(40);
  });

  it("CSV: sum/std header, quoted thousands, Metric,Value table, GPU telemetry table", () => {
    const csv = [
      "Metric,avg,min,max,sum,p1,p5,p10,p25,p50,p75,p90,p95,p99,std",
      "Time to First Token (ms),80.00,10.00,400.00,,,,,,70.00,,120.00,150.00,300.00,20.00",
      'Request Latency (ms),"1,900.00",,,,,,,,"1,800.00",,,,"3,000.00",',
      "",
      "Metric,Value",
      "Benchmark Duration (sec),60.00",
      "Request Count,600",
      'Output Token Throughput (tokens/sec),"2,000.00"',
      "Request Throughput (requests/sec),10.00",
      "",
      "Endpoint,GPU_Index,GPU_Name,GPU_UUID",
      "http://a:9400,0,H100,u0",
      "http://a:9400,1,H100,u1",
    ].join("\r\n");
    const { run, format } = only(csv, "profile_export_aiperf.csv");
    expect(format).toBe("aiperf-csv");
    expect([run.outTokPerS, run.durationS, run.numRequests, run.accelerators]).toEqual([2000, 60, 600, 2]);
    expect(run.e2eMs).toEqual({ mean: 1900, p50: 1800, p90: null, p95: null, p99: 3000 });
    expect(run.ttftMs?.p99).toBe(300);
  });
});

describe("guidellm v0.4", () => {
  it("{args, benchmarks}: concurrent strategy, request_totals inside metrics", () => {
    const dist = (mean: number, p99: number, sum = 0) => ({
      successful: { mean, median: mean, total_sum: sum, percentiles: { p50: mean, p90: p99, p95: p99, p99 } },
    });
    const report = {
      args: { model: "Qwen/Qwen3-8B" },
      benchmarks: [
        {
          type_: "generative_benchmark",
          duration: 20,
          config: {
            strategy: { type_: "concurrent", streams: 8 },
            backend: { model: "meta-llama/Llama-3.1-8B-Instruct" },
          },
          metrics: {
            request_totals: { successful: 40, errored: 2, incomplete: 0, total: 42 },
            time_to_first_token_ms: dist(50, 90),
            inter_token_latency_ms: dist(10, 14),
            request_latency: dist(1.2, 2.0),
            prompt_token_count: dist(500, 510, 20000),
            output_token_count: dist(100, 100, 4000),
          },
          requests: { successful: [], errored: [], incomplete: [] },
        },
      ],
    };
    const { run } = only(JSON.stringify(report));
    expect(run.toolVersion).toBe("guidellm v0.4");
    expect(run.model).toBe("meta-llama/Llama-3.1-8B-Instruct");
    expect(run.load).toEqual({ kind: "concurrency", concurrency: 8, requestRate: null });
    expect([run.numRequests, run.numFailed, run.reqPerS, run.outTokPerS, run.totalTokPerS]).toEqual([
      40, 2, 2, 200, 1200,
    ]);
    expect(run.e2eMs?.p99).toBe(2000);
  });
});

describe("InferenceMAX raw file", () => {
  it("is told from upstream vLLM by content alone (best_of + p99.9 keys), without its file name", () => {
    const text = readFileSync(
      sharedPath("bakeoff", "inferencemax", "concurrency_64_req_rate_inf_gpus_16_ctx_8_gen_8.json"),
      "utf8",
    );
    const { run, format } = only(text, null);
    expect([format, run.tool, run.accelerators]).toEqual(["inferencemax-raw-json", "inferencemax", null]);
  });
});

describe("LoadGen console paste and path hints", () => {
  const summary = readFileSync(
    sharedPath("bakeoff", "mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt"),
    "utf8",
  );

  it("a pasted console log with noise before the banner", () => {
    const { run, format } = only(`$ docker exec -it mlperf bash run_server.sh\nLoading model...\n...\n${summary}`);
    expect(format).toBe("mlperf-loadgen-console");
    expect(run.outTokPerS).toBe(24593.77);
    expect(run.model).toBeNull();
  });

  it("an Interactive results path gives scenario, model and accelerator count", () => {
    const p =
      "closed/AMD/results/8xMI300X_2xEPYC_9575F/llama2-70b-99/Interactive/performance/run_1/mlperf_log_summary.txt";
    const { run, warnings } = only(summary, p);
    expect([run.scenarioHint, run.model, run.accelerators]).toEqual(["Interactive", "llama2-70b-99", 8]);
    expect(warnings.join(" ")).toMatch(/read from the file path/);
  });
});

describe("generic CSV template", () => {
  it("the example CSV parses back into its two load points", () => {
    const p = detectAndParse(exampleCsv(), "mine.csv");
    expect(p.format).toBe("bakeoff-csv-template");
    expect(p.runs.map((r) => [r.load.kind, r.load.concurrency, r.load.requestRate])).toEqual([
      ["concurrency", 16, null],
      ["rate", null, 4],
    ]);
    expect(p.runs.map((r) => r.outTokPerS)).toEqual([1240.3, 2031]);
    expect(p.runs[1]?.ttftMs).toEqual({ mean: null, p50: 240, p90: null, p95: null, p99: 1820.7 });
    expect(exampleCsv().split("\n")[0]).toBe(TEMPLATE_HEADERS.join(","));
  });

  it("columns in any order and case, inf rate → burst, unknown columns warned", () => {
    const p = detectAndParse("Output_Tok_Per_S,request_rate,gpu_type\n100,inf,H100\n", null);
    expect(p.runs[0]?.load.kind).toBe("burst");
    expect(p.warnings).toEqual(["ignored columns not in the template: gpu_type"]);
  });
});

describe("LLMPerf summary + individual responses", () => {
  it("attaching the responses gives real TPOT and per-request data", () => {
    const dir = (f: string) => readFileSync(sharedPath("bakeoff", "llmperf", f), "utf8");
    const s = only(dir("meta-llama-Llama-2-7b-chat-hf_550_150_summary.json")).run;
    const i = only(dir("meta-llama-Llama-2-7b-chat-hf_550_150_individual_responses.json")).run;
    const merged = attachLlmperfResponses(s, i);
    expect(merged.tpotMs?.p50).toBeCloseTo(
      (((16.394321708999996 - 4.9424722919993656) / 152 + (32.54671416600104 - 21.818911458000002) / 142) / 2) * 1000,
      9,
    );
    expect(merged.perRequest?.length).toBe(2);
    // the faster of the two requests' TPOT is the run's fastest: the SLO estimate's 0% point (lib/bakeoff/slo.ts)
    expect(merged.tpotMs?.min).toBeCloseTo(((16.394321708999996 - 4.9424722919993656) / 152) * 1000, 9);
    expect(merged.outTokPerS).toBe(4.493054265583841);
    // the summary's "TPOT needs the individual_responses file" is answered, so it is not repeated beside the TPOT
    expect(s.latencyNotes.join(" ")).toMatch(/TPOT needs the individual_responses file/);
    expect(merged.latencyNotes.join(" ")).not.toMatch(/TPOT needs/);
    expect(merged.latencyNotes).toContain("TPOT computed per request from individual_responses");
  });
});

describe("the fastest request, where a file reports one (the SLO estimate's 0% point)", () => {
  const read = (...p: string[]) => readFileSync(sharedPath("bakeoff", ...p), "utf8");
  it("GenAI-Perf JSON: each latency's min, scaled like the rest", () => {
    const rel = ["genai-perf", "meta_llama3-8b-instruct-openai-chat-concurrency10", "profile_export_genai_perf.json"];
    const raw = JSON.parse(read(...rel)) as Record<string, { min: number; unit: string }>;
    const { run } = only(read(...rel), rel.join("/"));
    expect(raw.time_to_first_token?.unit).toBe("ms");
    expect(run.ttftMs?.min).toBe(raw.time_to_first_token?.min);
  });

  it("guidellm: the successful distribution's min", () => {
    const text = read("guidellm", "guidellm_report_v2.json");
    const b = (JSON.parse(text) as { benchmarks: { metrics: Record<string, { successful: { min: number } }> }[] })
      .benchmarks[0];
    const runs = detectAndParse(text, "guidellm_report_v2.json").runs;
    expect(runs[0]?.ttftMs?.min).toBe(b?.metrics.time_to_first_token_ms?.successful.min);
  });

  it("vLLM files report none: no min key at all", () => {
    expect(only(read("vllm", "run=0.json")).run.ttftMs).not.toHaveProperty("min");
  });
});
