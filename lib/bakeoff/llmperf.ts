// ray-project LLMPerf: `{model}_{in}_{out}_summary.json` (numbers may be strings, latencies in seconds)
// and the sibling `…_individual_responses.json` (a list of per-request dicts). Pure: parsed JSON in, runs out.
// LLMPerf's inter_token_latency_s is e2e/out with TTFT included, so it is a note, never TPOT.
import type { BakeoffRun } from "@/lib/types";
import {
  BakeoffParseError,
  blankRun,
  count,
  div,
  isObject,
  type Loc,
  latency,
  latencyFromSamples,
  normalizeModelName,
  type Obj,
  type ParsedFile,
  PERCENTILE_METHOD_NOTE,
  type PerRequest,
  pick,
  quantity,
  rate,
  tpotOf,
} from "./common";

export function isLlmperfSummary(v: unknown): v is Obj {
  if (!isObject(v)) return false;
  const hasResults = Object.keys(v).some((k) => k.startsWith("results_"));
  return (
    hasResults && (v.version === "2023-08-31" || "results_ttft_s_mean" in v || "results_ttft_s_quantiles_p50" in v)
  );
}

export function isLlmperfIndividual(v: unknown): v is Obj[] {
  return (
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((r) => isObject(r) && ("ttft_s" in r || "end_to_end_latency_s" in r || "error_code" in r))
  );
}

function quantiles(o: Obj, metric: string, scale: number, block: string) {
  const q = (p: string) => pick(o, `results_${metric}_quantiles_${p}`);
  return latency(
    { mean: pick(o, `results_${metric}_mean`), p50: q("p50"), p90: q("p90"), p95: q("p95"), p99: q("p99") },
    scale,
    block,
  );
}

function fmt(x: number | null): string {
  return x === null ? "n/a" : `${x.toFixed(1)} ms`;
}

/** Summary JSON → one run. `"results_ttft_s_quantiles_p99": 21.65` → ttftMs.p99 21650. */
export function llmperfSummaryToRun(o: Obj): { run: BakeoffRun; warnings: string[] } {
  const warnings: string[] = [];
  const run = blankRun("llmperf");
  run.toolVersion = typeof o.version === "string" ? `llmperf ${o.version}` : "llmperf";
  run.model = normalizeModelName(o.model);
  const c = (k: string) => count(o[k], k);
  run.load = { kind: "concurrency", concurrency: c("num_concurrent_requests"), requestRate: null };
  run.islMean = quantity(o.results_number_input_tokens_mean, "tokens", "results_number_input_tokens_mean");
  run.oslMean = quantity(o.results_number_output_tokens_mean, "tokens", "results_number_output_tokens_mean");
  run.numRequests = c("results_num_completed_requests");
  run.numFailed = c("results_number_errors");
  const started = c("results_num_requests_started");
  if (started !== null && run.numRequests !== null && run.numRequests + (run.numFailed ?? 0) > started) {
    throw new BakeoffParseError(
      `results_num_completed_requests (${run.numRequests}) + results_number_errors (${run.numFailed ?? 0}) is more than results_num_requests_started (${started})`,
      null,
      "results_num_completed_requests",
    );
  }
  const perMin = rate(o.results_num_completed_requests_per_min, "results_num_completed_requests_per_min");
  run.reqPerS = div(perMin, 60);
  run.durationS = run.numRequests !== null ? div(run.numRequests * 60, perMin) : null;
  run.outTokPerS = rate(o.results_mean_output_throughput_token_per_s, "results_mean_output_throughput_token_per_s");
  if (run.outTokPerS !== null && run.reqPerS !== null && run.islMean !== null) {
    run.totalTokPerS = run.outTokPerS + run.reqPerS * run.islMean;
    warnings.push("total tokens/s derived as output tok/s + req/s × mean ISL (LLMPerf does not report it)");
  }
  if (run.numRequests === 0) {
    warnings.push("every request failed: no latency data");
    return { run, warnings };
  }
  run.ttftMs = quantiles(o, "ttft_s", 1000, "TTFT");
  run.e2eMs = quantiles(o, "end_to_end_latency_s", 1000, "E2E latency");
  const itl = quantiles(o, "inter_token_latency_s", 1000, "inter-token latency");
  run.latencyNotes.push(
    `LLMPerf inter_token_latency_s is e2e/output tokens with TTFT included, not TPOT (p50 ${fmt(itl?.p50 ?? null)}, p99 ${fmt(itl?.p99 ?? null)}); TPOT needs the individual_responses file`,
  );
  return { run, warnings };
}

/** Is this individual response a success (no error code, no error message)? */
function isOk(r: Obj): boolean {
  return (
    (r.error_code === null || r.error_code === undefined) && !(typeof r.error_msg === "string" && r.error_msg !== "")
  );
}

/** Where request i of the list is, for messages: "request 3: ". */
const requestLoc = (i: number): Loc => ({ where: `request ${i + 1}: `, line: null });

/** individual_responses.json → per-request samples (ms), TPOT = (e2e − ttft)/(out − 1). Failed ones are not read. */
export function llmperfResponses(list: Obj[]): PerRequest[] {
  return list.map((r, i) => {
    if (!isOk(r)) return { ok: false, ttftMs: null, e2eMs: null, tpotMs: null };
    const loc = requestLoc(i);
    const ttftMs = quantity(r.ttft_s, "latency", "ttft_s", loc, 1000);
    const e2eMs = quantity(r.end_to_end_latency_s, "latency", "end_to_end_latency_s", loc, 1000);
    const out = count(r.number_output_tokens, "number_output_tokens", loc);
    return { ok: true, ttftMs, e2eMs, tpotMs: tpotOf(e2eMs, ttftMs, out) };
  });
}

/**
 * individual_responses.json alone → one run with latency percentiles computed from the requests
 * (linear interpolation, as LLMPerf's own summary does). Throughput needs the summary file (no timestamps here).
 */
export function llmperfIndividualToRun(list: Obj[]): { run: BakeoffRun; warnings: string[] } {
  const run = blankRun("llmperf");
  run.toolVersion = "llmperf individual_responses";
  const rows = llmperfResponses(list);
  const okIdx = rows.map((r, i) => (r.ok ? i : -1)).filter((i) => i >= 0);
  run.numRequests = okIdx.length;
  run.numFailed = rows.length - okIdx.length;
  const mean = (k: string) => {
    const xs = okIdx.map((i) => count(list[i]?.[k], k, requestLoc(i))).filter((x): x is number => x !== null);
    return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null;
  };
  run.islMean = mean("number_input_tokens");
  run.oslMean = mean("number_output_tokens");
  run.perRequest = rows;
  run.ttftMs = latencyFromSamples(rows.map((r) => r.ttftMs));
  run.tpotMs = latencyFromSamples(rows.map((r) => r.tpotMs));
  run.e2eMs = latencyFromSamples(rows.map((r) => r.e2eMs));
  run.latencyNotes.push("percentiles computed from the per-request list; TPOT = (e2e − TTFT)/(output tokens − 1)");
  run.latencyNotes.push(`${PERCENTILE_METHOD_NOTE} over ${okIdx.length} successful request(s)`);
  const warnings = [
    "individual responses carry no timestamps, model or concurrency: throughput and duration need the _summary.json",
  ];
  if (run.numRequests === 0) warnings.push("every request failed");
  return { run, warnings };
}

/** Put an individual_responses run's per-request data and real TPOT onto the matching summary run. */
export function attachLlmperfResponses(summary: BakeoffRun, individual: BakeoffRun): BakeoffRun {
  return {
    ...summary,
    perRequest: individual.perRequest,
    tpotMs: individual.tpotMs ?? summary.tpotMs,
    latencyNotes: [
      // the summary's own note asks for this file; with its TPOT here that request is answered
      ...(individual.tpotMs
        ? summary.latencyNotes.map((n) => n.replace(/; TPOT needs the individual_responses file$/, ""))
        : summary.latencyNotes),
      "TPOT computed per request from individual_responses",
      `TPOT ${PERCENTILE_METHOD_NOTE}`,
    ],
  };
}

export function llmperfToParsed(v: unknown): ParsedFile | null {
  if (isLlmperfSummary(v)) {
    const r = llmperfSummaryToRun(v);
    return { format: "llmperf-summary-json", tool: "llmperf", runs: [r.run], warnings: r.warnings };
  }
  if (isLlmperfIndividual(v)) {
    const r = llmperfIndividualToRun(v);
    return { format: "llmperf-individual-responses-json", tool: "llmperf", runs: [r.run], warnings: r.warnings };
  }
  return null;
}
