// Which benchmark tool wrote an uploaded file, decided by its content (the file name is only a hint for the
// model and a tie-breaker), and the file parsed into BakeoffRuns. Pure: text in, runs or a clear error out.
import type { BakeoffRun, LatencyMs } from "@/lib/types";
import { BakeoffParseError, isObject, type ParsedFile } from "./common";
import { isTemplateHeader, parseTemplateCsv, TEMPLATE_HEADERS } from "./csv";
import { readCsvTables } from "./csv-util";
import { genaiCsvTool, genaiPerfJsonToRun, isGenaiPerfJson, parseGenaiPerfCsv } from "./genai-perf";
import { guidellmToParsed, isGuidellm } from "./guidellm";
import {
  inferenceMaxAggToParsed,
  inferenceMaxRawToParsed,
  isInferenceMaxAgg,
  isInferenceMaxAggArray,
  isInferenceMaxRaw,
} from "./inferencemax";
import { type JsonDocument, JsonSyntaxError, parseJsonDocuments } from "./json-tolerant";
import { llmperfToParsed } from "./llmperf";
import { isLoadgenDetailText, isLoadgenSummaryText, parseLoadgenText } from "./loadgen";
import { noRequestsProblem, percentileDisorder, type Quantity, quantityProblem } from "./plausible";
import { isSglang, sglangToRun } from "./sglang";
import { isVllmServe, isVllmThroughput, vllmServeToRun, vllmThroughputToRun } from "./vllm";

export type { ParsedFile } from "./common";
export { BakeoffParseError } from "./common";

export const SUPPORTED_TOOLS_TEXT =
  "vLLM (bench serve / benchmark_serving JSON, bench throughput JSON), SGLang bench_serving JSONL, " +
  "GenAI-Perf / AIPerf profile_export JSON or CSV, guidellm benchmarks.json, LLMPerf _summary.json / " +
  "_individual_responses.json, InferenceMAX agg_*.json / raw run JSON, MLPerf LoadGen " +
  "mlperf_log_summary.txt / mlperf_log_detail.txt / console output, or the bake-off CSV template";

export interface DetectError {
  message: string;
  line: number | null;
  field: string | null;
}

export type DetectOutcome = ({ ok: true } & ParsedFile) | { ok: false; error: DetectError };

function checkText(text: string): void {
  if (text.length === 0) throw new BakeoffParseError(`the file is empty (0 bytes); expected ${SUPPORTED_TOOLS_TEXT}`);
  if (text.trim() === "")
    throw new BakeoffParseError(`the file holds only whitespace; expected ${SUPPORTED_TOOLS_TEXT}`, 1);
  const head = text.slice(0, 8192);
  const nul = text.indexOf("\u0000");
  let bad = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if ((c > 0 && c < 9) || (c > 13 && c < 32) || c === 0xfffd) bad++;
  }
  if (nul >= 0 || bad > head.length / 20) {
    const line = nul >= 0 ? text.slice(0, nul).split("\n").length : null;
    throw new BakeoffParseError(
      "this is a binary file (NUL or control bytes), not benchmark output; expected a text file: JSON, JSONL, CSV or a LoadGen log",
      line,
    );
  }
  const start = head
    .replace(/^\ufeff/, "")
    .trimStart()
    .slice(0, 512)
    .toLowerCase();
  if (
    /^<(!doctype html|html|head|body|\?xml|!--|div|meta|script)/.test(start) ||
    (start.startsWith("<") && /<\/(html|body|head)>/i.test(text))
  ) {
    throw new BakeoffParseError(
      "this is an HTML/XML page (a saved web page, a login or error page, or a guidellm .html report), not a result file; " +
        `expected ${SUPPORTED_TOOLS_TEXT}`,
      1,
    );
  }
}

function topKeys(v: unknown): string {
  if (Array.isArray(v)) return `an array of ${v.length} item(s)`;
  if (!isObject(v)) return `a ${v === null ? "null" : typeof v}`;
  const keys = Object.keys(v);
  return `an object with keys ${keys.slice(0, 8).join(", ")}${keys.length > 8 ? ", …" : ""}`;
}

/** One JSON document → what it is, as a ParsedFile of its own. */
function classifyDoc(d: JsonDocument, all: JsonDocument[], filename: string | null): ParsedFile {
  const v = d.value;
  const many = all.length > 1;
  const where = many ? `line ${d.line}: ` : "";
  const line = many ? d.line : null;
  if (isInferenceMaxAggArray(v) || isInferenceMaxAgg(v)) return inferenceMaxAggToParsed(v);
  if (isGuidellm(v)) return guidellmToParsed(v);
  const llm = llmperfToParsed(v);
  if (llm) return llm;
  if (isGenaiPerfJson(v)) return genaiPerfJsonToRun(v);
  if (isSglang(v)) {
    const r = sglangToRun(v, where, line);
    return { format: "sglang-bench-serving-jsonl", tool: "sglang", runs: [r.run], warnings: r.warnings };
  }
  if (isInferenceMaxRaw(v, filename)) return inferenceMaxRawToParsed([{ value: v, line: d.line }], filename);
  if (isVllmServe(v)) {
    const r = vllmServeToRun(v, "vllm", where, line);
    return { format: "vllm-bench-serve-json", tool: "vllm", runs: [r.run], warnings: r.warnings };
  }
  if (isVllmThroughput(v)) {
    const warnings = [
      "vllm bench throughput: tokens/s counts prompt + output; output tokens/s, latency and model are not in the file",
    ];
    return { format: "vllm-bench-throughput-json", tool: "vllm", runs: [vllmThroughputToRun(v)], warnings };
  }
  if (Array.isArray(v) && v.some((x) => isObject(x) && "benchmark" in x && "metric" in x)) {
    throw new BakeoffParseError(
      "this is vLLM's .pytorch.json side file (SAVE_TO_PYTORCH_BENCHMARK_FORMAT); upload the main --save-result JSON instead",
      d.line,
    );
  }
  throw new BakeoffParseError(
    `${where}JSON from an unknown tool (${topKeys(v)}); expected output of one of: ${SUPPORTED_TOOLS_TEXT}`,
    d.line,
  );
}

function parseJson(text: string, filename: string | null): ParsedFile {
  let docs: JsonDocument[];
  try {
    docs = parseJsonDocuments(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new BakeoffParseError(`invalid JSON at ${e.message}`, e.line);
    throw e;
  }
  const parts = docs.map((d) => ({ d, p: classifyDoc(d, docs, filename) }));
  const first = parts[0];
  if (!first) throw new BakeoffParseError("no JSON value found", 1);
  const other = parts.find((x) => x.p.tool !== first.p.tool);
  if (other) {
    throw new BakeoffParseError(
      `line ${other.d.line}: this document is ${other.p.tool} output but line ${first.d.line} is ${first.p.tool}; expected one tool per file`,
      other.d.line,
    );
  }
  const out: ParsedFile = { format: first.p.format, tool: first.p.tool, runs: [], warnings: [] };
  for (const { p } of parts) {
    out.runs.push(...p.runs);
    for (const w of p.warnings) if (!out.warnings.includes(w)) out.warnings.push(w);
  }
  if (out.tool === "sglang")
    out.warnings.push("SGLang files do not name the model or count failed requests; enter the model by hand");
  return out;
}

function parseCsvLike(text: string, filename: string | null): ParsedFile {
  const { tables } = readCsvTables(text);
  const head = tables[0];
  if (!head) throw new BakeoffParseError(`no content; expected ${SUPPORTED_TOOLS_TEXT}`, 1);
  if (genaiCsvTool(head.header)) return parseGenaiPerfCsv(text, filename);
  if (isTemplateHeader(head.header)) return parseTemplateCsv(text);
  if (head.header.length >= 2) {
    const found = head.header
      .slice(0, 8)
      .map((h) => JSON.stringify(h))
      .join(", ");
    throw new BakeoffParseError(
      `unrecognised CSV headers (${found}${head.header.length > 8 ? ", …" : ""}); expected a GenAI-Perf/AIPerf export ` +
        `(Metric,avg,min,max,p99,…) or the bake-off template (${TEMPLATE_HEADERS.slice(0, 10).join(",")},…,e2e_p99_ms,isl_mean,osl_mean,accelerators)`,
      head.line,
      head.header.find((h) => h.trim() !== "") ?? null,
    );
  }
  if (/^\s*(benchmarks|metadata|args|config)\s*:/m.test(text.slice(0, 2000))) {
    throw new BakeoffParseError("this looks like YAML (guidellm .yaml output?); upload the benchmarks.json instead", 1);
  }
  throw new BakeoffParseError(`unrecognised text; expected ${SUPPORTED_TOOLS_TEXT}`, head.line);
}

/** A run's plain number fields: each is a finite number or null once parsed (sanitize makes sure). */
export const RUN_NUMBER_FIELDS = [
  "islMean",
  "oslMean",
  "numRequests",
  "numFailed",
  "durationS",
  "reqPerS",
  "outTokPerS",
  "totalTokPerS",
  "accelerators",
  "ttftLimitMs",
  "tpotLimitMs",
] as const satisfies readonly (keyof BakeoffRun)[];

/** What each number field is, for the bounds in plausible.ts. */
const FIELD_QUANTITY = {
  islMean: "tokens",
  oslMean: "tokens",
  numRequests: "count",
  numFailed: "count",
  durationS: "duration",
  reqPerS: "rate",
  outTokPerS: "rate",
  totalTokPerS: "rate",
  accelerators: "count",
  ttftLimitMs: "latency",
  tpotLimitMs: "latency",
} as const satisfies Record<(typeof RUN_NUMBER_FIELDS)[number], Quantity>;

const LATENCY_FIELDS = ["ttftMs", "tpotMs", "itlMs", "e2eMs"] as const;

/**
 * The final check of a finished run, by the record's own field names (the parsers have already checked what they
 * read, by the source's names; this also covers derived values): every number finite, ≥ 0, within its bound and
 * whole where a count; each latency block's percentiles in order; and at least one request, completed or failed.
 * `where` is "" for a one-run file, else "run 3: ".
 */
export function validateRun(r: BakeoffRun, where = ""): void {
  const fail = (field: string, problem: string): never => {
    throw new BakeoffParseError(`${where}${field}: ${problem}`, null, field);
  };
  const check = (field: string, x: number | null, kind: Quantity) => {
    const problem = x === null ? null : quantityProblem(x, kind);
    if (problem) fail(field, problem);
  };
  for (const k of RUN_NUMBER_FIELDS) check(k, r[k], FIELD_QUANTITY[k]);
  check("load.concurrency", r.load.concurrency, "count");
  check("load.requestRate", r.load.requestRate, "rate");
  for (const k of LATENCY_FIELDS) {
    const l = r[k];
    if (!l) continue;
    for (const [s, x] of Object.entries(l)) check(`${k}.${s}`, x, "latency");
    const bad = percentileDisorder(l);
    if (bad)
      fail(
        `${k}.${bad.lo}`,
        `percentiles out of order in ${k}: ${bad.lo} ${l[bad.lo]} is above ${bad.hi} ${l[bad.hi]}; expected p50 ≤ p90 ≤ p95 ≤ p99`,
      );
  }
  r.perRequest?.forEach((q, i) => {
    for (const k of ["ttftMs", "tpotMs", "e2eMs"] as const) check(`perRequest[${i}].${k}`, q[k], "latency");
  });
  const none = noRequestsProblem(r.numRequests, r.numFailed, { completed: "numRequests", failed: "numFailed" });
  if (none) throw new BakeoffParseError(`${where}${none}`, null, "numRequests");
}

/** Drop blocks where every stat is missing. */
function cleanLatency(l: LatencyMs | null): LatencyMs | null {
  return l && Object.values(l).some((x) => x !== null) ? l : null;
}

/** Last step for downstream code: a valid run (validateRun), and no latency for a run with no successes. */
function sanitize(run: BakeoffRun, i: number, all: BakeoffRun[]): BakeoffRun {
  validateRun(run, all.length > 1 ? `run ${i + 1}: ` : "");
  const r: BakeoffRun = { ...run, load: { ...run.load } };
  const none = r.numRequests === 0;
  r.ttftMs = none ? null : cleanLatency(r.ttftMs);
  r.tpotMs = none ? null : cleanLatency(r.tpotMs);
  r.itlMs = none ? null : cleanLatency(r.itlMs);
  r.e2eMs = none ? null : cleanLatency(r.e2eMs);
  return r;
}

/**
 * The 1-based line of a JSON key named by a rejected field, when the file says it once: "p99_ttft_ms" → the line of
 * `"p99_ttft_ms":`. A dotted path ("time_to_first_token.p50") is followed key by key from its first, unique, key.
 */
export function lineOfField(text: string, field: string): number | null {
  const keyAt = (name: string, from: number): number[] => {
    const re = new RegExp(`"${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"\\s*:`, "g");
    re.lastIndex = from;
    const hits: number[] = [];
    for (let m = re.exec(text); m !== null && hits.length < 2; m = re.exec(text)) hits.push(m.index);
    return hits;
  };
  const lineAt = (pos: number) => text.slice(0, pos).split(/\r\n|\r|\n/).length;
  const whole = keyAt(field, 0);
  if (whole.length === 1 && whole[0] !== undefined) return lineAt(whole[0]);
  const parts = field.split(".");
  if (parts.length < 2 || parts.some((p) => !/^[\w:-]+$/.test(p))) return null;
  const first = keyAt(parts[0] ?? "", 0);
  if (first.length !== 1 || first[0] === undefined) return null;
  let pos = first[0];
  for (const p of parts.slice(1)) {
    const next = keyAt(p, pos + 1)[0];
    if (next === undefined) return null;
    pos = next;
  }
  return lineAt(pos);
}

/**
 * Detect the format of an uploaded file by content and parse it. Throws BakeoffParseError
 * ({message, line, field}) when the input is empty, binary, HTML, truncated, or from an unknown tool.
 * `detectAndParse('{"date": "20260818-021333", "model_id": "facebook/opt-125m", …}', "run=0.json")`
 * → `{format: "vllm-bench-serve-json", tool: "vllm", runs: [1 run], warnings: []}`.
 */
export function detectAndParse(text: string, filename: string | null): ParsedFile {
  checkText(text);
  const body = text.replace(/^\ufeff/, "");
  const trimmed = body.trimStart();
  const json = trimmed.startsWith("{") || trimmed.startsWith("[");
  let parsed: ParsedFile;
  try {
    if (isLoadgenSummaryText(body) || isLoadgenDetailText(body)) parsed = parseLoadgenText(body, filename);
    else if (json) parsed = parseJson(body, filename);
    else parsed = parseCsvLike(body, filename);
    if (parsed.runs.length === 0) {
      throw new BakeoffParseError(`no benchmark results found in the ${parsed.format} file`, null);
    }
    return { ...parsed, runs: parsed.runs.map(sanitize) };
  } catch (e) {
    // a JSON value rejected by name: point at its line when the key is unique in the file
    if (!(e instanceof BakeoffParseError) || !json || e.line !== null || !e.field) throw e;
    const line = lineOfField(text, e.field);
    if (line === null) throw e;
    throw new BakeoffParseError(e.message, line, e.field);
  }
}

/** detectAndParse without throwing: `{ok: true, …ParsedFile}` or `{ok: false, error: {message, line, field}}`. */
export function tryDetectAndParse(text: string, filename: string | null): DetectOutcome {
  try {
    return { ok: true, ...detectAndParse(text, filename) };
  } catch (e) {
    if (e instanceof BakeoffParseError) return { ok: false, error: e.toJSON() };
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, error: { message: `could not read the file: ${message}`, line: null, field: null } };
  }
}
