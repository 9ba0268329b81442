// guidellm benchmarks.json across its schema eras (v0.3 `{benchmarks}`, v0.4 `{args, benchmarks}`,
// v0.5–0.6 metadata v1, v0.7+ metadata v2 with top-level `config`). One run per benchmark.
// Throughputs are recomputed as totals/duration so they mean what vLLM's do. Pure: parsed JSON in, runs out.
import type { BakeoffRun } from "@/lib/types";
import {
  BakeoffParseError,
  blankRun,
  count,
  div,
  isObject,
  type Loc,
  latency,
  normalizeModelName,
  type Obj,
  obj,
  type ParsedFile,
  type PerRequest,
  quantity,
  rate,
} from "./common";

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

/** The `successful` distribution of a metric block, named `metrics.<name>.successful` in messages. */
interface Dist {
  d: Obj;
  path: string;
}

function dist(metrics: Obj, name: string): Dist | null {
  const s = obj(metrics[name]).successful;
  return isObject(s) ? { d: s, path: `metrics.${name}.successful` } : null;
}

/** A latency block from a distribution, with p50 falling back to `median` (old blocks). */
function lat(x: Dist | null, block: string, loc: Loc, scale = 1) {
  if (!x) return null;
  const p = obj(x.d.percentiles);
  const at = (o: Obj, k: string, path: string) => ({ v: o[k], field: `${path}.${k}` });
  const pc = (k: string) => at(p, k, `${x.path}.percentiles`);
  const p50 = p.p50 !== undefined && p.p50 !== null ? pc("p50") : at(x.d, "median", x.path);
  return latency(
    { min: at(x.d, "min", x.path), mean: at(x.d, "mean", x.path), p50, p90: pc("p90"), p95: pc("p95"), p99: pc("p99") },
    scale,
    block,
    loc,
  );
}

/** A distribution's stat (mean, total_sum) as a `kind`, named by its path. */
function stat(x: Dist | null, k: string, loc: Loc, kind: "tokens" | "count"): number | null {
  return x ? quantity(x.d[k], kind, `${x.path}.${k}`, loc) : null;
}

/** Per-request samples only when every successful and errored request is listed (not sampled or stripped). */
function perRequest(b: Obj, successful: number | null, errored: number | null, loc: Loc): PerRequest[] | null {
  const reqs = obj(b.requests);
  const ok = Array.isArray(reqs.successful) ? reqs.successful.filter(isObject) : [];
  const bad = Array.isArray(reqs.errored) ? reqs.errored.filter(isObject) : [];
  if (ok.length === 0 || ok.length !== successful || bad.length !== (errored ?? 0)) return null;
  const ms = (r: Obj, i: number, k: string, scale = 1) =>
    quantity(r[k], "latency", `requests.successful[${i}].${k}`, loc, scale);
  const okRow = (r: Obj, i: number): PerRequest => ({
    ok: true,
    ttftMs: ms(r, i, "time_to_first_token_ms"),
    tpotMs: ms(r, i, "inter_token_latency_ms"),
    e2eMs: ms(r, i, "request_latency", 1000),
  });
  const badRow = (): PerRequest => ({ ok: false, ttftMs: null, tpotMs: null, e2eMs: null });
  const rows = [...ok.map(okRow), ...bad.map(badRow)];
  return rows.some((r) => r.ok && r.ttftMs === null) ? null : rows;
}

function loadOf(strategy: Obj, run: BakeoffRun, loc: Loc): void {
  const type =
    typeof strategy.type_ === "string" ? strategy.type_ : typeof strategy.kind === "string" ? strategy.kind : "";
  const c = (k: string) => count(strategy[k], `strategy.${k}`, loc);
  if (type === "synchronous") run.load = { kind: "concurrency", concurrency: 1, requestRate: null };
  else if (type === "concurrent") run.load = { kind: "concurrency", concurrency: c("streams"), requestRate: null };
  else if (type === "throughput") run.load = { kind: "offline", concurrency: c("max_concurrency"), requestRate: null };
  else if (type === "constant" || type === "poisson")
    run.load = { kind: "rate", concurrency: null, requestRate: rate(strategy.rate, "strategy.rate", loc) };
  else run.load = { kind: "sweep-step", concurrency: null, requestRate: null };
}

/** One guidellm benchmark → one run. */
export function guidellmBenchmarkToRun(b: Obj, report: Obj, index: number): { run: BakeoffRun; warnings: string[] } {
  const warnings: string[] = [];
  const where = `benchmark ${index + 1}: `;
  const loc: Loc = { where, line: null };
  const run = blankRun("guidellm");
  run.toolVersion = era(report);
  const cfg = obj(b.config);
  const args = obj(b.args);
  const spec = obj(obj(report.config).spec);
  run.model = normalizeModelName(
    obj(cfg.backend).model ?? obj(spec.backend).model ?? obj(b.worker).backend_model ?? obj(report.args).model,
  );
  loadOf(obj(cfg.strategy ?? args.strategy), run, loc);

  const metrics = obj(b.metrics);
  const [totals, totalsPath] = isObject(b.request_totals)
    ? [b.request_totals, "request_totals"]
    : isObject(metrics.request_totals)
      ? [metrics.request_totals, "metrics.request_totals"]
      : [obj(obj(b.scheduler_metrics ?? b.run_stats).requests_made), "requests_made"];
  const tc = (k: string) => count(totals[k], `${totalsPath}.${k}`, loc);
  const successful = tc("successful");
  const errored = tc("errored");
  const incomplete = tc("incomplete") ?? 0;
  const total = tc("total");
  const counted = (successful ?? 0) + (errored ?? 0) + incomplete;
  if (total !== null && counted > total) {
    throw new BakeoffParseError(
      `${where}${totalsPath}: successful + errored + incomplete = ${counted} is more than total (${total})`,
      null,
      `${totalsPath}.total`,
    );
  }
  run.numRequests = successful;
  run.numFailed = errored === null ? null : errored + incomplete;
  if (incomplete > 0)
    warnings.push(`${where}${incomplete} request(s) were still running when the benchmark ended; counted as failed`);
  run.durationS = quantity(b.duration, "duration", "duration", loc);

  const prompt = dist(metrics, "prompt_token_count");
  const output = dist(metrics, "output_token_count");
  run.islMean = stat(prompt, "mean", loc, "tokens");
  run.oslMean = stat(output, "mean", loc, "tokens");
  const outSum = stat(output, "total_sum", loc, "count");
  const inSum = stat(prompt, "total_sum", loc, "count");
  run.reqPerS = div(successful, run.durationS);
  run.outTokPerS = div(outSum, run.durationS);
  run.totalTokPerS = inSum !== null && outSum !== null ? div(inSum + outSum, run.durationS) : null;

  if (successful === 0) {
    warnings.push(`${where}no request succeeded: no latency data`);
    return { run, warnings };
  }
  run.ttftMs = lat(dist(metrics, "time_to_first_token_ms"), "TTFT", loc);
  run.tpotMs = lat(dist(metrics, "inter_token_latency_ms"), "TPOT (inter_token_latency_ms)", loc);
  run.e2eMs = lat(dist(metrics, "request_latency"), "E2E latency (request_latency)", loc, 1000);
  run.latencyNotes.push(
    "TPOT from guidellm inter_token_latency_ms = (last − first token)/(output − 1); its time_per_output_token_ms includes TTFT and is not used",
  );
  run.latencyNotes.push("no pooled ITL in guidellm output");
  run.perRequest = perRequest(b, successful, errored, loc);
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
