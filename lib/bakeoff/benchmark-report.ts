// llm-d "Benchmark Report" (BR) as JSON: v0.1 (llm-d/llm-d-benchmark benchmark_report/schema_v0_1.py @ 08e0c227:
// `{version: "0.1", scenario, metrics{time, requests, latency, throughput}}`) and v0.2 (the `results` block that
// kubernetes-sigs/inference-perf writes, reportgen/br/v0_2/adapter.py @ 1479ed0d and partial_report.py @ 2147255c:
// `{version: "0.2", run, results{request_performance{aggregate{requests, latency, throughput}}}}`).
// Every statistic is `{units, mean, p50, p90, p95, p99, …}` and states its unit ("s"/"ms", "s/token"/"ms/token").
// inference-perf emits its partial as YAML; BenchmarkReport.export_json writes the same document as JSON, which is
// what is read here. Pure: parsed JSON in, runs out.
import {
  BakeoffParseError,
  blankRun,
  count,
  isObject,
  type Loc,
  latency,
  normalizeModelName,
  type Obj,
  obj,
  type ParsedFile,
  quantity,
  rate,
} from "./common";

export function isBenchmarkReport(v: unknown): v is Obj {
  if (!isObject(v) || (typeof v.version !== "string" && typeof v.version !== "number")) return false;
  const version = String(v.version);
  if (version.startsWith("0.1")) return isObject(v.metrics) && isObject(obj(v.metrics).latency);
  if (version.startsWith("0.2")) return isObject(obj(v.results).request_performance);
  return false;
}

const TIME_TO_MS: Record<string, number> = { s: 1000, ms: 1, "s/token": 1000, "ms/token": 1 };

/** A BR Statistics block as a latency in ms, in the unit the block states. */
function stat(s: unknown, path: string, block: string, loc: Loc) {
  if (!isObject(s)) return null;
  const units = typeof s.units === "string" ? s.units : "";
  const f = TIME_TO_MS[units];
  if (f === undefined) {
    throw new BakeoffParseError(
      `${path}.units: "${units}" is not a time unit of the benchmark report schema; expected s, ms, s/token or ms/token`,
      null,
      `${path}.units`,
    );
  }
  const at = (k: string) => ({ v: s[k], field: `${path}.${k}` });
  return latency(
    { min: at("min"), mean: at("mean"), p50: at("p50"), p90: at("p90"), p95: at("p95"), p99: at("p99") },
    f,
    block,
    loc,
  );
}

/** A BR v0.1 or v0.2 report → one run. */
export function benchmarkReportToParsed(o: Obj): ParsedFile {
  const warnings: string[] = [];
  const loc: Loc = { where: "", line: null };
  const v01 = String(o.version).startsWith("0.1");
  const base = v01 ? "metrics" : "results.request_performance.aggregate";
  const agg = v01 ? obj(o.metrics) : obj(obj(obj(o.results).request_performance).aggregate);
  const run = blankRun("llm-d-report");
  const scenario = obj(o.scenario);
  const generator = typeof obj(scenario.load).name === "string" ? String(obj(scenario.load).name) : null;
  run.toolVersion = `benchmark report v${String(o.version)}${generator ? ` (${generator})` : v01 ? "" : " (inference-perf)"}`;
  run.model = normalizeModelName(obj(scenario.model).name);
  if (!run.model) warnings.push("the report does not name the model; enter it by hand");

  const req = obj(agg.requests);
  const total = count(req.total, `${base}.requests.total`, loc);
  const failures = count(req.failures, `${base}.requests.failures`, loc) ?? 0;
  const incomplete = count(req.incomplete, `${base}.requests.incomplete`, loc) ?? 0;
  if (total !== null && failures + incomplete > total) {
    throw new BakeoffParseError(
      `${base}.requests: failures (${failures}) + incomplete (${incomplete}) is more than total (${total})`,
      null,
      `${base}.requests.total`,
    );
  }
  run.numRequests = total === null ? null : total - failures - incomplete;
  run.numFailed = failures + incomplete;
  if (incomplete > 0) warnings.push(`${incomplete} incomplete request(s) counted as failed`);
  run.islMean = quantity(obj(req.input_length).mean, "tokens", `${base}.requests.input_length.mean`, loc);
  run.oslMean = quantity(obj(req.output_length).mean, "tokens", `${base}.requests.output_length.mean`, loc);

  const tp = obj(agg.throughput);
  if (v01) {
    run.durationS = quantity(obj(agg.time).duration, "duration", "metrics.time.duration", loc);
    run.reqPerS = rate(tp.requests_per_sec, "metrics.throughput.requests_per_sec", loc);
    run.outTokPerS = rate(tp.output_tokens_per_sec, "metrics.throughput.output_tokens_per_sec", loc);
    run.totalTokPerS = rate(tp.total_tokens_per_sec, "metrics.throughput.total_tokens_per_sec", loc);
    const accs = Array.isArray(obj(scenario.host).accelerator) ? (obj(scenario.host).accelerator as unknown[]) : [];
    const counts = accs.map((a, i) => count(obj(a).count, `scenario.host.accelerator[${i}].count`, loc));
    if (counts.length > 0 && counts.every((c) => c !== null)) {
      run.accelerators = counts.reduce<number>((s, c) => s + (c ?? 0), 0);
      warnings.push(`accelerator count ${run.accelerators} from scenario.host.accelerator`);
    }
  } else {
    const m = (k: string) => rate(obj(tp[k]).mean, `${base}.throughput.${k}.mean`, loc);
    run.reqPerS = m("request_rate");
    run.outTokPerS = m("output_token_rate");
    run.totalTokPerS = m("total_token_rate");
    const d = /^PT([\d.]+)S$/.exec(String(obj(obj(o.run).time).duration ?? ""));
    run.durationS = d?.[1] ? quantity(d[1], "duration", "run.time.duration", loc) : null;
  }
  run.load = { kind: "sweep-step", concurrency: null, requestRate: null };
  warnings.push("the report does not state the load (concurrency or rate) in a common form; load left blank");

  if (run.numRequests === 0) {
    warnings.push("no request succeeded: no latency data");
    return { format: `llm-d-report-v${v01 ? "0.1" : "0.2"}-json`, tool: "llm-d-report", runs: [run], warnings };
  }
  const lat = obj(agg.latency);
  const lp = `${base}.latency`;
  run.ttftMs = stat(lat.time_to_first_token, `${lp}.time_to_first_token`, "TTFT", loc);
  run.tpotMs = stat(lat.time_per_output_token, `${lp}.time_per_output_token`, "TPOT", loc);
  run.itlMs = stat(lat.inter_token_latency, `${lp}.inter_token_latency`, "ITL", loc);
  run.e2eMs = stat(lat.request_latency, `${lp}.request_latency`, "E2E latency", loc);
  run.latencyNotes.push(
    "TPOT = (last − first token)/(output tokens − 1) per request; ITL pooled over every token gap; normalized TPOT (e2e/out) not used",
  );
  return { format: `llm-d-report-v${v01 ? "0.1" : "0.2"}-json`, tool: "llm-d-report", runs: [run], warnings };
}
