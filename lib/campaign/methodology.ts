// Why two runs of "the same" test differ: a side-by-side of what each file says about its input and output lengths
// (the distributions as far as the file gives them), how load was applied (concurrency or request rate), warm-up,
// what its TPOT and ITL mean, and how it counts tokens. The per-tool definitions are one registry, each with the
// source it was read from. Pure.
import { loadText } from "@/lib/bakeoff/slo";
import { formatNumber } from "@/lib/format";
import type { BakeoffTool } from "@/lib/types";
import type { Dist } from "./facts";
import type { CampaignRun } from "./runs";

export interface ToolMethod {
  /** How the tool counts output tokens. */
  tokens: string;
  /** What its latency percentiles mean (TPOT vs ITL). */
  percentiles: string;
  /** Warm-up when the file says nothing. */
  warmupDefault: string;
  source: string;
}

// Read from each tool's source as summarised in ../shared/formats/bakeoff-formats.md (revisions named there).
export const TOOL_METHODS: Record<BakeoffTool, ToolMethod> = {
  vllm: {
    tokens:
      "output tokens as the server reports them in the stream's usage, else the generated text re-tokenized by the client",
    percentiles: "TPOT per request = (e2e − TTFT)/(output − 1); ITL = every token gap pooled across requests",
    warmupDefault: "no warm-up requests unless --num-warmups is set; every request is measured",
    source: "vllm-project/vllm vllm/benchmarks/serve.py (calculate_metrics)",
  },
  sglang: {
    tokens:
      "output tokens from the server (output_len); total_output_tokens_retokenized re-tokenizes the text client-side",
    percentiles: "TPOT per request = (e2e − TTFT)/(output − 1); ITL = every token gap pooled",
    warmupDefault: "one warm-up request before measuring (bench_serving's initial test request)",
    source: "sgl-project/sglang python/sglang/bench_serving.py",
  },
  "genai-perf": {
    tokens: "output text tokenized client-side with --tokenizer",
    percentiles: "inter_token_latency is per request (e2e − TTFT)/(output − 1), what vLLM calls TPOT",
    warmupDefault: "no warm-up unless --warmup-request-count is set",
    source: "triton-inference-server/perf_analyzer genai-perf/genai_perf/metrics/llm_metrics.py",
  },
  aiperf: {
    tokens: "output text tokenized client-side, or the server's usage counts where returned",
    percentiles: "inter_token_latency is per-request TPOT; inter_chunk_latency is the pooled gap (vLLM's ITL)",
    warmupDefault: "a warm-up phase only when configured (phases[] names it)",
    source: "ai-dynamo/aiperf aiperf/exporters/json_exporter.py",
  },
  guidellm: {
    tokens: "the server's usage counts when prefer_response_metrics is on, else the text tokenized client-side",
    percentiles:
      "inter_token_latency_ms = (last − first token)/(output − 1), i.e. TPOT; time_per_output_token_ms includes TTFT",
    warmupDefault: "no warm-up unless --warmup is set",
    source: "vllm-project/guidellm src/guidellm/benchmark/schemas",
  },
  llmperf: {
    tokens: "the generated text re-tokenized client-side (get_token_length, a Llama tokenizer by default)",
    percentiles: "inter_token_latency_s = e2e / output tokens, TTFT included: not TPOT",
    warmupDefault: "no warm-up: every completed request is measured",
    source: "ray-project/llmperf token_benchmark_ray.py",
  },
  "mlperf-loadgen": {
    tokens: "the SUT reports each response's token count to LoadGen",
    percentiles: "TPOT per request = (e2e − TTFT)/(output − 1); p99 over all queries, TTFT and TPOT separately",
    warmupDefault: "none counted: LoadGen measures every query of the run (warm-up, if any, happens outside it)",
    source: "mlcommons/inference loadgen (results.cc, TTFT/TPOT)",
  },
  inferencemax: {
    tokens: "as vLLM's benchmark_serving (its fork): server usage, else client re-tokenization",
    percentiles: "TPOT per request; ITL pooled; agg rows also give interactivity = 1/TPOT",
    warmupDefault: "as its benchmark_serving fork: no warm-up unless configured",
    source: "SemiAnalysisAI InferenceX benchmark_serving fork",
  },
  "genai-bench": {
    tokens: "tokens_received as the response reports them (num_output_tokens); reasoning tokens counted apart",
    percentiles: "tpot per request = (e2e − TTFT)/(output − 1), numpy percentiles over the measured requests",
    warmupDefault: "the first warmup_ratio and last cooldown_ratio of requests are left out of the stats when set",
    source: "sgl-project/genai-bench genai_bench/metrics/request_metrics_collector.py, aggregated_metrics_collector.py",
  },
  "llm-d-report": {
    tokens: "as the generator that filled the report counts them (inference-perf: server usage or client tokenizer)",
    percentiles:
      "time_per_output_token per request = (last − first token)/(output − 1); inter_token_latency pooled gaps",
    warmupDefault: "not stated in the report",
    source: "kubernetes-sigs/inference-perf inference_perf/reportgen/br/v0_2/adapter.py; llm-d benchmark_report",
  },
  csv: {
    tokens: "not stated (a hand-made table)",
    percentiles: "as the columns say; not checked",
    warmupDefault: "not stated",
    source: "PerfContext CSV template",
  },
};

export interface MethodRow {
  aspect: string;
  a: string;
  b: string;
  same: boolean;
  /** Why a difference matters. */
  why: string;
}

const n = (x: number | null | undefined, d = 0) => (x === null || x === undefined ? null : formatNumber(x, d));

export function distText(d: Dist | null, mean: number | null, configured: number | null): string {
  const parts: string[] = [];
  if (d) {
    const m = n(d.mean ?? mean, 1);
    if (m) parts.push(`mean ${m}`);
    if (d.std !== null) parts.push(`sd ${n(d.std, 1)}`);
    if (d.min !== null || d.max !== null) parts.push(`range ${n(d.min) ?? "?"}–${n(d.max) ?? "?"}`);
    if (d.p50 !== null) parts.push(`p50 ${n(d.p50)}`);
    if (d.p99 !== null) parts.push(`p99 ${n(d.p99)}`);
  } else if (mean !== null) parts.push(`mean ${n(mean, 1)} (only the mean is in the file)`);
  if (configured !== null) parts.push(`configured ${n(configured)}`);
  return parts.length ? parts.join(", ") : "not in the file";
}

/** Relative difference above 10% counts as different for lengths (two runs of one dataset vary by a few tokens). */
const near = (x: number | null, y: number | null) =>
  x === null || y === null ? x === y : Math.abs(x - y) <= 0.1 * Math.max(Math.abs(x), Math.abs(y));

function pattern(r: CampaignRun): string {
  const k = r.run.load.kind;
  const kind =
    k === "concurrency"
      ? "closed loop: a fixed number of requests in flight"
      : k === "rate"
        ? "open loop: requests arrive at a set rate"
        : k === "burst"
          ? "every request sent at once"
          : k === "mlperf-server"
            ? "open loop: Poisson arrivals at the target rate"
            : k === "offline" || k === "mlperf-offline"
              ? "offline: all work queued up front"
              : "not stated";
  return `${loadText(r.run)} (${kind})`;
}

/** The methodology of two runs, aspect by aspect. */
export function methodologyDiff(a: CampaignRun, b: CampaignRun): MethodRow[] {
  const rows: MethodRow[] = [];
  const ma = TOOL_METHODS[a.run.tool];
  const mb = TOOL_METHODS[b.run.tool];
  const push = (aspect: string, va: string, vb: string, same: boolean, why: string) =>
    rows.push({ aspect, a: va, b: vb, same, why: same ? "" : why });
  push(
    "Tool",
    `${a.run.tool}${a.run.toolVersion ? ` (${a.run.toolVersion})` : ""}`,
    `${b.run.tool}${b.run.toolVersion ? ` (${b.run.toolVersion})` : ""}`,
    a.run.tool === b.run.tool && a.run.toolVersion === b.run.toolVersion,
    "Different tools define and count things differently (the rows below).",
  );
  push(
    "Dataset",
    a.facts.dataset ?? "not stated",
    b.facts.dataset ?? "not stated",
    (a.facts.dataset ?? "") === (b.facts.dataset ?? ""),
    "Different prompts change prefill work, cache hit rates and output lengths.",
  );
  push(
    "Input tokens (ISL)",
    distText(a.facts.isl, a.run.islMean, a.facts.islConfigured),
    distText(b.facts.isl, b.run.islMean, b.facts.islConfigured),
    near(a.run.islMean ?? a.facts.isl?.mean ?? null, b.run.islMean ?? b.facts.isl?.mean ?? null),
    "Longer prompts cost more prefill: TTFT and throughput are not comparable across lengths; a wide spread also widens the tail.",
  );
  push(
    "Output tokens (OSL)",
    distText(a.facts.osl, a.run.oslMean, a.facts.oslConfigured),
    distText(b.facts.osl, b.run.oslMean, b.facts.oslConfigured),
    near(a.run.oslMean ?? a.facts.osl?.mean ?? null, b.run.oslMean ?? b.facts.osl?.mean ?? null),
    "Output length sets decode work per request; tokens/s and requests/s trade against it.",
  );
  push(
    "Load",
    pattern(a),
    pattern(b),
    a.run.load.kind === b.run.load.kind,
    "Concurrency (closed loop) caps queueing, a request rate (open loop) does not: at the same throughput the open loop shows longer tails.",
  );
  push(
    "Warm-up",
    a.facts.warmup ?? `not stated in the file; the tool's default: ${ma.warmupDefault}`,
    b.facts.warmup ?? `not stated in the file; the tool's default: ${mb.warmupDefault}`,
    (a.facts.warmup ?? ma.warmupDefault) === (b.facts.warmup ?? mb.warmupDefault),
    "A run without warm-up counts cold-start requests (compilation, empty caches) in its percentiles.",
  );
  const notesA = a.run.latencyNotes.join("; ");
  const notesB = b.run.latencyNotes.join("; ");
  push(
    "Percentiles (TPOT vs ITL)",
    `${ma.percentiles}${notesA ? `. In this file: ${notesA}` : ""}`,
    `${mb.percentiles}${notesB ? `. In this file: ${notesB}` : ""}`,
    ma.percentiles === mb.percentiles,
    "A TPOT and an ITL (or a TPOT that includes TTFT) are different numbers for the same run: compare like with like.",
  );
  push(
    "Token counting",
    `${ma.tokens} (${ma.source})`,
    `${mb.tokens} (${mb.source})`,
    ma.tokens === mb.tokens,
    "Server-reported and client re-tokenized counts differ (special tokens, a different tokenizer), which moves tokens/s and TPOT.",
  );
  return rows;
}
