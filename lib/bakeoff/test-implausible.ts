// The implausible-value cases of plausible.test.ts, as a table: each a real shared file (read in place) or the CSV
// template with one value changed, with the field, line and message its rejection must name. Rules: negative values
// (1), implausibly large ones (2), fractional counts and more requests than were sent (3), percentiles out of order
// (4), non-numbers and decimal commas (5), runs with no requests (6).
import { readFileSync } from "node:fs";
import path from "node:path";
import { sharedPath } from "@/lib/shared-data";
import { exampleCsv } from "./csv";

export const read = (rel: string) => readFileSync(path.join(sharedPath("bakeoff"), rel), "utf8");

const VLLM = read("vllm/run=0.json");
export const VLLM_FAILED = read("vllm/bench_serve_all_requests_failed_v0.25.1.json");
const VLLM_THROUGHPUT = read("vllm/throughput_llama8B_tp1.json");
const SGLANG = read("sglang/llama_3_3_70b_offline_output.jsonl");
const LLMPERF = read("llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_summary.json");
const LLMPERF_REQ = read("llmperf/meta-llama-Llama-2-7b-chat-hf_550_150_individual_responses.json");
const G10 = "genai-perf/meta_llama3-8b-instruct-openai-chat-concurrency10/profile_export_genai_perf";
const GENAI_JSON = read(`${G10}.json`);
const GENAI_CSV = read(`${G10}.csv`);
export const GENAI_CSV_100 = read(`${G10.replace("concurrency10", "concurrency100")}.csv`);
const GUIDELLM = read("guidellm/benchmarks_stripped.json");
const IMAX_AGG = read(
  "inferencemax/agg_kimik2.5_1k1k_int4_vllm_tp8-ep1-dpafalse_disagg-false_spec-mtp_conc4_MI355-gbt350-odcdh5-wbb3.json",
);
const IMAX_BMK = read("inferencemax/agg_bmk.json");
const LOADGEN = read("mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server/mlperf_log_summary.txt");

/** `"key": value` → `"key": raw` on the line where it was; the key must occur once. */
function setKey(text: string, key: string, raw: string): string {
  const re = new RegExp(`("${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}":\\s*)([^,\\n}]+)`, "g");
  const hits = text.match(re)?.length ?? 0;
  if (hits !== 1) throw new Error(`test setup: "${key}" occurs ${hits} times`);
  return text.replace(re, `$1${raw}`);
}

const setKeys = (text: string, kv: Record<string, string>) =>
  Object.entries(kv).reduce((t, [k, v]) => setKey(t, k, v), text);

/** 1-based line of the first line containing `needle`. */
function lineOf(text: string, needle: string): number {
  const i = text.split("\n").findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`test setup: ${needle} not found`);
  return i + 1;
}

/** The text and the line of `needle` in it (a changed value, so the expected line is found independently). */
function withLine(text: string, needle: string): { text: string; line: number } {
  return { text, line: lineOf(text, needle) };
}

/** A JSON document changed in memory (pretty-printed, so a changed value has a line of its own). */
function editJson(text: string, edit: (o: Record<string, unknown>) => void): string {
  const o = JSON.parse(text) as Record<string, unknown>;
  edit(o);
  return JSON.stringify(o, null, 2);
}

type Obj = Record<string, unknown>;
export const at = (o: unknown, ...keys: (string | number)[]): Obj =>
  keys.reduce<unknown>((x, k) => (x as Record<string | number, unknown>)[k], o) as Obj;

/** The template's first data row with some cells changed (header names → new cell text). */
export function csvRow(cells: Record<string, string>): string {
  const [header = "", row = ""] = exampleCsv().split("\n");
  const names = header.split(",");
  const values = row.match(/("[^"]*"|[^,]*)(,|$)/g)?.map((c) => c.replace(/,$/, "")) ?? [];
  const out = names.map((n, i) => (n in cells ? (cells[n] ?? "") : (values[i] ?? "")));
  return `${header}\n${out.join(",")}\n`;
}

export interface Bad {
  rule: 1 | 2 | 3 | 4 | 5 | 6;
  name: string;
  text: string;
  filename?: string;
  field: string;
  line: number | null;
  message: RegExp;
}

export const v = (kv: Record<string, string>) => setKeys(VLLM, kv);
const vLine = (key: string) => lineOf(VLLM, `"${key}"`);
export const llm = (kv: Record<string, string>) => setKeys(LLMPERF, kv);
const llmLine = (key: string) => lineOf(LLMPERF, `"${key}"`);
const sglang2 = (kv: Record<string, string>) => {
  const lines = SGLANG.split("\n");
  lines[1] = setKeys(lines[1] ?? "", kv);
  return lines.join("\n");
};
const genaiJson = (stat: string, value: number) =>
  editJson(GENAI_JSON, (o) => {
    at(o, "time_to_first_token")[stat] = value;
  });
/** The real GenAI-Perf CSV with one unquoted cell changed (row and column 1-based and 0-based, as in the file). */
const genaiCsv = (row: number, col: number, cell: string) => {
  const lines = GENAI_CSV.split("\n");
  const cells = (lines[row - 1] ?? "").split(",");
  cells[col] = cell;
  lines[row - 1] = cells.join(",");
  return lines.join("\n");
};
const guidellm = (edit: (b: Obj) => void) =>
  editJson(GUIDELLM, (o) => {
    edit(at(o, "benchmarks", 0));
  });
const TTFT_SUCCESS = ["metrics", "time_to_first_token_ms", "successful"] as const;
const agentic = (edit: (row: Obj) => void) =>
  editJson(IMAX_BMK, (o) => {
    edit(at(o, 0));
  });

export const BAD: Bad[] = [
  // 1. negative values
  ...(
    [
      ["median_ttft_ms", "-44.9", /median_ttft_ms: -44\.9 is negative; a latency cannot be below 0/],
      ["p99_e2el_ms", "-876.8", /p99_e2el_ms: -876\.8 is negative/],
      ["mean_itl_ms", "-0.5", /mean_itl_ms: -0\.5 is negative/],
      ["request_throughput", "-5.86", /request_throughput: -5\.86 is negative; a throughput or request rate/],
      ["output_throughput", "-93.7", /output_throughput: -93\.7 is negative/],
      ["total_token_throughput", "-1", /total_token_throughput: -1 is negative/],
      ["duration", "-1.37", /duration: -1\.37 is negative; a duration cannot be below 0/],
      ["total_input_tokens", "-256", /total_input_tokens: -256 is negative; a count/],
      ["failed", "-3", /failed: -3 is negative/],
      ["max_concurrency", "-2", /max_concurrency: -2 is negative/],
      ["request_rate", "-4", /request_rate: -4 is negative/],
    ] as const
  ).map(
    ([key, raw, message]): Bad => ({
      rule: 1,
      name: `vLLM ${key} ${raw}`,
      text: v({ [key]: raw }),
      field: key,
      line: vLine(key),
      message,
    }),
  ),
  {
    rule: 1,
    name: "LLMPerf TTFT p99 in seconds",
    text: llm({ results_ttft_s_quantiles_p99: "-21.65" }),
    field: "results_ttft_s_quantiles_p99",
    line: llmLine("results_ttft_s_quantiles_p99"),
    message: /results_ttft_s_quantiles_p99: -21\.65 \(-21650 after unit conversion\) is negative/,
  },
  {
    rule: 1,
    name: "LLMPerf error count as a string",
    text: llm({ results_number_errors: '"-1"' }),
    field: "results_number_errors",
    line: llmLine("results_number_errors"),
    message: /results_number_errors: -1 is negative/,
  },
  {
    rule: 1,
    name: "GenAI-Perf JSON TTFT p50",
    text: genaiJson("p50", -150.5),
    field: "time_to_first_token.p50",
    line: lineOf(genaiJson("p50", -150.5), "-150.5"),
    message: /time_to_first_token\.p50: -150\.5 is negative/,
  },
  {
    rule: 1,
    name: "guidellm TTFT median",
    ...withLine(
      guidellm((b) => {
        at(b, ...TTFT_SUCCESS).median = -16.4;
      }),
      "-16.4",
    ),
    field: "metrics.time_to_first_token_ms.successful.median",
    message: /^benchmark 1: metrics\.time_to_first_token_ms\.successful\.median: -16\.4 is negative/,
  },
  {
    rule: 1,
    name: "InferenceMAX agg p99 TTFT",
    text: setKey(IMAX_AGG, "p99_ttft", "-0.586"),
    field: "p99_ttft",
    line: lineOf(IMAX_AGG, '"p99_ttft"'),
    message: /p99_ttft: -0\.586 \(-586 after unit conversion\) is negative/,
  },
  {
    rule: 1,
    name: "InferenceMAX agg tput_per_gpu",
    text: setKey(IMAX_AGG, "tput_per_gpu", "-55.6"),
    field: "tput_per_gpu",
    line: lineOf(IMAX_AGG, '"tput_per_gpu"'),
    message: /tput_per_gpu: -55\.6 is negative/,
  },
  {
    rule: 1,
    name: "SGLang JSONL, second line",
    text: sglang2({ median_ttft_ms: "-1" }),
    field: "median_ttft_ms",
    line: 2,
    message: /^line 2: median_ttft_ms: -1 is negative/,
  },
  {
    rule: 1,
    name: "LoadGen summary first-token p50",
    text: LOADGEN.replace(/(50\.00 percentile first token latency \(ns\)\s*:\s*)(\d+)/, "$1-$2"),
    filename: "mlperf_log_summary.txt",
    field: "first token latency p50",
    line: null,
    message: /first token latency p50: -875073063 \(-875\.07\d* after unit conversion\) is negative/,
  },
  ...(
    [
      ["ttft_p99_ms", "-250", /line 2, column ttft_p99_ms: -250 is negative; a latency/],
      ["num_failed", "-4", /line 2, column num_failed: -4 is negative; a count/],
      ["num_requests", "-100", /line 2, column num_requests: -100 is negative/],
      ["duration_s", "-1", /line 2, column duration_s: -1 is negative; a duration/],
      ["isl_mean", "-1024", /line 2, column isl_mean: -1024 is negative; a mean token length/],
      ["osl_mean", "-1", /line 2, column osl_mean: -1 is negative/],
      ["concurrency", "-16", /line 2, column concurrency: -16 is negative/],
      ["request_rate", "-1", /line 2, column request_rate: -1 is negative/],
      ["req_per_s", "-2.42", /line 2, column req_per_s: -2\.42 is negative/],
    ] as const
  ).map(
    ([col, cell, message]): Bad => ({
      rule: 1,
      name: `template CSV ${col} ${cell}`,
      text: csvRow({ [col]: cell }),
      field: col,
      line: 2,
      message,
    }),
  ),

  // 2. implausibly large
  {
    rule: 2,
    name: "vLLM p99 TTFT 1e300 ms",
    text: v({ p99_ttft_ms: "1e+300" }),
    field: "p99_ttft_ms",
    line: vLine("p99_ttft_ms"),
    message: /p99_ttft_ms: 1e\+300 is implausibly large; a latency above 1e9 ms \(≈ 11\.6 days\)/,
  },
  {
    rule: 2,
    name: "vLLM output 1e308 tokens/s",
    text: v({ output_throughput: "1e+308" }),
    field: "output_throughput",
    line: vLine("output_throughput"),
    message: /output_throughput: 1e\+308 is implausibly large; a throughput or request rate above 1e12 per second/,
  },
  {
    rule: 2,
    name: "vLLM output_throughput: Infinity (Python's bare token)",
    text: v({ output_throughput: "Infinity" }),
    field: "output_throughput",
    line: vLine("output_throughput"),
    message: /output_throughput: expected a finite number, found Infinity/,
  },
  {
    rule: 2,
    name: "vLLM mean_tpot_ms: -Infinity",
    text: v({ mean_tpot_ms: "-Infinity" }),
    field: "mean_tpot_ms",
    line: vLine("mean_tpot_ms"),
    message: /mean_tpot_ms: expected a finite number, found -Infinity/,
  },
  {
    rule: 2,
    name: "LLMPerf TTFT p99 of 1e7 s (1e10 ms)",
    text: llm({ results_ttft_s_quantiles_p99: "1e7" }),
    field: "results_ttft_s_quantiles_p99",
    line: llmLine("results_ttft_s_quantiles_p99"),
    message: /results_ttft_s_quantiles_p99: 10000000 \(10000000000 after unit conversion\) is implausibly large/,
  },
  {
    rule: 2,
    name: "InferenceMAX tput_per_gpu 1e300",
    text: setKey(IMAX_AGG, "tput_per_gpu", "1e300"),
    field: "tput_per_gpu",
    line: lineOf(IMAX_AGG, '"tput_per_gpu"'),
    message: /tput_per_gpu: 1e\+300 is implausibly large/,
  },
  ...(
    [
      ["ttft_p99_ms", "1000000001", /ttft_p99_ms: 1000000001 is implausibly large; a latency above 1e9 ms/],
      ["output_tok_per_s", "1e308", /output_tok_per_s: 1e\+308 is implausibly large; .* above 1e12 per second/],
      ["num_requests", "2e12", /num_requests: 2000000000000 is implausibly large; a count above 1e12/],
      ["duration_s", "2e9", /duration_s: 2000000000 is implausibly large; a duration above 1e9 s \(≈ 31\.7 years\)/],
      ["isl_mean", "2e9", /isl_mean: 2000000000 is implausibly large; a mean token length above 1e9 tokens/],
      ["accelerators", "1e13", /accelerators: 10000000000000 is implausibly large/],
    ] as const
  ).map(
    ([col, cell, message]): Bad => ({
      rule: 2,
      name: `template CSV ${col} ${cell}`,
      text: csvRow({ [col]: cell }),
      field: col,
      line: 2,
      message,
    }),
  ),

  // 3. counts: whole, and never more than were sent
  ...(
    [
      ["concurrency", "8.5"],
      ["num_requests", "100.7"],
      ["num_failed", "0.5"],
      ["accelerators", "7.5"],
    ] as const
  ).map(
    ([col, cell]): Bad => ({
      rule: 3,
      name: `template CSV ${col} ${cell}`,
      text: csvRow({ [col]: cell }),
      field: col,
      line: 2,
      message: new RegExp(`line 2, column ${col}: ${cell.replace(".", "\\.")} is not a whole number; a count`),
    }),
  ),
  {
    rule: 3,
    name: "vLLM completed 7.5",
    text: v({ completed: "7.5" }),
    field: "completed",
    line: vLine("completed"),
    message: /completed: 7\.5 is not a whole number/,
  },
  {
    rule: 3,
    name: "vLLM max_concurrency 2.5",
    text: v({ max_concurrency: "2.5" }),
    field: "max_concurrency",
    line: vLine("max_concurrency"),
    message: /max_concurrency: 2\.5 is not a whole number/,
  },
  {
    rule: 3,
    name: "vLLM 80 completed of 8 prompts sent",
    text: v({ completed: "80" }),
    field: "completed",
    line: vLine("completed"),
    message: /completed \(80\) \+ failed \(0\) is more than num_prompts \(8\), the number of requests sent/,
  },
  {
    rule: 3,
    name: "vLLM 8 completed + 5 failed of 8 prompts sent",
    text: v({ failed: "5" }),
    field: "completed",
    line: vLine("completed"),
    message: /completed \(8\) \+ failed \(5\) is more than num_prompts \(8\)/,
  },
  {
    rule: 3,
    name: "LLMPerf completed + errors above requests started",
    text: llm({ results_number_errors: "5" }),
    field: "results_num_completed_requests",
    line: llmLine("results_num_completed_requests"),
    message:
      /results_num_completed_requests \(2\) \+ results_number_errors \(5\) is more than results_num_requests_started \(2\)/,
  },
  {
    rule: 3,
    name: "guidellm request totals above their total",
    ...withLine(
      guidellm((b) => {
        at(b, "request_totals").total = 40;
      }),
      '"total": 40',
    ),
    field: "request_totals.total",
    message: /^benchmark 1: request_totals: successful \+ errored \+ incomplete = 47 is more than total \(40\)/,
  },
  {
    rule: 3,
    name: "InferenceMAX agentic row: more successful than total",
    ...withLine(
      agentic((r) => {
        r.num_requests_successful = 301;
      }),
      "301",
    ),
    field: "num_requests_successful",
    message: /num_requests_successful \(301\) is more than num_requests_total \(300\)/,
  },
  {
    rule: 3,
    name: "GenAI-Perf input_config.concurrency 10.5",
    ...withLine(
      editJson(GENAI_JSON, (o) => {
        at(o, "input_config").concurrency = 10.5;
      }),
      "10.5",
    ),
    field: "input_config.concurrency",
    message: /input_config\.concurrency: 10\.5 is not a whole number/,
  },

  // 4. percentiles out of order within one block
  {
    rule: 4,
    name: "vLLM TTFT median above p99",
    text: v({ median_ttft_ms: "900.0" }),
    field: "median_ttft_ms",
    line: vLine("median_ttft_ms"),
    message: /TTFT percentiles out of order: median_ttft_ms 900 is above p99_ttft_ms 762\.49\d*; expected p50 ≤ p90/,
  },
  {
    rule: 4,
    name: "template CSV TTFT p50 above p99",
    text: csvRow({ ttft_p50_ms: "300", ttft_p99_ms: "250" }),
    field: "ttft_p50_ms",
    line: 2,
    message: /^line 2: TTFT percentiles out of order: ttft_p50_ms 300 is above ttft_p99_ms 250/,
  },
  {
    rule: 4,
    name: "template CSV E2E p90 above p95 (p50 and p99 in order)",
    text: csvRow({ e2e_p90_ms: '"30,000"', e2e_p95_ms: '"20,000"' }),
    field: "e2e_p90_ms",
    line: 2,
    message: /E2E latency percentiles out of order: e2e_p90_ms 30,000 is above e2e_p95_ms 20,000/,
  },
  {
    rule: 4,
    name: "GenAI-Perf CSV inter-token p50 above p90",
    text: genaiCsv(3, 8, "20.00"),
    field: "Inter Token Latency (ms) p50",
    line: 3,
    message: /^line 3: Inter Token Latency \(ms\) p50: TPOT \(inter_token_latency\) percentiles out of order/,
  },
  {
    rule: 4,
    name: "LLMPerf TTFT p90 above p95",
    text: llm({ results_ttft_s_quantiles_p90: "21.0" }),
    field: "results_ttft_s_quantiles_p90",
    line: llmLine("results_ttft_s_quantiles_p90"),
    message: /TTFT percentiles out of order: results_ttft_s_quantiles_p90 21 is above results_ttft_s_quantiles_p95/,
  },
  {
    rule: 4,
    name: "guidellm TTFT p95 above p99",
    ...withLine(
      guidellm((b) => {
        at(b, ...TTFT_SUCCESS, "percentiles").p95 = 25.125;
      }),
      '"p95": 25.125',
    ),
    field: "metrics.time_to_first_token_ms.successful.percentiles.p95",
    message: /^benchmark 1: .*TTFT percentiles out of order/,
  },
  {
    rule: 4,
    name: "InferenceMAX agentic p90 TTFT above p95",
    ...withLine(
      agentic((r) => {
        r.p90_ttft = 70;
      }),
      '"p90_ttft": 70',
    ),
    field: "p90_ttft",
    message: /TTFT percentiles out of order: p90_ttft 70 is above p95_ttft 63\.26/,
  },

  // 5. present but not a number
  {
    rule: 5,
    name: 'vLLM p99_ttft_ms "abc"',
    text: v({ p99_ttft_ms: '"abc"' }),
    field: "p99_ttft_ms",
    line: vLine("p99_ttft_ms"),
    message: /p99_ttft_ms: expected a number, found "abc"/,
  },
  {
    rule: 5,
    name: "vLLM output_throughput true",
    text: v({ output_throughput: "true" }),
    field: "output_throughput",
    line: vLine("output_throughput"),
    message: /output_throughput: expected a number, found true/,
  },
  {
    rule: 5,
    name: 'vLLM duration "1.37s"',
    text: v({ duration: '"1.37s"' }),
    field: "duration",
    line: vLine("duration"),
    message: /duration: expected a number, found "1\.37s"/,
  },
  {
    rule: 5,
    name: 'GenAI-Perf CSV TTFT p50 "fast"',
    text: genaiCsv(2, 8, "fast"),
    field: "Time To First Token (ms) p50",
    line: 2,
    message: /^line 2: Time To First Token \(ms\) p50: expected a number, found "fast"/,
  },
  {
    rule: 5,
    name: 'GenAI-Perf CSV decimal comma "1019,69"',
    text: GENAI_CSV_100.replace('"1,019.69"', '"1019,69"'),
    field: "Time To First Token (ms) avg",
    line: 2,
    message: /found "1019,69" \(a decimal comma\? write 1019\.69\)/,
  },
  {
    rule: 5,
    name: 'LLMPerf completed requests "two"',
    text: llm({ results_num_completed_requests: '"two"' }),
    field: "results_num_completed_requests",
    line: llmLine("results_num_completed_requests"),
    message: /results_num_completed_requests: expected a number, found "two"/,
  },
  {
    rule: 5,
    name: 'LLMPerf individual response ttft_s "fast"',
    text: editJson(LLMPERF_REQ, (o) => {
      at(o, 1).ttft_s = "fast";
    }),
    field: "ttft_s",
    line: null,
    message: /^request 2: ttft_s: expected a number, found "fast"/,
  },
  ...(
    [
      ["req_per_s", '"4,5"', /req_per_s: expected a number, found "4,5" \(a decimal comma\? write 4\.5\)/],
      ["ttft_p99_ms", '"250,7"', /ttft_p99_ms: expected a number, found "250,7" \(a decimal comma\? write 250\.7\)/],
      ["output_tok_per_s", '"12,34,567"', /found "12,34,567"; commas are read only as thousands separators/],
    ] as const
  ).map(
    ([col, cell, message]): Bad => ({
      rule: 5,
      name: `template CSV ${col} ${cell}`,
      text: csvRow({ [col]: cell }),
      field: col,
      line: 2,
      message,
    }),
  ),

  // 6. no requests at all
  {
    rule: 6,
    name: "vLLM 0 prompts, 0 completed, 0 failed",
    text: v({ num_prompts: "0", completed: "0", failed: "0", total_input_tokens: "0", total_output_tokens: "0" }),
    field: "completed",
    line: vLine("completed"),
    message: /the run has no requests \(completed 0, failed 0\): it measured nothing/,
  },
  {
    rule: 6,
    name: "template CSV 0 requests, 0 failed",
    text: csvRow({ num_requests: "0", num_failed: "0" }),
    field: "num_requests",
    line: 2,
    message: /^line 2: the run has no requests \(num_requests 0, num_failed 0\)/,
  },
  {
    rule: 6,
    name: "template CSV 0 requests, failures not given",
    text: csvRow({ num_requests: "0", num_failed: "" }),
    field: "num_requests",
    line: 2,
    message: /the run has no requests \(num_requests 0, no num_failed count\)/,
  },
  {
    rule: 6,
    name: "vllm bench throughput with 0 requests",
    text: setKey(VLLM_THROUGHPUT, "num_requests", "0"),
    field: "numRequests",
    line: null,
    message: /the run has no requests \(numRequests 0, no numFailed count\)/,
  },
  {
    rule: 6,
    name: "SGLang line with 0 completed (failures are never recorded)",
    text: sglang2({ completed: "0" }),
    field: "numRequests",
    line: null,
    message: /^run 2: the run has no requests/,
  },
  {
    rule: 6,
    name: "LLMPerf 0 started, 0 completed, 0 errors",
    text: llm({ results_num_requests_started: "0", results_num_completed_requests: "0" }),
    field: "numRequests",
    line: null,
    message: /the run has no requests \(numRequests 0, numFailed 0\)/,
  },
  {
    rule: 6,
    name: "guidellm benchmark with no requests",
    text: guidellm((b) => {
      b.request_totals = { successful: 0, errored: 0, incomplete: 0, total: 0 };
    }),
    field: "numRequests",
    line: null,
    message: /the run has no requests/,
  },
];
