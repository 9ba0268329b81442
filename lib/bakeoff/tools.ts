// The serving-tool registry: one entry per bake-off tool, holding everything about it (display name, the versions
// read, and per file format how it is recognised and parsed). Detection (detect.ts), the "supported tools" text of
// every rejection, the upload form's list and the bake-off CLI usage are all generated from it.
// Adding a tool = its name in BAKEOFF_TOOLS (lib/types.ts, the stored record's enum), one entry here (the compiler
// refuses one without the other), a parser module, its tests, and a row in docs/bakeoff-formats.md.
// Every sniffer is asked for every input; a file that two formats claim is refused, naming both (detect.ts).
import type { BakeoffTool } from "@/lib/types";
import { aiperfRecordsToParsed, isAiperfRecordLine } from "./aiperf-records";
import { benchmarkReportToParsed, isBenchmarkReport } from "./benchmark-report";
import type { ParsedFile } from "./common";
import { isTemplateHeader, parseTemplateCsv } from "./csv";
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
import { isSglang, sglangToRun } from "./sglang";
import { isVllmServe, isVllmThroughput, vllmServeToRun, vllmThroughputToRun } from "./vllm";

/** Where a JSON document sits in its file, for messages ("line 3: ") when the file holds several. */
export interface DocContext {
  filename: string | null;
  /** true when the file holds more than one JSON document */
  many: boolean;
}

/** What a text format's sniffer sees: the file body, and its first CSV header when it is not JSON. */
export interface TextInput {
  body: string;
  filename: string | null;
  json: boolean;
  csvHeader: string[] | null;
}

/**
 * One file format a tool writes. JSON formats are asked about each JSON document of a file (a JSONL file or an
 * appended result file holds several); `wholeFile` formats read every document of the file together (per-request
 * JSONL), the others read each document as one result. Text formats are asked about the file body.
 */
export type ToolFormat =
  | {
      id: string;
      input: "json";
      /** What the file is, in the words of the "supported" text: "bench serve --save-result JSON". */
      describe: string;
      sniff: (doc: unknown, filename: string | null) => boolean;
      parse: (docs: JsonDocument[], ctx: DocContext) => ParsedFile;
      wholeFile?: boolean;
    }
  | {
      id: string;
      input: "text";
      describe: string;
      sniff: (input: TextInput) => boolean;
      parse: (input: TextInput) => ParsedFile;
    };

export interface ServingTool {
  name: BakeoffTool;
  /** How people write the tool's name. */
  display: string;
  /** The releases whose output is read, oldest to newest (docs/bakeoff-formats.md has the source of each). */
  versions: string;
  formats: ToolFormat[];
  /** Said once per file of this tool, however many runs it holds. */
  fileWarnings?: string[];
}

const where = (d: JsonDocument, ctx: DocContext) => (ctx.many ? `line ${d.line}: ` : "");
const lineOf = (d: JsonDocument, ctx: DocContext) => (ctx.many ? d.line : null);
const firstDoc = (docs: JsonDocument[]): JsonDocument => docs[0] ?? { value: null, line: 1 };

export const SERVING_TOOLS: Record<BakeoffTool, Omit<ServingTool, "name">> = {
  vllm: {
    display: "vLLM",
    versions: "benchmarks/benchmark_serving.py (2024) → vllm bench serve 0.25; bench throughput",
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
  inferencemax: {
    display: "InferenceMAX",
    versions: "agg rows and agg_bmk.json (incl. AgentX rows); raw runs of its benchmark_serving fork",
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
