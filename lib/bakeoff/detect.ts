// Which benchmark tool wrote an uploaded file, decided by its content (the file name is only a hint for the
// model and a tie-breaker), and the file parsed into BakeoffRuns. Pure: text in, runs or a clear error out.
import type { BakeoffRun, LatencyMs } from "@/lib/types";
import { BakeoffParseError, isObject, type ParsedFile } from "./common";
import { TEMPLATE_HEADERS } from "./csv";
import { readCsvTables } from "./csv-util";
import { type JsonDocument, JsonSyntaxError, parseJsonDocuments } from "./json-tolerant";
import { noRequestsProblem, percentileDisorder, type Quantity, quantityProblem } from "./plausible";
import { flagMeaninglessTtft } from "./semantics";
import {
  ALL_FORMATS,
  SERVING_TOOLS,
  type ServingTool,
  SUPPORTED_TOOLS_TEXT,
  SUPPORTED_TOOLS_VERSIONS_TEXT,
  type TextInput,
  type ToolFormat,
} from "./tools";

export type { ParsedFile } from "./common";
export { BakeoffParseError } from "./common";

export { SUPPORTED_TOOLS_TEXT, SUPPORTED_TOOLS_VERSIONS_TEXT } from "./tools";

/** The first CSV header of a non-JSON text, or null when it has none. */
function firstCsvHeader(body: string): string[] | null {
  try {
    return readCsvTables(body).tables[0]?.header ?? null;
  } catch {
    return null;
  }
}

/** The tool's once-per-file notes (SGLang: no model, no failure count), after the runs' own warnings. */
function withFileWarnings(p: ParsedFile): ParsedFile {
  const extra = p.runs.length > 0 ? (SERVING_TOOLS[p.tool].fileWarnings ?? []) : [];
  return { ...p, warnings: [...p.warnings, ...extra.filter((w) => !p.warnings.includes(w))] };
}

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

/** The formats whose sniffer claims a JSON document, asking every one. */
function jsonCandidates(v: unknown, filename: string | null) {
  return ALL_FORMATS.filter((x) => x.format.input === "json" && x.format.sniff(v as never, filename));
}

function ambiguous(what: string, hits: { tool: ServingTool; format: ToolFormat }[], line: number | null): never {
  const names = hits.map((h) => `${h.tool.display} ${h.format.id}`).join(" and ");
  throw new BakeoffParseError(
    `${what} matches more than one format (${names}); refusing to guess which tool wrote it. Upload the tool's own unedited output file`,
    line,
  );
}

/** Which JSON format each document is: exactly one, or a clear error (unknown, ambiguous, known side file). */
function classifyDoc(d: JsonDocument, many: boolean, filename: string | null) {
  const v = d.value;
  const where = many ? `line ${d.line}: ` : "";
  const hits = jsonCandidates(v, filename);
  const [hit] = hits;
  if (hits.length > 1) ambiguous(`${where}this JSON`, hits, d.line);
  if (hit) return hit;
  if (Array.isArray(v) && v.some((x) => isObject(x) && "benchmark" in x && "metric" in x)) {
    throw new BakeoffParseError(
      "this is vLLM's .pytorch.json side file (SAVE_TO_PYTORCH_BENCHMARK_FORMAT); upload the main --save-result JSON instead",
      d.line,
    );
  }
  throw new BakeoffParseError(
    `${where}JSON from an unknown tool (${topKeys(v)}); expected output of one of these tools and versions: ${SUPPORTED_TOOLS_VERSIONS_TEXT}`,
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
  const many = docs.length > 1;
  const ctx = { filename, many };
  const parts = docs.map((d) => ({ d, hit: classifyDoc(d, many, filename) }));
  const first = parts[0];
  if (!first) throw new BakeoffParseError("no JSON value found", 1);
  const other = parts.find((x) => x.hit.tool.name !== first.hit.tool.name);
  if (other) {
    throw new BakeoffParseError(
      `line ${other.d.line}: this document is ${other.hit.tool.name} output but line ${first.d.line} is ${first.hit.tool.name}; expected one tool per file`,
      other.d.line,
    );
  }
  const tool = first.hit.tool;
  const whole = parts.find((x) => x.hit.format.input === "json" && x.hit.format.wholeFile);
  let pieces: ParsedFile[];
  if (whole) {
    const odd = parts.find((x) => x.hit.format.id !== whole.hit.format.id);
    if (odd) {
      throw new BakeoffParseError(
        `line ${odd.d.line}: this document is ${odd.hit.format.id} but line ${whole.d.line} is ${whole.hit.format.id}; expected one format per file`,
        odd.d.line,
      );
    }
    pieces = whole.hit.format.input === "json" ? [whole.hit.format.parse(docs, ctx)] : [];
  } else {
    pieces = parts.map(({ d, hit }) => (hit.format.input === "json" ? hit.format.parse([d], ctx) : emptyParsed(tool)));
  }
  const out: ParsedFile = { format: pieces[0]?.format ?? first.hit.format.id, tool: tool.name, runs: [], warnings: [] };
  for (const p of pieces) {
    out.runs.push(...p.runs);
    for (const w of p.warnings) if (!out.warnings.includes(w)) out.warnings.push(w);
  }
  return out;
}

function emptyParsed(tool: ServingTool): ParsedFile {
  return { format: tool.name, tool: tool.name, runs: [], warnings: [] };
}

/** A file that is not JSON and no text format claims: the clearest error for what it looks like. */
function rejectText(input: TextInput): never {
  const { tables } = readCsvTables(input.body);
  const head = tables[0];
  if (!head) throw new BakeoffParseError(`no content; expected ${SUPPORTED_TOOLS_TEXT}`, 1);
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
  if (/^\s*(benchmarks|metadata|args|config)\s*:/m.test(input.body.slice(0, 2000))) {
    throw new BakeoffParseError("this looks like YAML (guidellm .yaml output?); upload the benchmarks.json instead", 1);
  }
  if (/^\s*(version|results|run)\s*:/m.test(input.body.slice(0, 2000))) {
    throw new BakeoffParseError(
      "this looks like YAML (an llm-d / inference-perf benchmark report?); convert it to JSON (e.g. yq -o json) and upload that",
      1,
    );
  }
  throw new BakeoffParseError(
    `unrecognised text; expected output of one of these tools and versions: ${SUPPORTED_TOOLS_VERSIONS_TEXT}`,
    head.line,
  );
}

/** Ask every text sniffer; exactly one may claim the file. Null when none does. */
function parseByText(input: TextInput): ParsedFile | null {
  const hits = ALL_FORMATS.filter((x) => x.format.input === "text" && x.format.sniff(input as never));
  const [hit] = hits;
  if (hits.length > 1) ambiguous("this file", hits, null);
  if (hit?.format.input !== "text") return null;
  return hit.format.parse(input);
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

/**
 * Last step for downstream code: a valid run (validateRun), no latency for a run with no successes, and no TTFT where
 * it cannot be one (streaming off, semantics.ts).
 */
function sanitize(run: BakeoffRun, i: number, all: BakeoffRun[]): BakeoffRun {
  validateRun(run, all.length > 1 ? `run ${i + 1}: ` : "");
  const r: BakeoffRun = { ...run, load: { ...run.load } };
  const none = r.numRequests === 0;
  r.ttftMs = none ? null : cleanLatency(r.ttftMs);
  r.tpotMs = none ? null : cleanLatency(r.tpotMs);
  r.itlMs = none ? null : cleanLatency(r.itlMs);
  r.e2eMs = none ? null : cleanLatency(r.e2eMs);
  return flagMeaninglessTtft(r);
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
    const input: TextInput = { body, filename, json, csvHeader: json ? null : firstCsvHeader(body) };
    parsed = parseByText(input) ?? (json ? parseJson(body, filename) : rejectText(input));
    parsed = withFileWarnings(parsed);
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
