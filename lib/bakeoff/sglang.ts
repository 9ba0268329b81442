// SGLang `python -m sglang.bench_serving` JSONL (one appended line per run; bare Infinity rates).
// Three key eras: late-2024 (no p99, no TPOT), 2025 (p99 + TPOT), and the metrics.py refactor
// (total_input / total_output / total_throughput). Pure: text in, runs out. The model is never in the file.
import type { BakeoffRun } from "@/lib/types";
import {
  add,
  blankRun,
  count,
  div,
  isObject,
  type Loc,
  latency,
  perRequestFromArrays,
  pick,
  quantity,
  rate,
} from "./common";
import { readRate } from "./vllm";

export function isSglang(v: unknown): v is Record<string, unknown> {
  if (!isObject(v)) return false;
  if ("total_output_tokens_retokenized" in v || "total_output_retokenized" in v) return true;
  return ("mean_e2e_latency_ms" in v || "median_e2e_latency_ms" in v) && "completed" in v;
}

function era(o: Record<string, unknown>): string {
  if ("total_output_retokenized" in o || "total_input" in o) return "metrics.py refactor";
  if ("request_throughput" in o || "p99_ttft_ms" in o) return "2025 bench_serving";
  return "late-2024 bench_serving";
}

/** One SGLang result line → one run. `{"request_rate": Infinity, "max_concurrency": null}` → load burst. */
export function sglangToRun(
  o: Record<string, unknown>,
  where = "",
  line: number | null = null,
): { run: BakeoffRun; warnings: string[] } {
  const warnings: string[] = [];
  const loc: Loc = { where, line };
  const run = blankRun("sglang");
  run.toolVersion = era(o);
  run.model = null;

  const conc = count(o.max_concurrency, "max_concurrency", loc);
  const rawRate = o.request_rate;
  // "trace" = replayed timestamps: a real value, but not a rate
  const trace = typeof rawRate === "string" && rawRate.trim().toLowerCase() === "trace";
  const reqRate = trace ? null : readRate(rawRate, "request_rate", loc);
  const finiteRate = reqRate !== null && Number.isFinite(reqRate) ? reqRate : null;
  if (conc !== null) run.load = { kind: "concurrency", concurrency: conc, requestRate: finiteRate };
  else if (reqRate === Number.POSITIVE_INFINITY) run.load = { kind: "burst", concurrency: null, requestRate: null };
  else {
    run.load = { kind: "rate", concurrency: null, requestRate: finiteRate };
    if (finiteRate === null)
      warnings.push(`${where}request_rate is ${JSON.stringify(rawRate)} (trace replay?): no single rate`);
  }

  const c = (...keys: string[]) => {
    const s = pick(o, ...keys);
    return count(s.v, s.field, loc);
  };
  const r = (k: string) => rate(o[k], k, loc);
  const completed = c("completed");
  const inTok = c("total_input_tokens", "total_input");
  const outTok = c("total_output_tokens", "total_output");
  run.numRequests = completed;
  run.numFailed = null; // num_prompts is not saved, so failures cannot be counted
  run.durationS = quantity(o.duration, "duration", "duration", loc);
  run.islMean = div(inTok, completed);
  run.oslMean = div(outTok, completed);
  run.reqPerS = r("request_throughput") ?? div(completed, run.durationS);
  run.outTokPerS = r("output_throughput") ?? div(outTok, run.durationS);
  run.totalTokPerS =
    r("total_throughput") ??
    add(r("input_throughput"), r("output_throughput")) ??
    (inTok !== null && outTok !== null ? div(inTok + outTok, run.durationS) : null);

  if (completed === 0) {
    warnings.push(`${where}no request completed: no latency or length data`);
    return { run, warnings };
  }
  const block = (name: string, m: string, stats: readonly ("mean" | "p50" | "p95" | "p99")[]) =>
    latency(Object.fromEntries(stats.map((s) => [s, pick(o, `${s === "p50" ? "median" : s}_${m}`)])), 1, name, loc);
  run.ttftMs = block("TTFT", "ttft_ms", ["mean", "p50", "p99"]);
  run.tpotMs = block("TPOT", "tpot_ms", ["mean", "p50", "p99"]);
  run.itlMs = block("ITL", "itl_ms", ["mean", "p50", "p95", "p99"]);
  run.e2eMs = block("E2E latency", "e2e_latency_ms", ["mean", "p50", "p99"]);
  run.latencyNotes.push("TPOT = per-request (e2e − TTFT)/(output tokens − 1); ITL = every token gap pooled");
  if (!run.tpotMs) run.latencyNotes.push("no TPOT in this SGLang version's output");
  if (run.ttftMs && run.ttftMs.p99 === null) run.latencyNotes.push("no p99 TTFT in this SGLang version's output");
  run.perRequest = perRequestFromArrays(isObject(o.details) ? o.details : o, loc);
  return { run, warnings };
}
