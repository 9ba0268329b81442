// The generic bake-off CSV template, for any tool we do not read natively. Pure: text in, runs out.
//
// TEMPLATE (one row = one load point; header names are case-insensitive, columns in any order,
// every column optional except that a row needs at least one throughput: req_per_s,
// output_tok_per_s or total_tok_per_s). Empty cell = not measured (stays null). Units are fixed:
//
//   model            model id as served, e.g. meta-llama/Llama-2-70b-chat-hf
//   load_kind        offline | rate | concurrency | burst | sweep-step (optional; inferred otherwise)
//   concurrency      configured max in-flight requests
//   request_rate     configured requests/s; "inf" = all at once (burst)
//   num_requests     successful requests;  num_failed  failed requests
//   duration_s       measured run length, seconds
//   req_per_s        successful requests per second, whole system
//   output_tok_per_s output tokens per second, whole system;  total_tok_per_s  input+output tokens/s
//   ttft_{mean,p50,p90,p95,p99}_ms   time to first token, ms
//   tpot_{mean,p50,p90,p95,p99}_ms   per-request (e2e − ttft)/(output tokens − 1), ms
//   itl_{mean,p50,p90,p95,p99}_ms    every inter-token gap pooled, ms
//   e2e_{mean,p50,p90,p95,p99}_ms    end-to-end request latency, ms
//   isl_mean, osl_mean               measured mean input / output tokens per request
//   accelerators                     GPUs/accelerators serving the run
//
// Numbers may use thousands separators in 3-digit groups when quoted ("1,234.5"); a decimal comma ("4,5") is
// rejected, not guessed. Empty, "-", "n/a", "None", "null", "NaN" = not measured. Every value is checked: no
// negatives, counts whole, nothing above the bounds in plausible.ts, percentiles in order, and a row needs a request
// (num_requests 0 with num_failed 0 or empty is rejected). Unknown columns are ignored with a warning.
import type { BakeoffRun, LatencyMs, LoadKind } from "@/lib/types";
import { BakeoffParseError, blankRun, type ParsedFile } from "./common";
import { headerKey, readCsvRows } from "./csv-util";
import {
  asWhole,
  LIMITS,
  noRequestsProblem,
  percentileDisorder,
  type Quantity,
  quantityProblem,
  readNumber,
} from "./plausible";

const LAT_FAMILIES = ["ttft", "tpot", "itl", "e2e"] as const;
const LAT_STATS = ["mean", "p50", "p90", "p95", "p99"] as const;

export const TEMPLATE_HEADERS: readonly string[] = [
  "model",
  "load_kind",
  "concurrency",
  "request_rate",
  "num_requests",
  "num_failed",
  "duration_s",
  "req_per_s",
  "output_tok_per_s",
  "total_tok_per_s",
  ...LAT_FAMILIES.flatMap((f) => LAT_STATS.map((s) => `${f}_${s}_ms`)),
  "isl_mean",
  "osl_mean",
  "accelerators",
];

const THROUGHPUT = ["req_per_s", "output_tok_per_s", "total_tok_per_s"];
const LOAD_KINDS: readonly LoadKind[] = ["offline", "rate", "concurrency", "burst", "sweep-step"];

/** An example CSV in the template (two load points of one model). */
export function exampleCsv(): string {
  const rows: Record<string, string>[] = [
    {
      model: "meta-llama/Llama-2-70b-chat-hf",
      load_kind: "concurrency",
      concurrency: "16",
      request_rate: "inf",
      num_requests: "1000",
      num_failed: "0",
      duration_s: "412.5",
      req_per_s: "2.42",
      output_tok_per_s: "1,240.3",
      total_tok_per_s: "3,720.9",
      ttft_p50_ms: "180.2",
      ttft_p99_ms: "910.4",
      tpot_p50_ms: "31.5",
      tpot_p99_ms: "48.2",
      itl_p50_ms: "29.8",
      itl_p99_ms: "75.0",
      e2e_p50_ms: "16,300",
      e2e_p99_ms: "24,100",
      isl_mean: "1024",
      osl_mean: "512",
      accelerators: "8",
    },
    {
      model: "meta-llama/Llama-2-70b-chat-hf",
      load_kind: "rate",
      concurrency: "",
      request_rate: "4",
      num_requests: "1000",
      num_failed: "3",
      duration_s: "251.0",
      req_per_s: "3.97",
      output_tok_per_s: "2,031.0",
      total_tok_per_s: "6,096.3",
      ttft_p50_ms: "240.0",
      ttft_p99_ms: "1,820.7",
      tpot_p50_ms: "40.1",
      tpot_p99_ms: "77.9",
      itl_p50_ms: "37.2",
      itl_p99_ms: "120.4",
      e2e_p50_ms: "21,000",
      e2e_p99_ms: "41,500",
      isl_mean: "1024",
      osl_mean: "512",
      accelerators: "8",
    },
  ];
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [TEMPLATE_HEADERS.join(",")];
  for (const r of rows) lines.push(TEMPLATE_HEADERS.map((h) => cell(r[h] ?? "")).join(","));
  return `${lines.join("\n")}\n`;
}

/** True when a header row is (mostly) the template: a throughput column plus known names. */
export function isTemplateHeader(header: string[]): boolean {
  const h = header.map(headerKey);
  return THROUGHPUT.some((t) => h.includes(t)) && h.filter((x) => TEMPLATE_HEADERS.includes(x)).length >= 2;
}

const LAT_NAMES: Record<(typeof LAT_FAMILIES)[number], string> = {
  ttft: "TTFT",
  tpot: "TPOT",
  itl: "ITL",
  e2e: "E2E latency",
};

/** A template cell as a `kind` quantity, or null when empty; a BakeoffParseError naming the line and column. */
function cellNumber(raw: string, line: number, field: string, kind: Quantity): number | null {
  const r = readNumber(raw);
  const problem = "problem" in r ? r.problem : r.value === null ? null : quantityProblem(r.value, kind);
  if (problem) throw new BakeoffParseError(`line ${line}, column ${field}: ${problem}`, line, field);
  const v = "value" in r ? r.value : null;
  return v !== null && LIMITS[kind].whole ? (asWhole(v) ?? v) : v;
}

/** Template CSV text → one run per data row. */
export function parseTemplateCsv(text: string): ParsedFile {
  const { rows } = readCsvRows(text);
  const nonBlank = rows.filter((r) => r.cells.some((c) => c !== ""));
  const head = nonBlank[0];
  if (!head || !isTemplateHeader(head.cells)) {
    throw new BakeoffParseError(
      `expected the bake-off CSV template header (${TEMPLATE_HEADERS.slice(0, 10).join(",")},…)`,
      head?.line ?? 1,
      null,
    );
  }
  const header = head.cells.map(headerKey);
  const warnings: string[] = [];
  const unknown = header.filter((h) => h !== "" && !TEMPLATE_HEADERS.includes(h));
  if (unknown.length) warnings.push(`ignored columns not in the template: ${unknown.join(", ")}`);
  const runs: BakeoffRun[] = [];
  for (const r of nonBlank.slice(1)) {
    const get = (k: string): string => {
      const i = header.indexOf(k);
      return i >= 0 ? (r.cells[i] ?? "") : "";
    };
    const n = (k: string, kind: Quantity) => cellNumber(get(k), r.line, k, kind);
    const run = blankRun("csv");
    run.toolVersion = "bake-off CSV template";
    run.model = get("model") || null;
    const rateRaw = get("request_rate").trim();
    const burst = /^\+?inf(inity)?$/i.test(rateRaw);
    const rate = burst ? null : n("request_rate", "rate");
    const conc = n("concurrency", "count");
    const kindRaw = get("load_kind").trim().toLowerCase();
    let kind: LoadKind;
    if (kindRaw !== "") {
      if (!LOAD_KINDS.includes(kindRaw as LoadKind)) {
        throw new BakeoffParseError(
          `line ${r.line}, column load_kind: expected one of ${LOAD_KINDS.join(", ")}, found "${kindRaw}"`,
          r.line,
          "load_kind",
        );
      }
      kind = kindRaw as LoadKind;
    } else kind = conc !== null ? "concurrency" : burst ? "burst" : rate !== null ? "rate" : "sweep-step";
    run.load = { kind, concurrency: conc, requestRate: rate };
    run.numRequests = n("num_requests", "count");
    run.numFailed = n("num_failed", "count");
    const none = noRequestsProblem(run.numRequests, run.numFailed, { completed: "num_requests", failed: "num_failed" });
    if (none) throw new BakeoffParseError(`line ${r.line}: ${none}`, r.line, "num_requests");
    run.durationS = n("duration_s", "duration");
    run.reqPerS = n("req_per_s", "rate");
    run.outTokPerS = n("output_tok_per_s", "rate");
    run.totalTokPerS = n("total_tok_per_s", "rate");
    run.islMean = n("isl_mean", "tokens");
    run.oslMean = n("osl_mean", "tokens");
    run.accelerators = n("accelerators", "count");
    for (const f of LAT_FAMILIES) {
      const l: LatencyMs = {
        mean: n(`${f}_mean_ms`, "latency"),
        p50: n(`${f}_p50_ms`, "latency"),
        p90: n(`${f}_p90_ms`, "latency"),
        p95: n(`${f}_p95_ms`, "latency"),
        p99: n(`${f}_p99_ms`, "latency"),
      };
      const bad = percentileDisorder(l);
      if (bad) {
        const [lo, hi] = [`${f}_${bad.lo}_ms`, `${f}_${bad.hi}_ms`];
        throw new BakeoffParseError(
          `line ${r.line}: ${LAT_NAMES[f]} percentiles out of order: ${lo} ${get(lo)} is above ${hi} ${get(hi)}; expected p50 ≤ p90 ≤ p95 ≤ p99`,
          r.line,
          lo,
        );
      }
      const v = Object.values(l).every((x) => x === null) ? null : l;
      if (f === "ttft") run.ttftMs = v;
      else if (f === "tpot") run.tpotMs = v;
      else if (f === "itl") run.itlMs = v;
      else run.e2eMs = v;
    }
    if (run.reqPerS === null && run.outTokPerS === null && run.totalTokPerS === null) {
      throw new BakeoffParseError(
        `line ${r.line}: expected at least one of ${THROUGHPUT.join(", ")}`,
        r.line,
        "output_tok_per_s",
      );
    }
    runs.push(run);
  }
  if (runs.length === 0) throw new BakeoffParseError("the CSV has a header but no data rows", head.line, null);
  return { format: "bakeoff-csv-template", tool: "csv", runs, warnings };
}
