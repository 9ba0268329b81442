// genai-bench (sgl-project/genai-bench): one JSON per (traffic scenario, concurrency) run, written by
// AggregatedMetricsCollector.save: `{aggregated_metrics, individual_request_metrics, _time_unit}`.
// Source: genai_bench/metrics/aggregated_metrics_collector.py @ 00e863aa, metrics/metrics.py @ 025cf1c6,
// time_units.py @ 460ae28e. Latency fields (ttft, tpot, e2e_latency, output_latency) are in seconds unless
// `_time_unit` says "ms" (files before the time_units change carry no `_time_unit` and are seconds); run_duration is
// always seconds. Pure: parsed JSON in, runs out.
import {
  BakeoffParseError,
  blankRun,
  count,
  isObject,
  type Loc,
  latency,
  type Obj,
  obj,
  type ParsedFile,
  type PerRequest,
  pick,
  quantity,
  rate,
} from "./common";
import { asWhole } from "./plausible";

export function isGenaiBench(v: unknown): v is Obj {
  return isObject(v) && isObject(v.aggregated_metrics) && isObject(v.aggregated_metrics.stats);
}

/** `_time_unit` → factor to ms. Missing → seconds (the unit before the option existed). */
function timeFactor(o: Obj): number {
  const u = o._time_unit;
  if (u === undefined || u === null) return 1000;
  const s = String(u).trim().toLowerCase();
  if (s === "s" || s === "sec" || s === "second" || s === "seconds") return 1000;
  if (s === "ms" || s === "millisecond" || s === "milliseconds") return 1;
  throw new BakeoffParseError(
    `_time_unit: "${String(u)}" is not a time unit genai-bench writes; expected "s" or "ms"`,
    null,
    "_time_unit",
  );
}

/** One StatField block (`stats.ttft`) as a latency block in ms. */
function statLatency(stats: Obj, name: string, block: string, scale: number, loc: Loc) {
  const s = obj(stats[name]);
  const at = (k: string) => ({ v: s[k], field: `aggregated_metrics.stats.${name}.${k}` });
  return latency(
    { min: at("min"), mean: at("mean"), p50: at("p50"), p90: at("p90"), p95: at("p95"), p99: at("p99") },
    scale,
    block,
    loc,
  );
}

/**
 * Requests the stats were computed over: stats.<field>.sum / .mean for a whole-number field, or null. genai-bench
 * leaves warm-up and cool-down requests out of the stats (warmup_ratio / cooldown_ratio) but not out of
 * num_completed_requests, so this is the measured run's size.
 */
function statsCount(stats: Obj): number | null {
  for (const k of ["num_input_tokens", "num_output_tokens", "total_tokens"]) {
    const s = obj(stats[k]);
    if (typeof s.sum === "number" && typeof s.mean === "number" && s.mean > 0) {
      const n = asWhole(s.sum / s.mean);
      if (n !== null) return n;
    }
  }
  return null;
}

function isError(r: Obj): boolean {
  return (
    (r.error_code !== null && r.error_code !== undefined && r.error_code !== 0) ||
    (typeof r.error_message === "string" && r.error_message !== "")
  );
}

/** One genai-bench run file → one run. */
export function genaiBenchToParsed(o: Obj): ParsedFile {
  const warnings: string[] = [];
  const loc: Loc = { where: "", line: null };
  const agg = obj(o.aggregated_metrics);
  const stats = obj(agg.stats);
  const scale = timeFactor(o);
  const run = blankRun("genai-bench");
  run.toolVersion =
    o._time_unit === undefined
      ? "genai-bench (seconds, no _time_unit)"
      : `genai-bench (_time_unit ${String(o._time_unit)})`;

  const iteration = typeof agg.iteration_type === "string" ? agg.iteration_type : "num_concurrency";
  if (iteration === "num_concurrency") {
    run.load = {
      kind: "concurrency",
      concurrency: count(agg.num_concurrency, "aggregated_metrics.num_concurrency", loc),
      requestRate: null,
    };
  } else if (iteration === "request_rate") {
    // open-loop runs: num_concurrency holds the QPS ("Number of concurrency (or QPS for open-loop mode)")
    const r = pick(agg, "request_rate", "num_concurrency");
    run.load = { kind: "rate", concurrency: null, requestRate: rate(r.v, `aggregated_metrics.${r.field}`, loc) };
  } else {
    run.load = { kind: "sweep-step", concurrency: null, requestRate: null };
    warnings.push(`iteration_type "${iteration}" (e.g. embedding batch size) is not a serving load; load left blank`);
  }
  // the model is not in the run file; genai-bench keeps it in experiment_metadata.json beside it
  warnings.push("genai-bench run files do not name the model (experiment_metadata.json does); enter it by hand");

  const completedField = "aggregated_metrics.num_completed_requests";
  const completed = count(agg.num_completed_requests, completedField, loc);
  let failed = count(agg.num_error_requests, "aggregated_metrics.num_error_requests", loc);
  run.durationS = quantity(agg.run_duration, "duration", "aggregated_metrics.run_duration", loc);
  run.reqPerS = rate(agg.requests_per_second, "aggregated_metrics.requests_per_second", loc);
  run.outTokPerS = rate(
    agg.mean_output_throughput_tokens_per_s,
    "aggregated_metrics.mean_output_throughput_tokens_per_s",
    loc,
  );
  run.totalTokPerS = rate(
    agg.mean_total_tokens_throughput_tokens_per_s,
    "aggregated_metrics.mean_total_tokens_throughput_tokens_per_s",
    loc,
  );
  run.islMean = quantity(
    obj(stats.num_input_tokens).mean,
    "tokens",
    "aggregated_metrics.stats.num_input_tokens.mean",
    loc,
  );
  run.oslMean = quantity(
    obj(stats.num_output_tokens).mean,
    "tokens",
    "aggregated_metrics.stats.num_output_tokens.mean",
    loc,
  );

  // error count: the per-request records are the source; the aggregate may contradict them
  const list = Array.isArray(o.individual_request_metrics) ? o.individual_request_metrics.filter(isObject) : [];
  if (list.length > 0) {
    const bad = list.filter(isError).length;
    if (failed !== bad) {
      warnings.push(
        `num_error_requests ${failed ?? "missing"} (error_rate ${String(agg.error_rate ?? "missing")}) contradicts the per-request records, where ${bad} request(s) carry an error_code; ${bad} taken from the records`,
      );
      failed = bad;
    }
  }
  run.numFailed = failed;

  // warm-up / cool-down: the stats leave them out, num_completed_requests does not
  const measured = statsCount(stats);
  run.numRequests = completed;
  let excluded = 0;
  if (measured !== null && completed !== null && measured < completed) {
    excluded = completed - measured;
    run.numRequests = measured;
    warnings.push(
      `${excluded} warm-up/cool-down request(s) left out: the latency stats cover ${measured} of ${completed} completed requests, so the run counts ${measured}; requests/s and tokens/s are genai-bench's, over the whole run`,
    );
  }

  if (run.numRequests === 0 || Object.keys(stats).length === 0) {
    warnings.push("no request completed: no latency data");
    return { format: "genai-bench-json", tool: "genai-bench", runs: [run], warnings };
  }
  run.ttftMs = statLatency(stats, "ttft", "TTFT", scale, loc);
  run.tpotMs = statLatency(stats, "tpot", "TPOT", scale, loc);
  run.e2eMs = statLatency(stats, "e2e_latency", "E2E latency", scale, loc);
  run.latencyNotes.push("TPOT from genai-bench tpot = (e2e − TTFT)/(output tokens − 1) per request; no pooled ITL");
  if (excluded === 0 && list.length > 0) run.perRequest = perRequest(list, scale);
  return { format: "genai-bench-json", tool: "genai-bench", runs: [run], warnings };
}

function perRequest(list: Obj[], scale: number): PerRequest[] {
  return list.map((r, i) => {
    if (isError(r)) return { ok: false, ttftMs: null, tpotMs: null, e2eMs: null };
    const loc: Loc = { where: `request ${i + 1}: `, line: null };
    const ms = (k: string) => quantity(r[k], "latency", `individual_request_metrics[${i}].${k}`, loc, scale);
    return { ok: true, ttftMs: ms("ttft"), tpotMs: ms("tpot"), e2eMs: ms("e2e_latency") };
  });
}
