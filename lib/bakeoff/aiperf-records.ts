// AIPerf per-request export `profile_export.jsonl`: one MetricRecordInfo per line,
// `{metadata{session_num, request_start_ns, request_end_ns, benchmark_phase: "warmup"|"profiling", …},
//   metrics{<tag>: {value, unit}}, error: {code, type, message} | null}`
// (ai-dynamo/aiperf aiperf/common/models/record_models.py: MetricRecordInfo, MetricRecordMetadata, MetricValue).
// Values are in display units, each stating its unit. The run is summarised from the profiling-phase records only;
// percentiles are computed here (linear interpolation, see common.percentile). Pure: parsed JSON in, runs out.

import {
  blankRun,
  count,
  isObject,
  type Loc,
  latencyFromSamples,
  num,
  type Obj,
  obj,
  type ParsedFile,
  PERCENTILE_METHOD_NOTE,
  type PerRequest,
  quantity,
} from "./common";
import type { JsonDocument } from "./json-tolerant";

export function isAiperfRecordLine(v: unknown): v is Obj {
  if (!isObject(v) || !isObject(v.metadata) || !isObject(v.metrics)) return false;
  return "benchmark_phase" in v.metadata || "request_start_ns" in v.metadata;
}

const TO_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, sec: 1000 };

/** One record's metric as ms (latency) or as a count; null when the record lacks it. */
function metric(r: Obj, tags: string[], kind: "latency" | "tokens", loc: Loc): number | null {
  const m = obj(r.metrics);
  const tag = tags.find((t) => isObject(m[t]));
  if (!tag) return null;
  const mv = obj(m[tag]);
  const field = `metrics.${tag}.value`;
  if (kind === "tokens") return count(mv.value, field, loc);
  const unit = typeof mv.unit === "string" ? mv.unit.trim().toLowerCase() : "ms";
  const f = TO_MS[unit];
  if (f === undefined) return null;
  return quantity(mv.value, "latency", field, loc, f);
}

/** profile_export.jsonl → one run over the profiling-phase records. */
export function aiperfRecordsToParsed(docs: JsonDocument[]): ParsedFile {
  const warnings: string[] = [];
  const run = blankRun("aiperf");
  run.toolVersion = "aiperf profile_export.jsonl (per request)";
  const all = docs.map((d) => ({ r: obj(d.value), line: d.line }));
  const phase = (r: Obj) => String(obj(r.metadata).benchmark_phase ?? "profiling").toLowerCase();
  const measured = all.filter((x) => phase(x.r) !== "warmup");
  const warm = all.length - measured.length;
  if (warm > 0) warnings.push(`${warm} warm-up record(s) (benchmark_phase "warmup") left out of the measured run`);

  const rows: PerRequest[] = [];
  const isl: number[] = [];
  const osl: number[] = [];
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  let failed = 0;
  for (const { r, line } of measured) {
    const loc: Loc = { where: `line ${line}: `, line };
    const md = obj(r.metadata);
    // wall-clock ns since the epoch (~1.7e18): timestamps, not counts
    const s = num(md.request_start_ns, "metadata.request_start_ns", loc);
    const e = num(md.request_end_ns, "metadata.request_end_ns", loc);
    if (s !== null) start = Math.min(start, s);
    if (e !== null) end = Math.max(end, e);
    if (r.error !== null && r.error !== undefined) {
      failed++;
      rows.push({ ok: false, ttftMs: null, tpotMs: null, e2eMs: null });
      continue;
    }
    const i = metric(r, ["input_sequence_length"], "tokens", loc);
    const o = metric(r, ["output_sequence_length"], "tokens", loc);
    if (i !== null) isl.push(i);
    if (o !== null) osl.push(o);
    rows.push({
      ok: true,
      ttftMs: metric(r, ["time_to_first_token", "ttft"], "latency", loc),
      tpotMs: metric(r, ["inter_token_latency"], "latency", loc),
      e2eMs: metric(r, ["request_latency"], "latency", loc),
    });
  }
  const ok = rows.filter((x) => x.ok).length;
  run.numRequests = ok;
  run.numFailed = failed;
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  run.islMean = mean(isl);
  run.oslMean = mean(osl);
  if (Number.isFinite(start) && Number.isFinite(end) && end > start) {
    run.durationS = (end - start) / 1e9;
    run.reqPerS = ok / run.durationS;
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    run.outTokPerS = osl.length === ok ? sum(osl) / run.durationS : null;
    run.totalTokPerS = osl.length === ok && isl.length === ok ? (sum(isl) + sum(osl)) / run.durationS : null;
    warnings.push(
      "duration = last request end − first request start of the measured records; requests/s and tokens/s computed from it (output tokens include reasoning tokens, as AIPerf counts them)",
    );
  }
  run.load = { kind: "sweep-step", concurrency: null, requestRate: null };
  warnings.push("profile_export.jsonl names neither the model nor the load; profile_export_aiperf.json does");
  run.perRequest = rows;
  run.ttftMs = latencyFromSamples(rows.map((x) => x.ttftMs));
  run.tpotMs = latencyFromSamples(rows.map((x) => x.tpotMs));
  run.e2eMs = latencyFromSamples(rows.map((x) => x.e2eMs));
  run.latencyNotes.push(`${PERCENTILE_METHOD_NOTE} over ${ok} successful profiling-phase record(s)`);
  run.latencyNotes.push("TPOT from inter_token_latency: per request (e2e − TTFT)/(output tokens − 1)");
  return { format: "aiperf-jsonl", tool: "aiperf", runs: [run], warnings };
}
