// Small inputs written from each tool's source (the keys and units its code emits), one per schema version, oldest
// and newest per tool. Numbers are invented but consistent; `expect` holds what the source's definitions make of
// them (e.g. vLLM `median_ttft_ms` is the p50 in ms, genai-bench latencies are seconds unless `_time_unit` says ms),
// worked out by hand. Never copied output files. Sources: docs/bakeoff-formats.md (file and commit per row).
import type { BakeoffTool, LatencyMs } from "@/lib/types";

export interface SourceFixture {
  tool: BakeoffTool;
  /** The schema version the fixture stands for, as docs/bakeoff-formats.md names it. */
  schema: string;
  /** oldest / newest schema of the tool the parser reads (or "only" where it has one). */
  age: "oldest" | "newest" | "only";
  /** Where its keys come from: repo path @ commit. */
  source: string;
  filename: string;
  text: string;
  format: string;
  expect: {
    runs?: number;
    model?: string | null;
    load?: { kind: string; concurrency: number | null; requestRate: number | null };
    numRequests?: number | null;
    numFailed?: number | null;
    durationS?: number | null;
    reqPerS?: number | null;
    outTokPerS?: number | null;
    totalTokPerS?: number | null;
    islMean?: number | null;
    oslMean?: number | null;
    accelerators?: number | null;
    ttftMs?: Partial<LatencyMs> | null;
    tpotMs?: Partial<LatencyMs> | null;
    itlMs?: Partial<LatencyMs> | null;
    e2eMs?: Partial<LatencyMs> | null;
    perRequest?: number | null;
    notes?: RegExp[];
    warnings?: RegExp[];
  };
}

const j = (v: unknown) => JSON.stringify(v, null, 2);

const vllmOld = {
  date: "20240612-101500",
  backend: "vllm",
  model_id: "meta-llama/Llama-2-70b-chat-hf",
  tokenizer_id: "meta-llama/Llama-2-70b-chat-hf",
  best_of: 1,
  use_beam_search: false,
  num_prompts: 100,
  request_rate: 4,
  duration: 50,
  completed: 98,
  total_input_tokens: 98000,
  total_output_tokens: 49000,
  request_throughput: 1.96,
  output_throughput: 980,
  total_token_throughput: 2940,
  mean_ttft_ms: 120,
  median_ttft_ms: 100,
  std_ttft_ms: 5,
  p99_ttft_ms: 400,
  mean_tpot_ms: 30,
  median_tpot_ms: 29,
  std_tpot_ms: 2,
  p99_tpot_ms: 55,
  mean_itl_ms: 29,
  median_itl_ms: 27,
  std_itl_ms: 3,
  p99_itl_ms: 60,
};

const vllmNew = {
  date: "20260301-120000",
  endpoint_type: "openai-chat",
  backend: "openai-chat",
  label: null,
  model_id: "Qwen/Qwen3-8B",
  tokenizer_id: "Qwen/Qwen3-8B",
  num_prompts: 200,
  request_rate: "inf",
  burstiness: 1.0,
  max_concurrency: 16,
  duration: 100.0,
  completed: 198,
  failed: 2,
  total_input_tokens: 198000,
  total_output_tokens: 99000,
  request_throughput: 1.98,
  request_goodput: null,
  output_throughput: 990.0,
  total_token_throughput: 2970.0,
  max_output_tokens_per_s: 1200.0,
  max_concurrent_requests: 16,
  mean_ttft_ms: 80,
  median_ttft_ms: 70,
  std_ttft_ms: 10,
  p90_ttft_ms: 120,
  p99_ttft_ms: 200,
  mean_tpot_ms: 20,
  median_tpot_ms: 19,
  std_tpot_ms: 2,
  p90_tpot_ms: 24,
  p99_tpot_ms: 30,
  mean_itl_ms: 19,
  median_itl_ms: 18,
  std_itl_ms: 3,
  p90_itl_ms: 25,
  p99_itl_ms: 40,
  mean_e2el_ms: 10000,
  median_e2el_ms: 9900,
  std_e2el_ms: 500,
  p90_e2el_ms: 10800,
  p99_e2el_ms: 11500,
};

// SGLang late 2024: bare Infinity, no p99, no TPOT, no request_throughput
const sglangOld =
  '{"backend": "sglang", "dataset_name": "random", "request_rate": Infinity, "max_concurrency": null, ' +
  '"sharegpt_output_len": null, "random_input_len": 1024, "random_output_len": 512, "random_range_ratio": 0.0, ' +
  '"duration": 40.0, "completed": 100, "total_input_tokens": 50800, "total_output_tokens": 25600, ' +
  '"total_output_tokens_retokenized": 25590, "mean_e2e_latency_ms": 20000.0, "median_e2e_latency_ms": 19000.0, ' +
  '"median_ttft_ms": 3000.0, "median_itl_ms": 30.0, "output_throughput": 640.0}\n';

const sglangNew = {
  backend: "sglang-oai",
  dataset_name: "random",
  request_rate: 8,
  max_concurrency: 64,
  duration: 60,
  completed: 480,
  total_input: 480000,
  total_output: 96000,
  total_output_retokenized: 95990,
  request_throughput: 8,
  input_throughput: 8000,
  output_throughput: 1600,
  output_throughput_retokenized: 1599.8,
  total_throughput: 9600,
  total_throughput_retokenized: 9599.8,
  mean_e2e_latency_ms: 5000,
  median_e2e_latency_ms: 4800,
  std_e2e_latency_ms: 400,
  p99_e2e_latency_ms: 7000,
  mean_ttft_ms: 200,
  median_ttft_ms: 180,
  std_ttft_ms: 20,
  p99_ttft_ms: 400,
  mean_tpot_ms: 24,
  median_tpot_ms: 23,
  std_tpot_ms: 2,
  p99_tpot_ms: 30,
  mean_itl_ms: 24,
  median_itl_ms: 22,
  std_itl_ms: 5,
  p95_itl_ms: 35,
  p99_itl_ms: 50,
  max_itl_ms: 90,
  concurrency: 40.0,
  accept_length: null,
};

const lat = (unit: string, avg: number, p50: number, p90: number, p95: number, p99: number, min: number) => ({
  unit,
  avg,
  min,
  max: p99 * 1.1,
  p99,
  p95,
  p90,
  p75: (p50 + p90) / 2,
  p50,
  p25: (min + p50) / 2,
  std: avg / 10,
});

const genaiPerfOld = {
  request_throughput: { unit: "requests/sec", avg: 10.0 },
  request_latency: lat("ms", 1000, 950, 1200, 1300, 1500, 800),
  time_to_first_token: lat("ms", 100, 90, 150, 170, 200, 50),
  inter_token_latency: lat("ms", 18, 17, 20, 21, 25, 15),
  output_token_throughput: { unit: "tokens/sec", avg: 500.0 },
  output_token_throughput_per_request: lat("tokens/sec", 50, 49, 55, 57, 60, 40),
  output_sequence_length: lat("tokens", 50, 50, 52, 53, 55, 45),
  input_sequence_length: lat("tokens", 200, 200, 201, 202, 203, 198),
  input_config: {
    model: ["meta/llama3-8b-instruct"],
    concurrency: 10,
    service_kind: "openai",
    endpoint_type: "chat",
    streaming: true,
  },
};

const genaiPerfNew = {
  request_throughput: { unit: "requests/sec", avg: 20.0 },
  request_latency: lat("ms", 1600, 1500, 2000, 2100, 2400, 1200),
  time_to_first_token: lat("ms", 150, 140, 200, 220, 260, 90),
  time_to_second_token: lat("ms", 20, 19, 24, 25, 28, 15),
  inter_token_latency: lat("ms", 14, 13, 16, 17, 19, 11),
  output_token_throughput: { unit: "tokens/sec", avg: 2000.0 },
  output_token_throughput_per_user: lat("tokens/sec", 70, 72, 80, 82, 85, 50),
  output_sequence_length: lat("tokens", 100, 100, 102, 103, 105, 95),
  input_sequence_length: lat("tokens", 500, 500, 502, 503, 505, 495),
  request_count: { unit: "count", avg: 100 },
  input_config: {
    model_names: ["Qwen/Qwen3-8B"],
    endpoint: { type: "chat", streaming: true, url: "localhost:8000" },
    perf_analyzer: { stimulus: { concurrency: 32 } },
  },
};

const aiperfRecords = {
  records: {
    ttft: {
      tag: "ttft",
      header: "Time to First Token",
      ...lat("ms", 120, 110, 180, 200, 250, 60),
      count: 100,
    },
    request_latency: {
      tag: "request_latency",
      header: "Request Latency",
      ...lat("ms", 2000, 1900, 2500, 2700, 3000, 1500),
      count: 100,
    },
    inter_token_latency: {
      tag: "inter_token_latency",
      header: "Inter Token Latency",
      ...lat("ms", 15, 14, 18, 19, 22, 12),
      count: 100,
    },
    request_count: { tag: "request_count", unit: "requests", header: "Request Count", avg: 100 },
    error_request_count: { tag: "error_request_count", unit: "requests", header: "Error Request Count", avg: 3 },
    request_throughput: { tag: "request_throughput", unit: "requests/sec", header: "Request Throughput", avg: 5.0 },
    output_token_throughput: {
      tag: "output_token_throughput",
      unit: "tokens/sec",
      header: "Output Token Throughput",
      avg: 1000,
    },
    benchmark_duration: { tag: "benchmark_duration", unit: "sec", header: "Benchmark Duration", avg: 20 },
    input_sequence_length: {
      tag: "input_sequence_length",
      header: "ISL",
      ...lat("tokens", 512, 512, 512, 512, 512, 512),
    },
    output_sequence_length: {
      tag: "output_sequence_length",
      header: "OSL",
      ...lat("tokens", 200, 200, 210, 212, 215, 180),
    },
  },
  input_config: { endpoint: { model_names: ["Qwen/Qwen3-0.6B"], streaming: true }, loadgen: { concurrency: 10 } },
  was_cancelled: false,
  error_summary: [{ error_details: { code: 500, type: "Internal Server Error", message: "upstream" }, count: 3 }],
  start_time: "2025-09-01T10:00:00",
  end_time: "2025-09-01T10:00:20",
};

const aiperfFlat = {
  schema_version: "1.3",
  aiperf_version: "0.4.0",
  benchmark_id: "b9c1",
  request_throughput: { unit: "requests/sec", avg: 8 },
  request_latency: lat("ms", 1500, 1400, 1900, 2000, 2400, 900),
  time_to_first_token: lat("ms", 90, 80, 140, 150, 190, 40),
  inter_token_latency: lat("ms", 12, 11, 15, 16, 19, 9),
  inter_chunk_latency: lat("ms", 11, 10, 14, 15, 30, 2),
  request_count: { unit: "requests", avg: 400 },
  output_token_throughput: { unit: "tokens/sec", avg: 2400 },
  total_token_throughput: { unit: "tokens/sec", avg: 6496 },
  benchmark_duration: { unit: "sec", avg: 50 },
  input_sequence_length: lat("tokens", 512, 512, 512, 512, 512, 512),
  output_sequence_length: lat("tokens", 300, 300, 320, 330, 340, 250),
  reasoning_token_count: lat("tokens", 100, 100, 120, 125, 130, 60),
  total_reasoning_tokens: { unit: "tokens", avg: 40000 },
  input_config: {
    models: { items: [{ name: "openai/gpt-oss-20b" }] },
    phases: [
      { name: "warmup", type: "concurrency", concurrency: 4, requests: 20 },
      { name: "profiling", type: "concurrency", concurrency: 32, requests: 400 },
    ],
    endpoint: { type: "chat", streaming: true },
  },
  error_summary: [],
};

const T0 = 1_700_000_000_000_000_000;
const rec = (
  phase: string,
  startS: number,
  endS: number,
  m: { ttft?: number; e2e?: number; itl?: number; isl?: number; osl?: number } | null,
) => ({
  metadata: {
    session_num: startS,
    x_request_id: `r${startS}`,
    request_start_ns: T0 + startS * 1e9,
    request_end_ns: T0 + endS * 1e9,
    worker_id: "worker_0",
    record_processor_id: "rp_0",
    benchmark_phase: phase,
  },
  metrics: m
    ? {
        time_to_first_token: { value: m.ttft, unit: "ms" },
        request_latency: { value: m.e2e, unit: "ms" },
        inter_token_latency: { value: m.itl, unit: "ms" },
        input_sequence_length: { value: m.isl, unit: "tokens" },
        output_sequence_length: { value: m.osl, unit: "tokens" },
      }
    : {},
  error: m ? null : { code: 500, type: "Internal Server Error", message: "upstream" },
});
const aiperfJsonl = [
  rec("warmup", -10, -8, { ttft: 5000, e2e: 9000, itl: 40, isl: 100, osl: 100 }),
  rec("profiling", 0, 2, { ttft: 100, e2e: 2000, itl: 20, isl: 100, osl: 96 }),
  rec("profiling", 1, 4, { ttft: 200, e2e: 3000, itl: 30, isl: 100, osl: 98 }),
  rec("profiling", 2, 5, { ttft: 300, e2e: 3000, itl: 25, isl: 100, osl: 100 }),
  rec("profiling", 3, 3.5, null),
]
  .map((r) => JSON.stringify(r))
  .join("\n");

const dist = (mean: number, p50: number, p90: number, p95: number, p99: number, min: number, extra = {}) => ({
  mean,
  median: p50,
  min,
  max: p99 * 1.2,
  percentiles: { p50, p90, p95, p99 },
  ...extra,
});

const guidellmOld = {
  benchmarks: [
    {
      type_: "generative_benchmark",
      args: { strategy: { type_: "synchronous" }, max_number: 21 },
      worker: { backend_model: "meta-llama/Llama-3.1-8B-Instruct" },
      duration: 10,
      request_totals: { successful: 20, errored: 1, incomplete: 0, total: 21 },
      metrics: {
        time_to_first_token_ms: { successful: dist(50, 48, 60, 65, 70, 30) },
        inter_token_latency_ms: { successful: dist(7, 7, 8, 8.5, 9, 6) },
        request_latency: { successful: dist(0.5, 0.48, 0.6, 0.65, 0.7, 0.4) },
        prompt_token_count: { successful: { mean: 128, total_sum: 2560 } },
        output_token_count: { successful: { mean: 64, total_sum: 1280 } },
      },
    },
  ],
};

// guidellm 0.5: metadata v1, totals summed in floating point (1748.9999999999998 output tokens)
const guidellm05 = {
  metadata: { version: 1, guidellm_version: "0.5.0", python_version: "3.12.3", platform: "Linux" },
  args: { target: "http://localhost:8000", profile: "constant", rate: [2.0] },
  benchmarks: [
    {
      type_: "generative_benchmark",
      config: { strategy: { type_: "constant", rate: 2.0 }, backend: { model: "Qwen/Qwen3-8B" } },
      duration: 30,
      metrics: {
        request_totals: { successful: 57, errored: 0, incomplete: 1, total: 58 },
        time_to_first_token_ms: { successful: dist(90, 85, 120, 130, 150, 60) },
        inter_token_latency_ms: { successful: dist(11, 11, 12, 12.5, 13, 10) },
        request_latency: { successful: dist(0.42, 0.4, 0.5, 0.55, 0.6, 0.3) },
        prompt_token_count: { successful: { mean: 256.0, total_sum: 14592.000000000002 } },
        output_token_count: { successful: { mean: 30.68421052631579, total_sum: 1748.9999999999998 } },
      },
    },
  ],
};

const guidellmV2 = {
  metadata: { version: 2, guidellm_version: "0.8.0" },
  config: { spec: { backend: { model: "Qwen/Qwen3-8B", target: "http://localhost:8000" }, profile: "concurrent" } },
  benchmarks: [
    {
      type_: "generative_benchmark",
      config: { strategy: { type_: "concurrent", streams: 8 } },
      duration: 20,
      metrics: {
        request_totals: { successful: 160, errored: 0, incomplete: 0, total: 160 },
        time_to_first_token_ms: { successful: dist(95, 90, 130, 140, 160, 60) },
        inter_token_latency_ms: { successful: dist(12, 12, 13, 13.5, 14, 10) },
        request_latency: { successful: dist(1.0, 0.98, 1.1, 1.15, 1.2, 0.8) },
        prompt_token_count: { successful: { mean: 512, total_sum: 81920 } },
        output_token_count: { successful: { mean: 75, total_sum: 12000 } },
      },
    },
  ],
};

const llmperfSummary = {
  version: "2023-08-31",
  name: "meta-llama-Llama-2-7b-chat-hf_550_150_summary",
  model: "meta-llama/Llama-2-7b-chat-hf",
  mean_input_tokens: 550,
  mean_output_tokens: 150,
  num_concurrent_requests: 4,
  results_ttft_s_quantiles_p50: 0.2,
  results_ttft_s_quantiles_p90: 0.3,
  results_ttft_s_quantiles_p95: 0.35,
  results_ttft_s_quantiles_p99: 0.4,
  results_ttft_s_mean: 0.22,
  results_end_to_end_latency_s_quantiles_p50: 3.0,
  results_end_to_end_latency_s_quantiles_p90: 4.0,
  results_end_to_end_latency_s_quantiles_p95: 4.5,
  results_end_to_end_latency_s_quantiles_p99: 5.0,
  results_end_to_end_latency_s_mean: 3.1,
  results_inter_token_latency_s_quantiles_p50: 0.02,
  results_inter_token_latency_s_quantiles_p99: 0.03,
  results_number_input_tokens_mean: "550",
  results_number_output_tokens_mean: "150",
  results_num_completed_requests: "100",
  results_number_errors: "2",
  results_num_requests_started: "102",
  results_error_code_frequency: "{}",
  results_error_rate: 0.0196,
  results_num_completed_requests_per_min: 120,
  results_mean_output_throughput_token_per_s: 300,
};

const llmperfIndividual = [
  {
    error_code: null,
    error_msg: "",
    ttft_s: 0.1,
    end_to_end_latency_s: 1.1,
    number_output_tokens: 11,
    number_input_tokens: 500,
    inter_token_latency_s: 0.1,
    request_output_throughput_token_per_s: 10,
    number_total_tokens: 511,
  },
  {
    error_code: null,
    error_msg: "",
    ttft_s: 0.2,
    end_to_end_latency_s: 2.2,
    number_output_tokens: 21,
    number_input_tokens: 500,
    inter_token_latency_s: 0.105,
    request_output_throughput_token_per_s: 9.5,
    number_total_tokens: 521,
  },
  {
    error_code: null,
    error_msg: "",
    ttft_s: 0.3,
    end_to_end_latency_s: 3.3,
    number_output_tokens: 31,
    number_input_tokens: 500,
    inter_token_latency_s: 0.106,
    request_output_throughput_token_per_s: 9.4,
    number_total_tokens: 531,
  },
  {
    error_code: 500,
    error_msg: "boom",
    ttft_s: 0,
    end_to_end_latency_s: 0,
    number_output_tokens: 0,
    number_input_tokens: 500,
    inter_token_latency_s: 0,
    request_output_throughput_token_per_s: 0,
    number_total_tokens: 500,
  },
];

const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => {
    const r = (p / 100) * (s.length - 1);
    const lo = Math.floor(r);
    return (s[lo] as number) + ((s[Math.ceil(r)] as number) - (s[lo] as number)) * (r - lo);
  };
  const sum = s.reduce((a, b) => a + b, 0);
  return {
    min: s[0],
    max: s.at(-1),
    mean: sum / s.length,
    stddev: 0,
    sum,
    p25: q(25),
    p50: q(50),
    p75: q(75),
    p90: q(90),
    p95: q(95),
    p99: q(99),
  };
};
const gbReq = (ttft: number, e2e: number, out: number, err: number | null = null) => ({
  ttft: err ? null : ttft,
  tpot: err ? null : (e2e - ttft) / (out - 1),
  e2e_latency: err ? null : e2e,
  output_latency: err ? null : e2e - ttft,
  output_inference_speed: err ? null : (out - 1) / (e2e - ttft),
  num_input_tokens: err ? null : 100,
  num_output_tokens: err ? null : out,
  total_tokens: err ? null : 100 + out,
  input_throughput: err ? null : 100 / ttft,
  output_throughput: err ? null : (out - 1) / (e2e - ttft),
  error_code: err,
  error_message: err ? "Internal Server Error" : null,
});
// older genai-bench: no _time_unit, every latency in seconds
const gbOldReqs = [0.1, 0.15, 0.2, 0.2, 0.25, 0.3].map((t) => gbReq(t, t + 1.8, 100));
const gbOldStats = (k: "ttft" | "tpot" | "e2e_latency") => stat(gbOldReqs.map((r) => r[k] as number));
const genaiBenchOld = {
  aggregated_metrics: {
    scenario: "D(100,100)",
    num_concurrency: 4,
    batch_size: 1,
    iteration_type: "num_concurrency",
    run_duration: 10.0,
    mean_output_throughput_tokens_per_s: 60.0,
    mean_input_throughput_tokens_per_s: 60.0,
    mean_total_tokens_throughput_tokens_per_s: 120.0,
    mean_total_chars_per_hour: 1512000.0,
    requests_per_second: 0.6,
    error_codes_frequency: {},
    error_rate: 0.0,
    num_error_requests: 0,
    num_completed_requests: 6,
    num_requests: 6,
    stats: {
      ttft: gbOldStats("ttft"),
      tpot: gbOldStats("tpot"),
      e2e_latency: gbOldStats("e2e_latency"),
      num_input_tokens: stat(gbOldReqs.map(() => 100)),
      num_output_tokens: stat(gbOldReqs.map(() => 100)),
      total_tokens: stat(gbOldReqs.map(() => 200)),
    },
  },
  individual_request_metrics: gbOldReqs,
};

// newer genai-bench: _time_unit "ms", 2 warm-up/cool-down requests left out of the stats, and error records the
// aggregate does not count (num_error_requests 0, error_rate 0.0)
const genaiBenchNew = {
  aggregated_metrics: {
    scenario: "N(480,240)/(300,150)",
    num_concurrency: 8,
    batch_size: 1,
    iteration_type: "num_concurrency",
    run_duration: 20.0,
    mean_output_throughput_tokens_per_s: 100.0,
    mean_input_throughput_tokens_per_s: 50.0,
    mean_total_tokens_throughput_tokens_per_s: 150.0,
    requests_per_second: 0.5,
    error_codes_frequency: {},
    error_rate: 0.0,
    num_error_requests: 0,
    num_completed_requests: 10,
    num_requests: 10,
    stats: {
      ttft: {
        min: 120,
        max: 320,
        mean: 200,
        stddev: 50,
        sum: 1600,
        p25: 160,
        p50: 190,
        p75: 240,
        p90: 260,
        p95: 280,
        p99: 300,
      },
      tpot: { min: 15, max: 25, mean: 20, stddev: 2, sum: 160, p25: 18, p50: 20, p75: 22, p90: 23, p95: 24, p99: 25 },
      e2e_latency: {
        min: 3000,
        max: 5500,
        mean: 4200,
        stddev: 500,
        sum: 33600,
        p25: 3800,
        p50: 4100,
        p75: 4600,
        p90: 5000,
        p95: 5200,
        p99: 5400,
      },
      num_input_tokens: {
        min: 100,
        max: 100,
        mean: 100,
        stddev: 0,
        sum: 800,
        p25: 100,
        p50: 100,
        p75: 100,
        p90: 100,
        p95: 100,
        p99: 100,
      },
      num_output_tokens: {
        min: 200,
        max: 200,
        mean: 200,
        stddev: 0,
        sum: 1600,
        p25: 200,
        p50: 200,
        p75: 200,
        p90: 200,
        p95: 200,
        p99: 200,
      },
    },
  },
  individual_request_metrics: [
    ...Array.from({ length: 10 }, (_, i) => gbReq(150 + i * 10, 4000 + i * 100, 200)),
    gbReq(0, 0, 0, 500),
    gbReq(0, 0, 0, 503),
  ],
  _time_unit: "ms",
};

const stats = (units: string, mean: number, p50: number, p90: number, p95: number, p99: number) => ({
  units,
  mean,
  min: p50 / 2,
  p50,
  p90,
  p95,
  p99,
  max: p99 * 1.2,
});
const brV01 = {
  version: "0.1",
  scenario: {
    model: { name: "meta-llama/Llama-3.1-8B-Instruct" },
    load: { name: "inference-perf", type: "constant", args: { rate: 10 } },
    host: {
      accelerator: [
        { model: "H100", count: 2, parallelism: { tp: 2 } },
        { model: "H100", count: 2, parallelism: { tp: 2 } },
      ],
      type: ["prefill", "decode"],
    },
  },
  metrics: {
    time: { duration: 60, start: 1750000000, stop: 1750000060 },
    requests: {
      total: 600,
      failures: 6,
      input_length: stats("count", 1000, 1000, 1000, 1000, 1000),
      output_length: stats("count", 100, 100, 100, 100, 100),
    },
    latency: {
      time_to_first_token: stats("ms", 150, 140, 200, 220, 300),
      normalized_time_per_output_token: stats("ms/token", 22, 21, 27, 29, 33),
      time_per_output_token: stats("ms/token", 20, 19, 25, 27, 30),
      inter_token_latency: stats("ms/token", 19, 18, 24, 26, 45),
      request_latency: stats("s", 2.2, 2.1, 2.8, 3.0, 3.5),
    },
    throughput: {
      input_tokens_per_sec: 9900,
      output_tokens_per_sec: 990,
      total_tokens_per_sec: 10890,
      requests_per_sec: 9.9,
    },
  },
};

const brV02 = {
  version: "0.2",
  run: {
    uid: "inference-perf-stage-0-1a2b3c4d",
    time: { start: "2026-02-01T10:00:00Z", end: "2026-02-01T10:02:00Z", duration: "PT120.000S" },
  },
  results: {
    request_performance: {
      aggregate: {
        requests: {
          total: 1200,
          failures: 0,
          input_length: stats("count", 512, 512, 512, 512, 512),
          output_length: stats("count", 256, 256, 256, 256, 256),
        },
        latency: {
          request_latency: stats("s", 4.0, 3.9, 5.0, 5.5, 6.0),
          time_to_first_token: stats("s", 0.25, 0.2, 0.4, 0.45, 0.6),
          time_per_output_token: stats("s/token", 0.015, 0.0145, 0.018, 0.019, 0.022),
          inter_token_latency: stats("s/token", 0.015, 0.014, 0.02, 0.025, 0.04),
          normalized_time_per_output_token: stats("s/token", 0.016, 0.0155, 0.019, 0.02, 0.023),
        },
        throughput: {
          input_token_rate: { units: "tokens/s", mean: 5120 },
          output_token_rate: { units: "tokens/s", mean: 2560 },
          total_token_rate: { units: "tokens/s", mean: 7680 },
          request_rate: { units: "queries/s", mean: 10 },
        },
      },
    },
  },
};

const imaxAgg = {
  hw: "mi355x",
  conc: 8,
  image: "rocm/sgl-dev:v0.5",
  model: "deepseek-ai/DeepSeek-R1-0528",
  framework: "sglang",
  precision: "fp8",
  spec_decoding: "none",
  disagg: false,
  isl: 1024,
  osl: 1024,
  is_multinode: false,
  tp: 8,
  ep: 1,
  dp_attention: false,
  tput_per_gpu: 500,
  output_tput_per_gpu: 250,
  input_tput_per_gpu: 250,
  mean_ttft: 0.55,
  median_ttft: 0.5,
  p90_ttft: 0.8,
  p99_ttft: 1.2,
  mean_tpot: 0.021,
  median_tpot: 0.02,
  p90_tpot: 0.024,
  p99_tpot: 0.03,
  median_intvty: 50,
  mean_e2el: 22,
  median_e2el: 21,
  p90_e2el: 25,
  p99_e2el: 30,
};

const imaxRaw = {
  ...vllmNew,
  model_id: "/models/models--openai--gpt-oss-120b/snapshots/abc123/",
  best_of: 1,
  "request_goodput:": null,
  "p99.9_ttft_ms": 250,
  benchmark_start_time_unix: 1770000000.0,
  benchmark_end_time_unix: 1770000100.0,
};

const V = "vllm-project/vllm";
// MLPerf Endpoints client result_summary.json (lib/endpoints/testdata/README.md has every shape; these two are the
// oldest and newest, cut to the blocks a load point reads). Times in ns; keys as each writer formats them.
const endpointsOld = {
  duration_ns: 120000000000.0,
  e2e_sample_latency_sec: 3840.0,
  latency: {
    avg: 3840000000.0,
    max: 6000000000,
    median: 3900000000.0,
    min: 1200000000,
    percentiles: { "50": 3900000000.0, "90": 5000000000.0, "99": 5900000000.0 },
    std_dev: 900000000.0,
    total: 3840000000000,
  },
  n_samples_completed: 1000,
  n_samples_issued: 1000,
  output_sequence_lengths: {
    avg: 256.0,
    max: 448,
    median: 256.0,
    min: 64,
    percentiles: { "50": 256.0 },
    total: 256000,
  },
  qps: 8.333333333333334,
  tps: 2133.3333333333335,
  tpot: { avg: 14000000.0, percentiles: { "50": 14000000.0, "90": 18000000.0, "99": 19800000.0 }, total: 14000000000 },
  tpot_reporting_mode: "request_weighted",
  ttft: {
    avg: 250000000.0,
    min: 50000000,
    percentiles: { "50": 240000000.0, "90": 420000000.0, "99": 600000000.0 },
    total: 250000000000,
  },
};

const endpointsNew = {
  version: "0.6.0",
  git_sha: "530620fb577a82b29e3c11864365c1062f659b7d",
  test_started_at: 0,
  n_samples_issued: 12000,
  n_samples_completed: 12000,
  n_samples_failed: 0,
  duration_ns: 610000000000,
  state: "complete",
  complete: true,
  ttft: {
    total: 1800000000000,
    avg: 150000000.0,
    percentiles: { "99.0": 700000000.0, "90.0": 300000000.0, "50.0": 130000000.0 },
  },
  tpot: {
    total: 240000000000,
    avg: 20000000.0,
    percentiles: { "99.0": 32000000.0, "90.0": 25000000.0, "50.0": 19500000.0 },
  },
  latency: { total: 60000000000000, avg: 5000000000.0, percentiles: { "99.0": 11000000000.0, "50.0": 4700000000.0 } },
  input_sequence_lengths: { total: 12000000, avg: 1000.0, percentiles: { "50.0": 930.0 } },
  output_sequence_lengths: { total: 3000000, avg: 250.0, percentiles: { "50.0": 235.0 } },
  legacy_loadgen_window_duration_ns: 600000000000,
  qps: 19.998333333333335,
  tps: 5000.0,
  e2e_avg_interactivity: 50.0,
  finish_reason_counts: { stop: 11800, length: 200 },
  run_config: { load_pattern: { type: "poisson", target_qps: 20.0 } },
};

export const SOURCE_FIXTURES: SourceFixture[] = [
  {
    tool: "vllm",
    schema: "benchmark_serving.py (2024, old keys)",
    age: "oldest",
    source: `${V} benchmarks/benchmark_serving.py (2024)`,
    filename: "vllm-4.0qps-Llama-2-70b-chat-hf-20240612-101500.json",
    text: j(vllmOld),
    format: "vllm-bench-serve-json",
    expect: {
      model: "meta-llama/Llama-2-70b-chat-hf",
      load: { kind: "rate", concurrency: null, requestRate: 4 },
      numRequests: 98,
      numFailed: 2,
      durationS: 50,
      islMean: 1000,
      oslMean: 500,
      outTokPerS: 980,
      ttftMs: { mean: 120, p50: 100, p99: 400 },
      tpotMs: { p50: 29, p99: 55 },
    },
  },
  {
    tool: "vllm",
    schema: "vllm bench serve 0.25 (failed, endpoint_type, e2el)",
    age: "newest",
    source: `${V} vllm/benchmarks/serve.py @ 009e6d4a`,
    filename: "openai-chat-infqps-concurrency16-Qwen3-8B-20260301-120000.json",
    text: j(vllmNew),
    format: "vllm-bench-serve-json",
    expect: {
      model: "Qwen/Qwen3-8B",
      load: { kind: "concurrency", concurrency: 16, requestRate: null },
      numRequests: 198,
      numFailed: 2,
      islMean: 1000,
      oslMean: 500,
      totalTokPerS: 2970,
      ttftMs: { p50: 70, p90: 120, p99: 200 },
      itlMs: { p99: 40 },
      e2eMs: { p50: 9900, p99: 11500 },
    },
  },
  {
    tool: "vllm",
    schema: "vllm bench throughput --output-json",
    age: "only",
    source: `${V} vllm/benchmarks/throughput.py @ 02028314`,
    filename: "throughput.json",
    text: j({
      elapsed_time: 50,
      num_requests: 1000,
      total_num_tokens: 1500000,
      requests_per_second: 20,
      tokens_per_second: 30000,
    }),
    format: "vllm-bench-throughput-json",
    expect: {
      load: { kind: "offline", concurrency: null, requestRate: null },
      numRequests: 1000,
      reqPerS: 20,
      totalTokPerS: 30000,
      ttftMs: null,
    },
  },
  {
    tool: "sglang",
    schema: "bench_serving late 2024",
    age: "oldest",
    source: "sgl-project/sglang python/sglang/bench_serving.py (Dec 2024)",
    filename: "sglang_1201_100_1024_512.jsonl",
    text: sglangOld,
    format: "sglang-bench-serving-jsonl",
    expect: {
      model: null,
      load: { kind: "burst", concurrency: null, requestRate: null },
      numRequests: 100,
      numFailed: null,
      islMean: 508,
      oslMean: 256,
      reqPerS: 2.5,
      outTokPerS: 640,
      totalTokPerS: 1910,
      ttftMs: { p50: 3000, p99: null },
      tpotMs: null,
      warnings: [/do not name the model/],
    },
  },
  {
    tool: "sglang",
    schema: "benchmark/metrics.py refactor (Dec 2025)",
    age: "newest",
    source: "sgl-project/sglang python/sglang/benchmark/metrics.py @ 6e48df33",
    filename: "sglang-oai_1215_480_1000_200.jsonl",
    text: `${JSON.stringify(sglangNew)}\n`,
    format: "sglang-bench-serving-jsonl",
    expect: {
      load: { kind: "concurrency", concurrency: 64, requestRate: 8 },
      numRequests: 480,
      islMean: 1000,
      oslMean: 200,
      totalTokPerS: 9600,
      ttftMs: { p50: 180, p99: 400 },
      tpotMs: { p99: 30 },
      itlMs: { p95: 35, p99: 50 },
      e2eMs: { p99: 7000 },
    },
  },
  {
    tool: "genai-perf",
    schema: "0.0.x flat input_config (2024)",
    age: "oldest",
    source: "triton-inference-server/perf_analyzer genai-perf/genai_perf/export_data/json_exporter.py (2024)",
    filename: "profile_export_genai_perf.json",
    text: j(genaiPerfOld),
    format: "genai-perf-json",
    expect: {
      model: "meta/llama3-8b-instruct",
      load: { kind: "concurrency", concurrency: 10, requestRate: null },
      numRequests: null,
      reqPerS: 10,
      outTokPerS: 500,
      totalTokPerS: 2500,
      ttftMs: { mean: 100, p50: 90, p90: 150, p95: 170, p99: 200 },
      tpotMs: { p99: 25 },
      e2eMs: { p99: 1500 },
    },
  },
  {
    tool: "genai-perf",
    schema: "nested config (2025): request_count, model_names, perf_analyzer.stimulus",
    age: "newest",
    source: "triton-inference-server/perf_analyzer genai-perf/genai_perf/export_data/json_exporter.py @ 263c5f6e",
    filename: "profile_export_genai_perf.json",
    text: j(genaiPerfNew),
    format: "genai-perf-json",
    expect: {
      model: "Qwen/Qwen3-8B",
      load: { kind: "concurrency", concurrency: 32, requestRate: null },
      numRequests: 100,
      ttftMs: { p50: 140, p99: 260 },
    },
  },
  {
    tool: "aiperf",
    schema: "0.1–0.2: metrics under records, tag ttft",
    age: "oldest",
    source: "ai-dynamo/aiperf aiperf/exporters/json_exporter.py @ 030f22db; common/models/record_models.py @ 02402e8f",
    filename: "profile_export_aiperf.json",
    text: j(aiperfRecords),
    format: "aiperf-records-json",
    expect: {
      model: "Qwen/Qwen3-0.6B",
      load: { kind: "concurrency", concurrency: 10, requestRate: null },
      numRequests: 100,
      numFailed: 3,
      durationS: 20,
      reqPerS: 5,
      outTokPerS: 1000,
      islMean: 512,
      oslMean: 200,
      ttftMs: { p50: 110, p90: 180, p95: 200, p99: 250 },
      tpotMs: { p99: 22 },
      e2eMs: { p99: 3000 },
    },
  },
  {
    tool: "aiperf",
    schema: "0.3+ flat export, schema_version 1.x, reasoning tokens",
    age: "newest",
    source:
      "ai-dynamo/aiperf aiperf/common/models/export_models.py @ 0a791e34; metrics/types/output_sequence_length_metric.py @ 02402e8f",
    filename: "profile_export_aiperf.json",
    text: j(aiperfFlat),
    format: "aiperf-json",
    expect: {
      model: "openai/gpt-oss-20b",
      load: { kind: "concurrency", concurrency: 32, requestRate: null },
      numRequests: 400,
      numFailed: 0,
      durationS: 50,
      totalTokPerS: 6496,
      outTokPerS: 2400,
      ttftMs: { p99: 190 },
      itlMs: { p99: 30 },
      notes: [/output tokens\/s counts reasoning tokens .*40000 reasoning tokens in all/],
    },
  },
  {
    tool: "aiperf",
    schema: "per-request profile_export.jsonl (MetricRecordInfo)",
    age: "only",
    source:
      "ai-dynamo/aiperf aiperf/common/models/record_models.py: MetricRecordInfo, MetricRecordMetadata @ 37819829 (find_string id)",
    filename: "profile_export.jsonl",
    text: aiperfJsonl,
    format: "aiperf-jsonl",
    expect: {
      numRequests: 3,
      numFailed: 1,
      durationS: 5,
      reqPerS: 0.6,
      outTokPerS: 58.8,
      totalTokPerS: 118.8,
      islMean: 100,
      oslMean: 98,
      // numpy.percentile([100, 200, 300], 99) = 298 (linear)
      ttftMs: { mean: 200, p50: 200, p99: 298 },
      e2eMs: { p50: 3000 },
      perRequest: 4,
      notes: [/linear interpolation between closest ranks \(numpy's default/],
      warnings: [/1 warm-up record/],
    },
  },
  {
    tool: "guidellm",
    schema: "≤0.3 {benchmarks}: request_totals at the benchmark, args.strategy",
    age: "oldest",
    source: "vllm-project/guidellm src/guidellm/benchmark/benchmark.py (v0.3, Jun 2025)",
    filename: "benchmarks.json",
    text: j(guidellmOld),
    format: "guidellm-benchmarks-json",
    expect: {
      model: "meta-llama/Llama-3.1-8B-Instruct",
      load: { kind: "concurrency", concurrency: 1, requestRate: null },
      numRequests: 20,
      numFailed: 1,
      reqPerS: 2,
      outTokPerS: 128,
      totalTokPerS: 384,
      ttftMs: { p50: 48, p99: 70 },
      e2eMs: { p99: 700 },
    },
  },
  {
    tool: "guidellm",
    schema: "0.5 metadata v1, float-summed totals",
    age: "newest",
    source: "vllm-project/guidellm src/guidellm/benchmark/schemas/report.py (v0.5.0); schemas/statistics.py",
    filename: "benchmarks.json",
    text: j(guidellm05),
    format: "guidellm-benchmarks-json",
    expect: {
      model: "Qwen/Qwen3-8B",
      load: { kind: "rate", concurrency: null, requestRate: 2 },
      numRequests: 57,
      numFailed: 1,
      outTokPerS: 1749 / 30,
      totalTokPerS: (14592 + 1749) / 30,
      ttftMs: { p99: 150 },
    },
  },
  {
    tool: "guidellm",
    schema: "0.7+ metadata v2, top-level config",
    age: "newest",
    source: "vllm-project/guidellm benchmark/schemas/report.py @ ee7a7745 (v0.7.3+12)",
    filename: "benchmarks.json",
    text: j(guidellmV2),
    format: "guidellm-benchmarks-json",
    expect: {
      model: "Qwen/Qwen3-8B",
      load: { kind: "concurrency", concurrency: 8, requestRate: null },
      numRequests: 160,
      outTokPerS: 600,
      e2eMs: { p50: 980 },
    },
  },
  {
    tool: "llmperf",
    schema: "2023-08-31 summary (numbers as strings)",
    age: "oldest",
    source: "ray-project/llmperf token_benchmark_ray.py @ f1d6bed4",
    filename: "meta-llama-Llama-2-7b-chat-hf_550_150_summary.json",
    text: j(llmperfSummary),
    format: "llmperf-summary-json",
    expect: {
      model: "meta-llama/Llama-2-7b-chat-hf",
      load: { kind: "concurrency", concurrency: 4, requestRate: null },
      numRequests: 100,
      numFailed: 2,
      reqPerS: 2,
      durationS: 50,
      outTokPerS: 300,
      totalTokPerS: 1400,
      ttftMs: { p50: 200, p90: 300, p95: 350, p99: 400 },
      e2eMs: { p99: 5000 },
    },
  },
  {
    tool: "llmperf",
    schema: "_individual_responses.json",
    age: "newest",
    source: "ray-project/llmperf token_benchmark_ray.py @ f1d6bed4 (metrics per request)",
    filename: "meta-llama-Llama-2-7b-chat-hf_550_150_individual_responses.json",
    text: j(llmperfIndividual),
    format: "llmperf-individual-responses-json",
    expect: {
      numRequests: 3,
      numFailed: 1,
      islMean: 500,
      oslMean: 21,
      ttftMs: { mean: 200, p50: 200, p99: 298 },
      tpotMs: { p50: 100 },
      perRequest: 4,
      notes: [/linear interpolation/],
    },
  },
  {
    tool: "genai-bench",
    schema: "run JSON before _time_unit (seconds)",
    age: "oldest",
    source:
      "sgl-project/genai-bench genai_bench/metrics/aggregated_metrics_collector.py, metrics/metrics.py @ 025cf1c6",
    filename: "D(100,100)_text-to-text_concurrency_4_time_10s.json",
    text: j(genaiBenchOld),
    format: "genai-bench-json",
    expect: {
      load: { kind: "concurrency", concurrency: 4, requestRate: null },
      numRequests: 6,
      numFailed: 0,
      durationS: 10,
      reqPerS: 0.6,
      outTokPerS: 60,
      totalTokPerS: 120,
      islMean: 100,
      oslMean: 100,
      // seconds → ms; numpy-linear p90 of [0.1, 0.15, 0.2, 0.2, 0.25, 0.3] = 0.275 s
      ttftMs: { mean: 200, p50: 200, p90: 275, p99: 297.5 },
      e2eMs: { p50: 2000 },
      perRequest: 6,
    },
  },
  {
    tool: "genai-bench",
    schema: "_time_unit ms, warm-up/cool-down ratios",
    age: "newest",
    source:
      "sgl-project/genai-bench aggregated_metrics_collector.py @ 00e863aa (save, warmup_ratio); time_units.py @ 460ae28e",
    filename: "N(480,240)_(300,150)_text-to-text_concurrency_8_time_20s.json",
    text: j(genaiBenchNew),
    format: "genai-bench-json",
    expect: {
      load: { kind: "concurrency", concurrency: 8, requestRate: null },
      numRequests: 8,
      numFailed: 2,
      durationS: 20,
      ttftMs: { mean: 200, p50: 190, p90: 260, p95: 280, p99: 300 },
      tpotMs: { p99: 25 },
      e2eMs: { p99: 5400 },
      perRequest: null,
      warnings: [
        /num_error_requests 0 \(error_rate 0\) contradicts the per-request records, where 2/,
        /2 warm-up\/cool-down/,
      ],
    },
  },
  {
    tool: "llm-d-report",
    schema: "benchmark report v0.1",
    age: "oldest",
    source: "llm-d/llm-d-benchmark benchmark_report/schema_v0_1.py @ 08e0c227; base.py (Units)",
    filename: "benchmark_report.json",
    text: j(brV01),
    format: "llm-d-report-v0.1-json",
    expect: {
      model: "meta-llama/Llama-3.1-8B-Instruct",
      numRequests: 594,
      numFailed: 6,
      durationS: 60,
      accelerators: 4,
      reqPerS: 9.9,
      outTokPerS: 990,
      totalTokPerS: 10890,
      islMean: 1000,
      ttftMs: { p50: 140, p99: 300 },
      tpotMs: { p99: 30 },
      itlMs: { p99: 45 },
      e2eMs: { p50: 2100, p99: 3500 },
    },
  },
  {
    tool: "llm-d-report",
    schema: "benchmark report v0.2 (inference-perf results block)",
    age: "newest",
    source:
      "kubernetes-sigs/inference-perf inference_perf/reportgen/br/v0_2/adapter.py @ 1479ed0d; partial_report.py @ 2147255c",
    filename: "inference-perf.partial.stage_0.json",
    text: j(brV02),
    format: "llm-d-report-v0.2-json",
    expect: {
      numRequests: 1200,
      numFailed: 0,
      durationS: 120,
      reqPerS: 10,
      outTokPerS: 2560,
      totalTokPerS: 7680,
      islMean: 512,
      oslMean: 256,
      ttftMs: { p50: 200, p99: 600 },
      tpotMs: { p99: 22 },
      e2eMs: { p50: 3900, p99: 6000 },
    },
  },
  {
    tool: "inferencemax",
    schema: "agg row (process_result.py)",
    age: "oldest",
    source: "SemiAnalysisAI/InferenceX utils/process_result.py @ 843c6254",
    filename: "agg_dsr1_1k1k_fp8_sglang_tp8-ep1-dpafalse_disagg-false_spec-none_conc8_mi355x.json",
    text: j(imaxAgg),
    format: "inferencemax-agg-json",
    expect: {
      model: "deepseek-ai/DeepSeek-R1-0528",
      load: { kind: "concurrency", concurrency: 8, requestRate: null },
      accelerators: 8,
      totalTokPerS: 4000,
      outTokPerS: 2000,
      ttftMs: { p50: 500, p90: 800, p99: 1200 },
      e2eMs: { p99: 30000 },
    },
  },
  {
    tool: "inferencemax",
    schema: "raw run of the benchmark_serving fork with benchmark_*_unix",
    age: "newest",
    source: "SemiAnalysisAI/InferenceX utils/bench_serving/benchmark_serving.py @ 843c6254",
    filename: "result.json",
    text: j(imaxRaw),
    format: "inferencemax-raw-json",
    expect: {
      model: "openai/gpt-oss-120b",
      numRequests: 198,
      ttftMs: { p99: 200 },
    },
  },
  {
    tool: "mlperf-endpoints",
    schema: "reporter.py Report.to_json (2025, sorted keys, no version)",
    age: "oldest",
    source: "mlcommons/endpoints src/inference_endpoint/metrics/reporter.py @ 02f74bd",
    filename: "result_summary.json",
    text: j(endpointsOld),
    format: "mlperf-endpoints-result-summary",
    expect: {
      model: null,
      load: { kind: "concurrency", concurrency: null, requestRate: null },
      numRequests: 1000,
      numFailed: null,
      durationS: 120,
      reqPerS: 8.333333333333334,
      outTokPerS: 2133.3333333333335,
      oslMean: 256,
      ttftMs: { min: 50, mean: 250, p50: 240, p90: 420, p99: 600 },
      tpotMs: { p90: 18, p99: 19.8 },
      e2eMs: { p50: 3900, p99: 5900 },
      notes: [/excludes the first token/],
      warnings: [/no load pattern/],
    },
  },
  {
    tool: "mlperf-endpoints",
    schema: "report.py with input_sequence_lengths and finish_reason_counts",
    age: "newest",
    source: "mlcommons/endpoints docs/metrics/report_design.md @ 530620f (report.py Report)",
    filename: "gpt-oss-120b/performance/result_summary.json",
    text: j(endpointsNew),
    format: "mlperf-endpoints-result-summary",
    expect: {
      model: "gpt-oss-120b",
      load: { kind: "rate", concurrency: null, requestRate: 20 },
      numRequests: 12000,
      numFailed: 0,
      durationS: 610,
      reqPerS: 19.998333333333335,
      outTokPerS: 5000,
      islMean: 1000,
      oslMean: 250,
      ttftMs: { p50: 130, p90: 300, p99: 700 },
      tpotMs: { p50: 19.5, p90: 25, p99: 32 },
      notes: [/LoadGen's Server window/],
    },
  },
];
