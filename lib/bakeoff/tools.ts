// The serving-tool registry: one entry per bake-off tool, holding everything about it (display name, the versions
// read, per file format how it is recognised and parsed, how the tool measures, and which reader takes the run's setup
// facts from its file). Detection (detect.ts), the "supported tools" text of every rejection, the upload form's list,
// the bake-off CLI usage, a campaign's methodology diff and its run facts are all read from it.
// Adding a tool = its name in BAKEOFF_TOOLS (lib/types.ts, the stored record's enum), one entry here (the compiler
// refuses one without the other), a parser module, its tests, and a row in docs/bakeoff-formats.md.
// Every sniffer is asked for every input; a file that two formats claim is refused, naming both (detect.ts).
import type { BakeoffTool } from "@/lib/types";

import { aiperfRecordsToParsed, isAiperfRecordLine } from "./aiperf-records";
import { benchmarkReportToParsed, isBenchmarkReport } from "./benchmark-report";
import type { ParsedFile } from "./common";
import { isTemplateHeader, parseTemplateCsv } from "./csv";
import { ENDPOINTS_TOOL } from "./endpoints";
import { genaiBenchToParsed, isGenaiBench } from "./genai-bench";
import {
  flattenAiperfRecords,
  genaiCsvTool,
  genaiPerfJsonToRun,
  isAiperfJson,
  isAiperfRecordsJson,
  isGenaiPerfJson,
  parseGenaiPerfCsv,
} from "./genai-perf";
import { guidellmToParsed, isGuidellm } from "./guidellm";
import {
  inferenceMaxAggToParsed,
  inferenceMaxRawToParsed,
  isInferenceMaxAgg,
  isInferenceMaxAggArray,
  isInferenceMaxRaw,
} from "./inferencemax";
import type { JsonDocument } from "./json-tolerant";
import { isLlmperfIndividual, isLlmperfSummary, llmperfToParsed } from "./llmperf";
import { isLoadgenDetailText, isLoadgenSummaryText, parseLoadgenText } from "./loadgen";
import {
  genaiPerfFacts,
  guidellmFacts,
  inferencemaxFacts,
  llmperfFacts,
  loadgenFacts,
  sglangFacts,
  vllmFacts,
} from "./run-facts-readers";
import { isSglang, sglangToRun } from "./sglang";
import type { DocContext, ServingTool, ToolFormat } from "./tool-types";
import { isVllmServe, isVllmThroughput, vllmServeToRun, vllmThroughputToRun } from "./vllm";

export type { DocContext, ServingTool, TextInput, ToolFormat, ToolMethod } from "./tool-types";

const where = (d: JsonDocument, ctx: DocContext) => (ctx.many ? `line ${d.line}: ` : "");
const lineOf = (d: JsonDocument, ctx: DocContext) => (ctx.many ? d.line : null);
const firstDoc = (docs: JsonDocument[]): JsonDocument => docs[0] ?? { value: null, line: 1 };

export const SERVING_TOOLS: Record<BakeoffTool, Omit<ServingTool, "name">> = {
  vllm: {
    display: "vLLM",
    versions: "benchmarks/benchmark_serving.py (2024) → vllm bench serve 0.25; bench throughput",
    method: {
      tokens:
        "output tokens as the server reports them in the stream's usage, else the generated text re-tokenized by the client",
      percentiles: "TPOT per request = (e2e − TTFT)/(output − 1); ITL = every token gap pooled across requests",
      warmupDefault: "no warm-up requests unless --num-warmups is set; every request is measured",
      source: "vllm-project/vllm vllm/benchmarks/serve.py (calculate_metrics)",
    },
    facts: vllmFacts,
    formats: [
      {
        id: "vllm-bench-serve-json",
        input: "json",
        describe: "bench serve / benchmark_serving --save-result JSON",
        // InferenceX's fork writes this format plus its own markers: that file is InferenceMAX's
        sniff: (v, filename) => isVllmServe(v) && !isInferenceMaxRaw(v, filename),
        parse: (docs, ctx) => {
          const d = firstDoc(docs);
          const r = vllmServeToRun(d.value as Record<string, unknown>, "vllm", where(d, ctx), lineOf(d, ctx));
          return { format: "vllm-bench-serve-json", tool: "vllm", runs: [r.run], warnings: r.warnings };
        },
      },
      {
        id: "vllm-bench-throughput-json",
        input: "json",
        describe: "bench throughput --output-json",
        sniff: (v) => isVllmThroughput(v),
        parse: (docs) => ({
          format: "vllm-bench-throughput-json",
          tool: "vllm",
          runs: [vllmThroughputToRun(firstDoc(docs).value as Record<string, unknown>)],
          warnings: [
            "vllm bench throughput: tokens/s counts prompt + output; output tokens/s, latency and model are not in the file",
          ],
        }),
      },
    ],
  },
  sglang: {
    display: "SGLang",
    versions: "bench_serving late 2024 → 2025 → benchmark/metrics.py refactor (Dec 2025)",
    method: {
      tokens:
        "output tokens from the server (output_len); total_output_tokens_retokenized re-tokenizes the text client-side",
      percentiles: "TPOT per request = (e2e − TTFT)/(output − 1); ITL = every token gap pooled",
      warmupDefault: "one warm-up request before measuring (bench_serving's initial test request)",
      source: "sgl-project/sglang python/sglang/bench_serving.py",
    },
    facts: sglangFacts,
    formats: [
      {
        id: "sglang-bench-serving-jsonl",
        input: "json",
        describe: "bench_serving JSONL",
        sniff: (v) => isSglang(v),
        parse: (docs, ctx) => {
          const d = firstDoc(docs);
          const r = sglangToRun(d.value as Record<string, unknown>, where(d, ctx), lineOf(d, ctx));
          return { format: "sglang-bench-serving-jsonl", tool: "sglang", runs: [r.run], warnings: r.warnings };
        },
      },
    ],
    fileWarnings: ["SGLang files do not name the model or count failed requests; enter the model by hand"],
  },
  "genai-perf": {
    display: "GenAI-Perf",
    versions: "0.0.x flat input_config (2024) → nested config (2025)",
    method: {
      tokens: "output text tokenized client-side with --tokenizer",
      percentiles: "inter_token_latency is per request (e2e − TTFT)/(output − 1), what vLLM calls TPOT",
      warmupDefault: "no warm-up unless --warmup-request-count is set",
      source: "triton-inference-server/perf_analyzer genai-perf/genai_perf/metrics/llm_metrics.py",
    },
    facts: genaiPerfFacts,
    formats: [
      {
        id: "genai-perf-json",
        input: "json",
        describe: "profile_export_genai_perf.json",
        sniff: (v) => isGenaiPerfJson(v) && !isAiperfJson(v),
        parse: (docs) => genaiPerfJsonToRun(firstDoc(docs).value as Record<string, unknown>),
      },
      {
        id: "genai-perf-csv",
        input: "text",
        describe: "profile_export_genai_perf.csv",
        sniff: (t) => t.csvHeader !== null && genaiCsvTool(t.csvHeader) === "genai-perf",
        parse: (t) => parseGenaiPerfCsv(t.body, t.filename),
      },
    ],
  },
  aiperf: {
    display: "AIPerf",
    versions: "0.1–0.2 (metrics under records) → 0.3+ flat export (schema_version 1.x); profile_export.jsonl",
    method: {
      tokens: "output text tokenized client-side, or the server's usage counts where returned",
      percentiles: "inter_token_latency is per-request TPOT; inter_chunk_latency is the pooled gap (vLLM's ITL)",
      warmupDefault: "a warm-up phase only when configured (phases[] names it)",
      source: "ai-dynamo/aiperf aiperf/exporters/json_exporter.py",
    },
    facts: genaiPerfFacts,
    formats: [
      {
        id: "aiperf-json",
        input: "json",
        describe: "profile_export_aiperf.json",
        sniff: (v) => isGenaiPerfJson(v) && isAiperfJson(v),
        parse: (docs) => genaiPerfJsonToRun(firstDoc(docs).value as Record<string, unknown>),
      },
      {
        id: "aiperf-records-json",
        input: "json",
        describe: "profile_export_aiperf.json with metrics under records (0.1–0.2)",
        sniff: (v) => isAiperfRecordsJson(v),
        parse: (docs) =>
          genaiPerfJsonToRun(flattenAiperfRecords(firstDoc(docs).value as Record<string, unknown>), true),
      },
      {
        id: "aiperf-jsonl",
        input: "json",
        describe: "per-request profile_export.jsonl",
        sniff: (v) => isAiperfRecordLine(v),
        parse: (docs) => aiperfRecordsToParsed(docs),
        wholeFile: true,
      },
      {
        id: "aiperf-csv",
        input: "text",
        describe: "profile_export_aiperf.csv",
        sniff: (t) => t.csvHeader !== null && genaiCsvTool(t.csvHeader) === "aiperf",
        parse: (t) => parseGenaiPerfCsv(t.body, t.filename),
      },
    ],
  },
  guidellm: {
    display: "guidellm",
    versions: "≤0.3 {benchmarks} → 0.4 {args} → 0.5–0.6 metadata v1 → 0.7+ metadata v2",
    method: {
      tokens: "the server's usage counts when prefer_response_metrics is on, else the text tokenized client-side",
      percentiles:
        "inter_token_latency_ms = (last − first token)/(output − 1), i.e. TPOT; time_per_output_token_ms includes TTFT",
      warmupDefault: "no warm-up unless --warmup is set",
      source: "vllm-project/guidellm src/guidellm/benchmark/schemas",
    },
    facts: guidellmFacts,
    formats: [
      {
        id: "guidellm-benchmarks-json",
        input: "json",
        describe: "benchmarks.json",
        sniff: (v) => isGuidellm(v),
        parse: (docs) => guidellmToParsed(firstDoc(docs).value as Record<string, unknown>),
      },
    ],
  },
  llmperf: {
    display: "LLMPerf",
    versions: "2023-08-31 summary schema (to HEAD f1d6bed4, Dec 2024)",
    method: {
      tokens: "the generated text re-tokenized client-side (get_token_length, a Llama tokenizer by default)",
      percentiles: "inter_token_latency_s = e2e / output tokens, TTFT included: not TPOT",
      warmupDefault: "no warm-up: every completed request is measured",
      source: "ray-project/llmperf token_benchmark_ray.py",
    },
    facts: llmperfFacts,
    formats: [
      {
        id: "llmperf-summary-json",
        input: "json",
        describe: "_summary.json",
        sniff: (v) => isLlmperfSummary(v),
        parse: (docs) => llmperfToParsed(firstDoc(docs).value) as ParsedFile,
      },
      {
        id: "llmperf-individual-responses-json",
        input: "json",
        describe: "_individual_responses.json",
        sniff: (v) => isLlmperfIndividual(v),
        parse: (docs) => llmperfToParsed(firstDoc(docs).value) as ParsedFile,
      },
    ],
  },
  "genai-bench": {
    display: "genai-bench",
    versions: "run JSON before _time_unit (seconds) → with _time_unit s|ms, warm-up/cool-down ratios",
    method: {
      tokens: "tokens_received as the response reports them (num_output_tokens); reasoning tokens counted apart",
      percentiles: "tpot per request = (e2e − TTFT)/(output − 1), numpy percentiles over the measured requests",
      warmupDefault: "the first warmup_ratio and last cooldown_ratio of requests are left out of the stats when set",
      source:
        "sgl-project/genai-bench genai_bench/metrics/request_metrics_collector.py, aggregated_metrics_collector.py",
    },
    formats: [
      {
        id: "genai-bench-json",
        input: "json",
        describe: "per-run JSON {aggregated_metrics, individual_request_metrics}",
        sniff: (v) => isGenaiBench(v),
        parse: (docs) => genaiBenchToParsed(firstDoc(docs).value as Record<string, unknown>),
      },
    ],
  },
  "llm-d-report": {
    display: "llm-d benchmark report",
    versions: "v0.1 (llm-d-benchmark) → v0.2 (inference-perf partial report), as JSON",
    method: {
      tokens: "as the generator that filled the report counts them (inference-perf: server usage or client tokenizer)",
      percentiles:
        "time_per_output_token per request = (last − first token)/(output − 1); inter_token_latency pooled gaps",
      warmupDefault: "not stated in the report",
      source: "kubernetes-sigs/inference-perf inference_perf/reportgen/br/v0_2/adapter.py; llm-d benchmark_report",
    },
    formats: [
      {
        id: "llm-d-report-json",
        input: "json",
        describe: "benchmark report JSON",
        sniff: (v) => isBenchmarkReport(v),
        parse: (docs) => benchmarkReportToParsed(firstDoc(docs).value as Record<string, unknown>),
      },
    ],
  },
  "mlperf-loadgen": {
    display: "MLPerf LoadGen",
    versions: "LoadGen 4.x–5.x summary, detail log and console output",
    method: {
      tokens: "the SUT reports each response's token count to LoadGen",
      percentiles: "TPOT per request = (e2e − TTFT)/(output − 1); p99 over all queries, TTFT and TPOT separately",
      warmupDefault: "none counted: LoadGen measures every query of the run (warm-up, if any, happens outside it)",
      source: "mlcommons/inference loadgen (results.cc, TTFT/TPOT)",
    },
    facts: loadgenFacts,
    formats: [
      {
        id: "mlperf-loadgen",
        input: "text",
        describe: "mlperf_log_summary.txt / mlperf_log_detail.txt / console output",
        sniff: (t) => isLoadgenSummaryText(t.body) || isLoadgenDetailText(t.body),
        parse: (t) => parseLoadgenText(t.body, t.filename),
      },
    ],
  },
  "mlperf-endpoints": ENDPOINTS_TOOL,
  inferencemax: {
    display: "InferenceMAX",
    versions: "agg rows and agg_bmk.json (incl. AgentX rows); raw runs of its benchmark_serving fork",
    method: {
      tokens: "as vLLM's benchmark_serving (its fork): server usage, else client re-tokenization",
      percentiles: "TPOT per request; ITL pooled; agg rows also give interactivity = 1/TPOT",
      warmupDefault: "as its benchmark_serving fork: no warm-up unless configured",
      source: "SemiAnalysisAI InferenceX benchmark_serving fork",
    },
    facts: inferencemaxFacts,
    formats: [
      {
        id: "inferencemax-agg-json",
        input: "json",
        describe: "agg_*.json / agg_bmk.json",
        sniff: (v) => isInferenceMaxAggArray(v) || isInferenceMaxAgg(v),
        parse: (docs) => inferenceMaxAggToParsed(firstDoc(docs).value as Record<string, unknown>),
      },
      {
        id: "inferencemax-raw-json",
        input: "json",
        describe: "raw run JSON",
        sniff: (v, filename) => isInferenceMaxRaw(v, filename),
        parse: (docs, ctx) =>
          inferenceMaxRawToParsed(
            docs.map((d) => ({ value: d.value as Record<string, unknown>, line: d.line })),
            ctx.filename,
          ),
      },
    ],
  },
  csv: {
    display: "bake-off CSV template",
    versions: "template of lib/bakeoff/csv.ts",
    method: {
      tokens: "not stated (a hand-made table)",
      percentiles: "as the columns say; not checked",
      warmupDefault: "not stated",
      source: "PerfContext CSV template",
    },
    formats: [
      {
        id: "bakeoff-csv-template",
        input: "text",
        describe: "the bake-off CSV template",
        sniff: (t) => t.csvHeader !== null && isTemplateHeader(t.csvHeader),
        parse: (t) => parseTemplateCsv(t.body),
      },
    ],
  },
};

/** The registry as a list, in the order of its entries. */
export const TOOL_LIST: ServingTool[] = Object.entries(SERVING_TOOLS).map(([name, t]) => ({
  name: name as BakeoffTool,
  ...t,
}));

/** Every format of every tool, with its tool. */
export const ALL_FORMATS: { tool: ServingTool; format: ToolFormat }[] = TOOL_LIST.flatMap((tool) =>
  tool.formats.map((format) => ({ tool, format })),
);

/** "vLLM (bench serve / … JSON, bench throughput --output-json), SGLang (bench_serving JSONL), …" */
export const SUPPORTED_TOOLS_TEXT = TOOL_LIST.map(
  (t) => `${t.display} (${t.formats.map((f) => f.describe).join(", ")})`,
).join("; ");

/** The same with the versions read, for the unknown-file message: "vLLM benchmark_serving.py (2024) → … (…); …". */
export const SUPPORTED_TOOLS_VERSIONS_TEXT = TOOL_LIST.map(
  (t) => `${t.display} [${t.versions}] (${t.formats.map((f) => f.describe).join(", ")})`,
).join("; ");

/** One tool per line with its files and versions, for the CLI usage. */
export function supportedToolsLines(indent = ""): string {
  return TOOL_LIST.map(
    (t) => `${indent}${t.display}: ${t.formats.map((f) => f.describe).join(", ")} — versions ${t.versions}`,
  ).join("\n");
}

/** Display names in registry order: "vLLM, SGLang, …" (the upload form's list). */
export const TOOL_DISPLAY_NAMES: string[] = TOOL_LIST.map((t) => t.display);
