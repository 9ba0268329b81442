// InferenceMAX / InferenceX (SemiAnalysis): aggregate rows `agg_<name>.json` (latencies in seconds, `_ms`
// dropped; throughputs per GPU), collected arrays `agg_bmk.json` (incl. AgentX agentic rows), and raw
// per-run files from its vLLM fork (vLLM format + best_of / "request_goodput:" / benchmark_*_unix).
// Pure: parsed JSON in, runs out.
import type { BakeoffRun } from "@/lib/types";
import { blankRun, count, div, isObject, latency, mul, normalizeModelName, num, type ParsedFile } from "./common";
import { isVllmServe, vllmServeToRun } from "./vllm";

type Obj = Record<string, unknown>;

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
export function inferenceMaxGpuCount(o: Obj): number | null {
  const pre = num(o.num_prefill_gpu);
  const dec = num(o.num_decode_gpu);
  if (o.is_multinode === true || (pre !== null && dec !== null)) {
    return pre !== null && dec !== null ? pre + dec : null;
  }
  const tp = num(o.tp);
  if (tp === null) return null;
  return tp * (num(o.pp) ?? 1) * (num(o.pcp_size) ?? 1);
}

function secFamily(o: Obj, m: string) {
  return latency(
    {
      mean: o[`mean_${m}`],
      p50: o[`median_${m}`] ?? o[`p50_${m}`],
      p90: o[`p90_${m}`],
      p95: o[`p95_${m}`],
      p99: o[`p99_${m}`],
    },
    1000,
  );
}

/** One aggregate row → one run. `{"tp": 8, "tput_per_gpu": 55.63, "p99_ttft": 0.586}` → 8 GPUs, 445 tok/s, 586 ms. */
export function inferenceMaxAggToRun(o: Obj, where = ""): { run: BakeoffRun; warnings: string[] } {
  const warnings: string[] = [];
  const run = blankRun("inferencemax");
  const agentic = typeof o.scenario_type === "string" && o.scenario_type !== "";
  run.toolVersion = agentic ? `InferenceX agg row (${o.scenario_type})` : "InferenceX agg row";
  run.model = normalizeModelName(o.model);
  run.load = { kind: "concurrency", concurrency: count(o.conc), requestRate: null };
  const gpus = inferenceMaxGpuCount(o);
  run.accelerators = gpus;
  if (gpus === null) warnings.push(`${where}GPU count not derivable from the topology fields`);

  if (agentic) {
    run.numRequests = count(o.num_requests_successful ?? o.total_requests_completed);
    const total = count(o.num_requests_total);
    run.numFailed = total !== null && run.numRequests !== null ? Math.max(0, total - run.numRequests) : null;
    run.durationS = num(o.duration_seconds);
    run.reqPerS = div(run.numRequests, run.durationS);
    run.outTokPerS = num(o.output_tput_tps);
    run.totalTokPerS = num(o.total_tput_tps);
    run.islMean = num(o.mean_input_tokens);
    run.oslMean = num(o.mean_output_tokens_actual);
    warnings.push(`${where}agentic-coding row: multi-turn trace replay, not fixed ISL/OSL; p75 and std are not kept`);
  } else {
    run.islMean = num(o.isl);
    run.oslMean = num(o.osl);
    const decodeGpus = num(o.num_decode_gpu) ?? gpus;
    run.totalTokPerS = mul(num(o.tput_per_gpu), gpus);
    run.outTokPerS = mul(num(o.output_tput_per_gpu), decodeGpus);
    warnings.push(
      `${where}ISL/OSL are the configured lengths; request count, duration and failures are not in agg rows`,
    );
    if (num(o.num_decode_gpu) !== null) warnings.push(`${where}output tok/s = output_tput_per_gpu × decode GPUs`);
  }
  run.ttftMs = secFamily(o, "ttft");
  run.tpotMs = secFamily(o, "tpot");
  run.itlMs = secFamily(o, "itl");
  run.e2eMs = secFamily(o, "e2el");
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
    const r = vllmServeToRun(d.value, "inferencemax", values.length > 1 ? `line ${d.line}: ` : "");
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
