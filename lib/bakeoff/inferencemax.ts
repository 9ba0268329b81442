// InferenceMAX / InferenceX (SemiAnalysis): aggregate rows `agg_<name>.json` (latencies in seconds, `_ms`
// dropped; throughputs per GPU), collected arrays `agg_bmk.json` (incl. AgentX agentic rows), and raw
// per-run files from its vLLM fork (vLLM format + best_of / "request_goodput:" / benchmark_*_unix).
// Pure: parsed JSON in, runs out.
import type { BakeoffRun } from "@/lib/types";
import {
  BakeoffParseError,
  blankRun,
  count,
  div,
  isObject,
  type Loc,
  latency,
  mul,
  NO_LOC,
  normalizeModelName,
  type Obj,
  type ParsedFile,
  pick,
  quantity,
  rate,
} from "./common";
import { isVllmServe, vllmServeToRun } from "./vllm";

export function isInferenceMaxAgg(v: unknown): v is Obj {
  return isObject(v) && "tput_per_gpu" in v && "hw" in v && "conc" in v;
}

export function isInferenceMaxAggArray(v: unknown): v is Obj[] {
  return Array.isArray(v) && v.length > 0 && v.every(isInferenceMaxAgg);
}

/** A vLLM serve file written by InferenceX's fork of benchmark_serving.py. */
export function isInferenceMaxRaw(v: unknown, filename: string | null): v is Obj {
  if (!isVllmServe(v)) return false;
  if ("benchmark_start_time_unix" in v || "benchmark_end_time_unix" in v) return true;
  // best_of survives in the fork but left upstream together with use_beam_search.
  if ("best_of" in v && !("use_beam_search" in v) && "p99.9_ttft_ms" in v) return true;
  return /concurrency_\d+_req_rate_[^/\\]*gpus_\d+/i.test(filename ?? "");
}

/** GPUs behind a row: num_prefill_gpu + num_decode_gpu (multinode), else tp · pp · pcp_size. */
export function inferenceMaxGpuCount(o: Obj, loc: Loc = NO_LOC): number | null {
  const c = (k: string) => count(o[k], k, loc);
  const pre = c("num_prefill_gpu");
  const dec = c("num_decode_gpu");
  if (o.is_multinode === true || (pre !== null && dec !== null)) {
    return pre !== null && dec !== null ? pre + dec : null;
  }
  const tp = c("tp");
  if (tp === null) return null;
  return tp * (c("pp") ?? 1) * (c("pcp_size") ?? 1);
}

const BLOCKS: Record<string, string> = { ttft: "TTFT", tpot: "TPOT", itl: "ITL", e2el: "E2E latency" };

function secFamily(o: Obj, m: string, loc: Loc) {
  return latency(
    {
      mean: pick(o, `mean_${m}`),
      p50: pick(o, `median_${m}`, `p50_${m}`),
      p90: pick(o, `p90_${m}`),
      p95: pick(o, `p95_${m}`),
      p99: pick(o, `p99_${m}`),
    },
    1000,
    BLOCKS[m] ?? m,
    loc,
  );
}

/** One aggregate row → one run. `{"tp": 8, "tput_per_gpu": 55.63, "p99_ttft": 0.586}` → 8 GPUs, 445 tok/s, 586 ms. */
export function inferenceMaxAggToRun(o: Obj, where = ""): { run: BakeoffRun; warnings: string[] } {
  const warnings: string[] = [];
  const loc: Loc = { where, line: null };
  const run = blankRun("inferencemax");
  const agentic = typeof o.scenario_type === "string" && o.scenario_type !== "";
  run.toolVersion = agentic ? `InferenceX agg row (${o.scenario_type})` : "InferenceX agg row";
  run.model = normalizeModelName(o.model);
  run.load = { kind: "concurrency", concurrency: count(o.conc, "conc", loc), requestRate: null };
  const gpus = inferenceMaxGpuCount(o, loc);
  run.accelerators = gpus;
  if (gpus === null) warnings.push(`${where}GPU count not derivable from the topology fields`);

  if (agentic) {
    const ok = pick(o, "num_requests_successful", "total_requests_completed");
    run.numRequests = count(ok.v, ok.field, loc);
    const total = count(o.num_requests_total, "num_requests_total", loc);
    if (total !== null && run.numRequests !== null && run.numRequests > total) {
      throw new BakeoffParseError(
        `${where}${ok.field} (${run.numRequests}) is more than num_requests_total (${total})`,
        null,
        ok.field,
      );
    }
    run.numFailed = total !== null && run.numRequests !== null ? total - run.numRequests : null;
    run.durationS = quantity(o.duration_seconds, "duration", "duration_seconds", loc);
    run.reqPerS = div(run.numRequests, run.durationS);
    run.outTokPerS = rate(o.output_tput_tps, "output_tput_tps", loc);
    run.totalTokPerS = rate(o.total_tput_tps, "total_tput_tps", loc);
    run.islMean = quantity(o.mean_input_tokens, "tokens", "mean_input_tokens", loc);
    run.oslMean = quantity(o.mean_output_tokens_actual, "tokens", "mean_output_tokens_actual", loc);
    warnings.push(`${where}agentic-coding row: multi-turn trace replay, not fixed ISL/OSL; p75 and std are not kept`);
  } else {
    run.islMean = quantity(o.isl, "tokens", "isl", loc);
    run.oslMean = quantity(o.osl, "tokens", "osl", loc);
    const decodeGpus = count(o.num_decode_gpu, "num_decode_gpu", loc) ?? gpus;
    run.totalTokPerS = mul(rate(o.tput_per_gpu, "tput_per_gpu", loc), gpus);
    run.outTokPerS = mul(rate(o.output_tput_per_gpu, "output_tput_per_gpu", loc), decodeGpus);
    warnings.push(
      `${where}ISL/OSL are the configured lengths; request count, duration and failures are not in agg rows`,
    );
    if (o.num_decode_gpu !== undefined && o.num_decode_gpu !== null)
      warnings.push(`${where}output tok/s = output_tput_per_gpu × decode GPUs`);
  }
  run.ttftMs = secFamily(o, "ttft", loc);
  run.tpotMs = secFamily(o, "tpot", loc);
  run.itlMs = secFamily(o, "itl", loc);
  run.e2eMs = secFamily(o, "e2el", loc);
  run.latencyNotes.push("latencies converted from seconds; TPOT = per-request (e2e − TTFT)/(out − 1), ITL pooled");
  return { run, warnings };
}

/** Raw fork file (vLLM serve format) → runs tagged "inferencemax"; GPU count from the file name only. */
export function inferenceMaxRawToParsed(values: { value: Obj; line: number }[], filename: string | null): ParsedFile {
  const runs: BakeoffRun[] = [];
  const warnings: string[] = [];
  const gm = /gpus_(\d+)/i.exec(filename ?? "");
  const pd = /ctx_(\d+)_gen_(\d+)/i.exec(filename ?? "");
  for (const d of values) {
    const many = values.length > 1;
    const r = vllmServeToRun(d.value, "inferencemax", many ? `line ${d.line}: ` : "", many ? d.line : null);
    r.run.toolVersion = "InferenceX benchmark_serving fork";
    if (gm?.[1] && r.run.accelerators === null) r.run.accelerators = Number(gm[1]);
    runs.push(r.run);
    warnings.push(...r.warnings);
  }
  if (gm?.[1]) {
    const split = pd ? ` (${pd[1]} prefill + ${pd[2]} decode)` : "";
    warnings.push(`GPU count ${gm[1]}${split} read from the file name only; the file does not record it`);
  }
  return { format: "inferencemax-raw-json", tool: "inferencemax", runs, warnings };
}

/** An agg row or a collected agg array → runs. */
export function inferenceMaxAggToParsed(v: Obj | Obj[]): ParsedFile {
  const rows = Array.isArray(v) ? v : [v];
  const runs: BakeoffRun[] = [];
  const warnings: string[] = [];
  rows.forEach((row, i) => {
    const r = inferenceMaxAggToRun(row, rows.length > 1 ? `row ${i + 1}: ` : "");
    runs.push(r.run);
    warnings.push(...r.warnings);
  });
  return {
    format: Array.isArray(v) ? "inferencemax-agg-array-json" : "inferencemax-agg-json",
    tool: "inferencemax",
    runs,
    warnings,
  };
}
