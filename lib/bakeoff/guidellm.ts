// guidellm benchmarks.json across its schema eras (v0.3 `{benchmarks}`, v0.4 `{args, benchmarks}`,
// v0.5–0.6 metadata v1, v0.7+ metadata v2 with top-level `config`). One run per benchmark.
// Throughputs are recomputed as totals/duration so they mean what vLLM's do. Pure: parsed JSON in, runs out.
import type { BakeoffRun } from "@/lib/types";
import {
  blankRun,
  count,
  div,
  isObject,
  latency,
  normalizeModelName,
  num,
  type ParsedFile,
  type PerRequest,
} from "./common";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (isObject(v) ? v : {});

export function isGuidellm(v: unknown): v is Obj {
  if (!isObject(v) || !Array.isArray(v.benchmarks)) return false;
  return v.benchmarks.some(
    (b) => isObject(b) && (b.type_ === "generative_benchmark" || isObject(obj(b.metrics).time_to_first_token_ms)),
  );
}

function era(report: Obj): string {
  const meta = obj(report.metadata);
  const version = typeof meta.guidellm_version === "string" ? ` ${meta.guidellm_version}` : "";
  if (meta.version === 2) return `guidellm${version} (report v2)`;
  if (meta.version === 1) return `guidellm${version} (report v1)`;
  if ("args" in report) return "guidellm v0.4";
  return "guidellm ≤v0.3";
}

/** The `successful` distribution of a metric block, with p50 falling back to `median` (old blocks). */
function dist(metrics: Obj, name: string): Obj | null {
  const s = obj(metrics[name]).successful;
  return isObject(s) ? s : null;
}

function lat(d: Obj | null, scale = 1) {
  if (!d) return null;
  const p = obj(d.percentiles);
  return latency({ mean: d.mean, p50: p.p50 ?? d.median, p90: p.p90, p95: p.p95, p99: p.p99 }, scale);
}

/** Per-request samples only when every successful and errored request is listed (not sampled or stripped). */
function perRequest(b: Obj, successful: number | null, errored: number | null): PerRequest[] | null {
  const reqs = obj(b.requests);
  const ok = Array.isArray(reqs.successful) ? reqs.successful.filter(isObject) : [];
  const bad = Array.isArray(reqs.errored) ? reqs.errored.filter(isObject) : [];
  if (ok.length === 0 || ok.length !== successful || bad.length !== (errored ?? 0)) return null;
  const row = (r: Obj, isOk: boolean): PerRequest => {
    const e2e = num(r.request_latency);
    return {
      ok: isOk,
      ttftMs: isOk ? num(r.time_to_first_token_ms) : null,
      tpotMs: isOk ? num(r.inter_token_latency_ms) : null,
      e2eMs: isOk && e2e !== null ? e2e * 1000 : null,
    };
  };
  const rows = [...ok.map((r) => row(r, true)), ...bad.map((r) => row(r, false))];
  return rows.some((r) => r.ok && r.ttftMs === null) ? null : rows;
}

function loadOf(strategy: Obj, run: BakeoffRun): void {
  const type =
    typeof strategy.type_ === "string" ? strategy.type_ : typeof strategy.kind === "string" ? strategy.kind : "";
  if (type === "synchronous") run.load = { kind: "concurrency", concurrency: 1, requestRate: null };
  else if (type === "concurrent")
    run.load = { kind: "concurrency", concurrency: count(strategy.streams), requestRate: null };
  else if (type === "throughput")
    run.load = { kind: "offline", concurrency: count(strategy.max_concurrency), requestRate: null };
  else if (type === "constant" || type === "poisson")
    run.load = { kind: "rate", concurrency: null, requestRate: num(strategy.rate) };
  else run.load = { kind: "sweep-step", concurrency: null, requestRate: null };
}

/** One guidellm benchmark → one run. */
export function guidellmBenchmarkToRun(b: Obj, report: Obj, index: number): { run: BakeoffRun; warnings: string[] } {
  const warnings: string[] = [];
  const where = `benchmark ${index + 1}: `;
  const run = blankRun("guidellm");
  run.toolVersion = era(report);
  const cfg = obj(b.config);
  const args = obj(b.args);
  const spec = obj(obj(report.config).spec);
  run.model = normalizeModelName(
    obj(cfg.backend).model ?? obj(spec.backend).model ?? obj(b.worker).backend_model ?? obj(report.args).model,
  );
  loadOf(obj(cfg.strategy ?? args.strategy), run);

  const metrics = obj(b.metrics);
  const totals = isObject(b.request_totals)
    ? b.request_totals
    : isObject(metrics.request_totals)
      ? metrics.request_totals
      : obj(obj(b.scheduler_metrics ?? b.run_stats).requests_made);
  const successful = count(totals.successful);
  const errored = count(totals.errored);
  const incomplete = count(totals.incomplete) ?? 0;
  run.numRequests = successful;
  run.numFailed = errored === null ? null : errored + incomplete;
  if (incomplete > 0)
    warnings.push(`${where}${incomplete} request(s) were still running when the benchmark ended; counted as failed`);
  run.durationS = num(b.duration);

  const prompt = dist(metrics, "prompt_token_count");
  const output = dist(metrics, "output_token_count");
  run.islMean = num(prompt?.mean);
  run.oslMean = num(output?.mean);
  const outSum = num(output?.total_sum);
  const inSum = num(prompt?.total_sum);
  run.reqPerS = div(successful, run.durationS);
  run.outTokPerS = div(outSum, run.durationS);
  run.totalTokPerS = inSum !== null && outSum !== null ? div(inSum + outSum, run.durationS) : null;

  if (successful === 0) {
    warnings.push(`${where}no request succeeded: no latency data`);
    return { run, warnings };
  }
  run.ttftMs = lat(dist(metrics, "time_to_first_token_ms"));
  run.tpotMs = lat(dist(metrics, "inter_token_latency_ms"));
  run.e2eMs = lat(dist(metrics, "request_latency"), 1000);
  run.latencyNotes.push(
    "TPOT from guidellm inter_token_latency_ms = (last − first token)/(output − 1); its time_per_output_token_ms includes TTFT and is not used",
  );
  run.latencyNotes.push("no pooled ITL in guidellm output");
  run.perRequest = perRequest(b, successful, errored);
  const listed = Array.isArray(obj(b.requests).successful) ? (obj(b.requests).successful as unknown[]).length : 0;
  if (!run.perRequest && listed > 0) {
    warnings.push(
      `${where}per-request list is partial (${listed} of ${successful ?? "?"} successful); not used for exact SLO counts`,
    );
  }
  return { run, warnings };
}

/** A guidellm report object → one run per benchmark, in file order. */
export function guidellmToParsed(report: Obj): ParsedFile {
  const runs: BakeoffRun[] = [];
  const warnings: string[] = [];
  const list = Array.isArray(report.benchmarks) ? report.benchmarks : [];
  list.forEach((b, i) => {
    if (!isObject(b)) {
      warnings.push(`benchmark ${i + 1}: not an object; skipped`);
      return;
    }
    const r = guidellmBenchmarkToRun(b, report, i);
    runs.push(r.run);
    warnings.push(...r.warnings);
  });
  return { format: "guidellm-benchmarks-json", tool: "guidellm", runs, warnings };
}
