// Every real shared sample parses to the figures its own file states (issue 25 finding 7). This replaces a golden
// file that was written from the old parsers' output (a wrong rule passed it): each expected value below was read by
// hand from the sample itself, and the line or field it came from is named beside it. Units as the record keeps them:
// milliseconds, tokens/s, requests/s.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import type { BakeoffRun } from "@/lib/types";
import { tryDetectAndParse } from "./detect";

const ROOT = sharedPath("bakeoff");

interface Want {
  format: string;
  tool: string;
  runs: number;
  /** Run 0's figures (only those the file states; absent = not checked here). */
  first: Partial<{
    model: string;
    concurrency: number;
    reqPerS: number;
    outTokPerS: number;
    totalTokPerS: number;
    ttftP99: number;
    tpotP99: number;
    numRequests: number;
    numFailed: number;
  }>;
  /** outTokPerS of every run, in file order, when the file has several. */
  outTokPerS?: number[];
}

const GP = "genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency";
const SAMPLES: Record<string, Want> = {
  // profile_export_genai_perf.csv: "Output Token Throughput (per sec),667.56", "Request Throughput (per sec),11.38",
  // "Time To First Token (ms),145.53,26.05,164.83,162.26,…" (p99 is the 4th figure), "Inter Token Latency (ms),…,15.32";
  // the model from the artifact folder "meta_llama3-8b-instruct-openai-chat-…" (openai kind: the '_' was the '/')
  [`${GP}10/profile_export_genai_perf.csv`]: {
    format: "genai-perf-csv",
    tool: "genai-perf",
    runs: 1,
    first: {
      model: "meta/llama3-8b-instruct",
      concurrency: 10,
      reqPerS: 11.38,
      outTokPerS: 667.56,
      ttftP99: 162.26,
      tpotP99: 15.32,
    },
  },
  // profile_export_genai_perf.json: request_throughput.avg 11.378172536970691, output_token_throughput.avg
  // 667.5573827440704, time_to_first_token.p99 162.26446499, inter_token_latency.p99 15.316776419999997
  [`${GP}10/profile_export_genai_perf.json`]: {
    format: "genai-perf-json",
    tool: "genai-perf",
    runs: 1,
    first: {
      model: "meta/llama3-8b-instruct",
      concurrency: 10,
      reqPerS: 11.378172536970691,
      outTokPerS: 667.5573827440704,
      ttftP99: 162.26446499,
      tpotP99: 15.316776419999997,
    },
  },
  // CSV: "Output Token Throughput (per sec),1806.07", "Request Throughput (per sec),30.94", TTFT p99 "1,564.27", ITL p99 50.89
  [`${GP}100/profile_export_genai_perf.csv`]: {
    format: "genai-perf-csv",
    tool: "genai-perf",
    runs: 1,
    first: {
      model: "meta/llama3-8b-instruct",
      concurrency: 100,
      reqPerS: 30.94,
      outTokPerS: 1806.07,
      ttftP99: 1564.27,
      tpotP99: 50.89,
    },
  },
  // JSON: request_throughput.avg 30.935429942267838, output_token_throughput.avg 1806.0666462658548,
  // time_to_first_token.p99 1564.26834917, inter_token_latency.p99 50.89024096999999
  [`${GP}100/profile_export_genai_perf.json`]: {
    format: "genai-perf-json",
    tool: "genai-perf",
    runs: 1,
    first: {
      model: "meta/llama3-8b-instruct",
      concurrency: 100,
      reqPerS: 30.935429942267838,
      outTokPerS: 1806.0666462658548,
      ttftP99: 1564.26834917,
      tpotP99: 50.89024096999999,
    },
  },
  // benchmarks[0].metrics: time_to_first_token_ms.successful.percentiles.p99 21.281957626342773; TPOT is guidellm's
  // inter_token_latency_ms ((last − first token)/(output − 1)), .successful.percentiles.p99 5.258346167136365 (its
  // time_per_output_token_ms, 5.217…, counts the first token too, so it is not TPOT)
  "guidellm/benchmarks_stripped.json": {
    format: "guidellm-benchmarks-json",
    tool: "guidellm",
    runs: 1,
    first: { ttftP99: 21.281957626342773, tpotP99: 5.258346167136365 },
  },
  // two benchmarks; the first: time_to_first_token_ms p99 11.686325073242188, inter_token_latency_ms p99
  // 1.2557165963309151
  "guidellm/guidellm_report_v2.json": {
    format: "guidellm-benchmarks-json",
    tool: "guidellm",
    runs: 2,
    first: { ttftP99: 11.686325073242188, tpotP99: 1.2557165963309151 },
  },
  // [0]: "conc": 16, "model": "amd/MiniMax-M2.5-MXFP4"
  "inferencemax/agg_bmk.json": {
    format: "inferencemax-agg-array-json",
    tool: "inferencemax",
    runs: 1,
    first: { model: "amd/MiniMax-M2.5-MXFP4", concurrency: 16 },
  },
  // "conc": 4, "model": "moonshotai/Kimi-K2.5", "p99_ttft": 0.5859901384473777 (s), "p99_tpot": 0.018459965544077445 (s)
  "inferencemax/agg_kimik2.5_1k1k_int4_vllm_tp8-ep1-dpafalse_disagg-false_spec-mtp_conc4_MI355-gbt350-odcdh5-wbb3.json":
    {
      format: "inferencemax-agg-json",
      tool: "inferencemax",
      runs: 1,
      first: { model: "moonshotai/Kimi-K2.5", concurrency: 4, ttftP99: 585.9901384473777, tpotP99: 18.459965544077445 },
    },
  // "max_concurrency": 64, "request_throughput": 4.885356772090476, "output_throughput": 5002.605334620647,
  // "p99_ttft_ms": 685.4502430907452, "p99_tpot_ms": 12.92620933710034
  "inferencemax/concurrency_64_req_rate_inf_gpus_16_ctx_8_gen_8.json": {
    format: "inferencemax-raw-json",
    tool: "inferencemax",
    runs: 1,
    first: {
      concurrency: 64,
      reqPerS: 4.885356772090476,
      outTokPerS: 5002.605334620647,
      ttftP99: 685.4502430907452,
      tpotP99: 12.92620933710034,
    },
  },
  // two responses, both without an error_code
  "llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_individual_responses.json": {
    format: "llmperf-individual-responses-json",
    tool: "llmperf",
    runs: 1,
    first: {},
  },
  // "model": "meta-llama/Llama-2-7b-chat-hf", "num_concurrent_requests": 3, "results_num_completed_requests": 2,
  // "results_mean_output_throughput_token_per_s": 4.493054265583841
  "llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_summary.json": {
    format: "llmperf-summary-json",
    tool: "llmperf",
    runs: 1,
    first: { model: "meta-llama/Llama-2-7b-chat-hf", concurrency: 3, outTokPerS: 4.493054265583841 },
  },
  // mlperf_log_summary.txt line 8 "Tokens per second: 27803.9"; the model from the folder name
  "mlperf-loadgen/amd-8xMI300X-llama2-70b-99-offline/mlperf_log_summary.txt": {
    format: "mlperf-loadgen-summary",
    tool: "mlperf-loadgen",
    runs: 1,
    first: { model: "llama2-70b-99", outTokPerS: 27803.9 },
  },
  "mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server/mlperf_log_detail.txt": {
    format: "mlperf-loadgen-detail",
    tool: "mlperf-loadgen",
    runs: 1,
    first: { model: "llama2-70b-99" },
  },
  // line 8 "Completed tokens per second: 24593.77", line 41 "99.00 percentile first token latency (ns) : 1914647645",
  // line 51 "99.00 percentile time to output token (ns) : 193380124"
  "mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server/mlperf_log_summary.txt": {
    format: "mlperf-loadgen-summary",
    tool: "mlperf-loadgen",
    runs: 1,
    first: { model: "llama2-70b-99", outTokPerS: 24593.77, ttftP99: 1914.647645, tpotP99: 193.380124 },
  },
  // seven lines, "backend": "sglang", "request_rate": "inf"; their "output_throughput" and "completed"
  "sglang/llama_3_3_70b_offline_output.jsonl": {
    format: "sglang-bench-serving-jsonl",
    tool: "sglang",
    runs: 7,
    first: { numRequests: 3000 },
    outTokPerS: [
      4520.698730654741, 3492.2944910189917, 2051.287161036558, 1654.9938601765348, 1652.8614806713933,
      6648.4389207099675, 3939.9256459856624,
    ],
  },
  // "completed": 0, "failed": 8
  "vllm/bench_serve_all_requests_failed_v0.25.1.json": {
    format: "vllm-bench-serve-json",
    tool: "vllm",
    runs: 1,
    first: { model: "facebook/opt-125m", numFailed: 8 },
  },
  // "model_id": "facebook/opt-125m", "max_concurrency": 2, "completed": 8, "request_throughput": 5.859229976904171,
  // "output_throughput": 93.74767963046673, "p99_ttft_ms": 762.4942294094944, "p99_tpot_ms": 9.394318119331729
  "vllm/run=0.json": {
    format: "vllm-bench-serve-json",
    tool: "vllm",
    runs: 1,
    first: {
      model: "facebook/opt-125m",
      concurrency: 2,
      numRequests: 8,
      reqPerS: 5.859229976904171,
      outTokPerS: 93.74767963046673,
      ttftP99: 762.4942294094944,
      tpotP99: 9.394318119331729,
    },
  },
  // "num_requests": 200, "requests_per_second": 2.781764499305893, "tokens_per_second": 1198.996134490826 (all tokens)
  "vllm/throughput_llama8B_tp1.json": {
    format: "vllm-bench-throughput-json",
    tool: "vllm",
    runs: 1,
    first: { numRequests: 200, reqPerS: 2.781764499305893, totalTokPerS: 1198.996134490826 },
  },
};

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const full = path.join(dir, n);
    return statSync(full).isDirectory() ? listFiles(full) : [path.relative(ROOT, full)];
  });
}

const said = (r: BakeoffRun): Required<Want["first"]> => ({
  model: r.model ?? "",
  concurrency: r.load.concurrency ?? Number.NaN,
  reqPerS: r.reqPerS ?? Number.NaN,
  outTokPerS: r.outTokPerS ?? Number.NaN,
  totalTokPerS: r.totalTokPerS ?? Number.NaN,
  ttftP99: r.ttftMs?.p99 ?? Number.NaN,
  tpotP99: r.tpotMs?.p99 ?? Number.NaN,
  numRequests: r.numRequests ?? Number.NaN,
  numFailed: r.numFailed ?? Number.NaN,
});

describe("every shared sample parses to the figures its file states", () => {
  it("the table covers every shared sample", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(listFiles(ROOT).sort());
  });
  it.each(Object.entries(SAMPLES))("%s", (rel, want) => {
    const got = tryDetectAndParse(readFileSync(path.join(ROOT, rel), "utf8"), rel);
    if (!got.ok) throw new Error(`${rel} was refused`);
    expect([got.format, got.tool, got.runs.length]).toEqual([want.format, want.tool, want.runs]);
    const first = got.runs[0];
    if (!first) throw new Error(`${rel}: no run`);
    const now = said(first);
    for (const [k, v] of Object.entries(want.first)) {
      const n = now[k as keyof typeof now];
      if (typeof v === "number") expect(n, `${rel} ${k}`).toBeCloseTo(v, 6);
      else expect(n, `${rel} ${k}`).toBe(v);
    }
    if (want.outTokPerS)
      want.outTokPerS.forEach((v, i) => {
        expect(got.runs[i]?.outTokPerS, `${rel} run ${i + 1} outTokPerS`).toBeCloseTo(v, 6);
      });
  });
});
