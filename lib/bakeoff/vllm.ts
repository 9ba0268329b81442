// vLLM `bench serve` / `benchmark_serving.py --save-result` JSON (one object or appended JSONL) and
// `vllm bench throughput --output-json`. Pure: parsed JSON objects in, BakeoffRun out.
// Also used for InferenceMAX's raw per-run files, which are this format plus a few keys.
import type { BakeoffRun, BakeoffTool } from "@/lib/types";
import {
  BakeoffParseError,
  blankRun,
  count,
  div,
  isObject,
  type Loc,
  latency,
  NO_LOC,
  normalizeModelName,
  perRequestFromArrays,
  pick,
  quantity,
  rate,
} from "./common";
import { noRequestsProblem } from "./plausible";

const DATE_RE = /^\d{8}-\d{6}$/;
const THROUGHPUT_KEYS = [
  "elapsed_time",
  "num_requests",
  "total_num_tokens",
  "requests_per_second",
  "tokens_per_second",
];

/** `bench serve` result object: mean_ttft_ms + duration + completed, plus a vLLM-only key or the date stamp. */
export function isVllmServe(v: unknown): v is Record<string, unknown> {
  if (!isObject(v)) return false;
  if (!("mean_ttft_ms" in v && "duration" in v && "completed" in v)) return false;
  if ("mean_e2e_latency_ms" in v || "total_output_tokens_retokenized" in v || "total_output_retokenized" in v) {
    return false; // SGLang
  }
  const vllmKey = ["model_id", "tokenizer_id", "total_token_throughput", "mean_e2el_ms"].some((k) => k in v);
  return vllmKey || (typeof v.date === "string" && DATE_RE.test(v.date));
}

/** `vllm bench throughput --output-json`: exactly the five keys. */
export function isVllmThroughput(v: unknown): v is Record<string, unknown> {
  return isObject(v) && THROUGHPUT_KEYS.every((k) => k in v) && Object.keys(v).length <= THROUGHPUT_KEYS.length + 2;
}

/** "inf", Infinity → Infinity; a rate ≥ 0 → that number; missing → null; anything else → BakeoffParseError. */
export function readRate(v: unknown, field: string, loc: Loc = NO_LOC): number | null {
  if (v === Number.POSITIVE_INFINITY) return v;
  if (typeof v === "string" && /^\+?inf(inity)?$/i.test(v.trim())) return Number.POSITIVE_INFINITY;
  return rate(v, field, loc);
}

const BLOCKS: Record<string, string> = { ttft: "TTFT", tpot: "TPOT", itl: "ITL", e2el: "E2E latency" };

/** The latency family m ("ttft", "tpot", "itl", "e2el") in ms: mean, median→p50, p90/p95/p99. */
function family(o: Record<string, unknown>, m: string, loc: Loc) {
  return latency(
    {
      mean: pick(o, `mean_${m}_ms`),
      p50: pick(o, `median_${m}_ms`, `p50_${m}_ms`),
      p90: pick(o, `p90_${m}_ms`),
      p95: pick(o, `p95_${m}_ms`),
      p99: pick(o, `p99_${m}_ms`),
    },
    1,
    BLOCKS[m] ?? m,
    loc,
  );
}

/** Accelerator count from `--metadata tp=… pp=…` or sweep server params, when present. */
function acceleratorsFromMetadata(o: Record<string, unknown>, loc: Loc): number | null {
  const c = (...keys: string[]) => {
    const s = pick(o, ...keys);
    return count(s.v, s.field, loc);
  };
  const tp = c("tensor_parallel_size", "tp");
  if (tp === null) return null;
  return tp * (c("pipeline_parallel_size", "pp") ?? 1) * (c("data_parallel_size", "dp") ?? 1);
}

/**
 * One `bench serve` object → one run. `{"completed": 0, "failed": 8, "mean_ttft_ms": 0.0, …}` → numRequests 0,
 * numFailed 8, every latency block null, and a warning.
 */
export function vllmServeToRun(
  o: Record<string, unknown>,
  tool: BakeoffTool = "vllm",
  where = "",
  line: number | null = null,
): {
  run: BakeoffRun;
  warnings: string[];
} {
  const warnings: string[] = [];
  const loc: Loc = { where, line };
  const run = blankRun(tool);
  const newKeys = "failed" in o || "endpoint_type" in o;
  run.toolVersion = newKeys ? "bench serve (new keys)" : "benchmark_serving (old keys)";
  run.model = normalizeModelName(o.model_id ?? o.tokenizer_id);

  const reqRate = readRate(o.request_rate, "request_rate", loc);
  const conc = count(o.max_concurrency, "max_concurrency", loc);
  const finiteRate = reqRate !== null && Number.isFinite(reqRate) ? reqRate : null;
  if (conc !== null) run.load = { kind: "concurrency", concurrency: conc, requestRate: finiteRate };
  else if (reqRate === Number.POSITIVE_INFINITY) run.load = { kind: "burst", concurrency: null, requestRate: null };
  else run.load = { kind: "rate", concurrency: null, requestRate: finiteRate };
  if (o.ramp_up_strategy != null) {
    warnings.push(
      `${where}request rate ramped (${String(o.ramp_up_strategy)}) from ${String(o.ramp_up_start_rps)} to ${String(o.ramp_up_end_rps)} req/s; no single configured rate`,
    );
    if (conc === null) run.load = { kind: "rate", concurrency: null, requestRate: null };
  }

  const completed = count(o.completed, "completed", loc);
  const numPrompts = count(o.num_prompts, "num_prompts", loc);
  const failed = count(o.failed, "failed", loc);
  // num_prompts is what was sent; completed + failed can't be more (completed_gt: 80 completed of 8 prompts)
  if (numPrompts !== null && completed !== null && completed + (failed ?? 0) > numPrompts) {
    const sum = failed === null ? `completed (${completed})` : `completed (${completed}) + failed (${failed})`;
    throw new BakeoffParseError(
      `${where}${sum} is more than num_prompts (${numPrompts}), the number of requests sent`,
      line,
      "completed",
    );
  }
  run.numRequests = completed;
  run.numFailed = failed ?? (numPrompts !== null && completed !== null ? numPrompts - completed : null);
  const none = noRequestsProblem(completed, run.numFailed);
  if (none) throw new BakeoffParseError(`${where}${none}`, line, "completed");
  run.durationS = quantity(o.duration, "duration", "duration", loc);
  const inTok = count(o.total_input_tokens, "total_input_tokens", loc);
  const outTok = count(o.total_output_tokens, "total_output_tokens", loc);
  run.islMean = div(inTok, completed);
  run.oslMean = div(outTok, completed);
  run.reqPerS = rate(o.request_throughput, "request_throughput", loc) ?? div(completed, run.durationS);
  run.outTokPerS = rate(o.output_throughput, "output_throughput", loc) ?? div(outTok, run.durationS);
  run.totalTokPerS =
    rate(o.total_token_throughput, "total_token_throughput", loc) ??
    (inTok !== null && outTok !== null ? div(inTok + outTok, run.durationS) : null);
  const gp = pick(o, "request_goodput", "request_goodput:");
  const goodput = rate(gp.v, gp.field, loc);
  if (goodput !== null) warnings.push(`${where}vLLM's own --goodput figure: ${goodput} req/s (its SLO, not ours)`);
  run.accelerators = acceleratorsFromMetadata(o, loc);
  if (run.accelerators !== null)
    warnings.push(`${where}accelerator count ${run.accelerators} taken from tp/pp/dp metadata`);

  if (completed === 0) {
    // Zeros written for a run with no successful request are not measurements.
    warnings.push(
      `${where}every request failed (0 completed, ${run.numFailed ?? 0} failed): no latency or length data`,
    );
    return { run, warnings };
  }
  run.ttftMs = family(o, "ttft", loc);
  run.tpotMs = family(o, "tpot", loc);
  run.itlMs = family(o, "itl", loc);
  run.e2eMs = family(o, "e2el", loc);
  run.latencyNotes.push("TPOT = per-request (e2e − TTFT)/(output tokens − 1); ITL = every token gap pooled");
  if (!run.e2eMs) run.latencyNotes.push("no end-to-end latency (run without --percentile-metrics e2el)");
  run.perRequest = perRequestFromArrays(o, loc);
  return { run, warnings };
}

/** `vllm bench throughput` five-key JSON → one offline run (no latency, model or length data in the file). */
export function vllmThroughputToRun(o: Record<string, unknown>): BakeoffRun {
  const run = blankRun("vllm");
  run.toolVersion = "bench throughput";
  run.load = { kind: "offline", concurrency: null, requestRate: null };
  run.numRequests = count(o.num_requests, "num_requests");
  run.durationS = quantity(o.elapsed_time, "duration", "elapsed_time");
  run.reqPerS = rate(o.requests_per_second, "requests_per_second") ?? div(run.numRequests, run.durationS);
  run.totalTokPerS =
    rate(o.tokens_per_second, "tokens_per_second") ?? div(count(o.total_num_tokens, "total_num_tokens"), run.durationS);
  run.latencyNotes.push("offline engine run: tokens_per_second counts prompt + output tokens; no latency recorded");
  return run;
}
