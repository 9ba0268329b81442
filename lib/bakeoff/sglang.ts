// SGLang `python -m sglang.bench_serving` JSONL (one appended line per run; bare Infinity rates).
// Three key eras: late-2024 (no p99, no TPOT), 2025 (p99 + TPOT), and the metrics.py refactor
// (total_input / total_output / total_throughput). Pure: text in, runs out. The model is never in the file.
import type { BakeoffRun } from "@/lib/types";
import { add, blankRun, count, div, isObject, latency, num, type ParsedFile, perRequestFromArrays } from "./common";
import { parseJsonDocuments } from "./json-tolerant";
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
export function sglangToRun(o: Record<string, unknown>, where = ""): { run: BakeoffRun; warnings: string[] } {
  const warnings: string[] = [];
  const run = blankRun("sglang");
  run.toolVersion = era(o);
  run.model = null;

  const conc = count(o.max_concurrency);
  const rawRate = o.request_rate;
  const rate = readRate(rawRate);
  const finiteRate = rate !== null && Number.isFinite(rate) ? rate : null;
  if (conc !== null) run.load = { kind: "concurrency", concurrency: conc, requestRate: finiteRate };
  else if (rate === Number.POSITIVE_INFINITY) run.load = { kind: "burst", concurrency: null, requestRate: null };
  else {
    run.load = { kind: "rate", concurrency: null, requestRate: finiteRate };
    if (finiteRate === null)
      warnings.push(`${where}request_rate is ${JSON.stringify(rawRate)} (trace replay?): no single rate`);
  }

  const completed = count(o.completed);
  const inTok = num(o.total_input_tokens ?? o.total_input);
  const outTok = num(o.total_output_tokens ?? o.total_output);
  run.numRequests = completed;
  run.numFailed = null; // num_prompts is not saved, so failures cannot be counted
  run.durationS = num(o.duration);
  run.islMean = div(inTok, completed);
  run.oslMean = div(outTok, completed);
  run.reqPerS = num(o.request_throughput) ?? div(completed, run.durationS);
  run.outTokPerS = num(o.output_throughput) ?? div(outTok, run.durationS);
  run.totalTokPerS =
    num(o.total_throughput) ??
    add(num(o.input_throughput), num(o.output_throughput)) ??
    (inTok !== null && outTok !== null ? div(inTok + outTok, run.durationS) : null);

  if (completed === 0) {
    warnings.push(`${where}no request completed: no latency or length data`);
    return { run, warnings };
  }
  run.ttftMs = latency({ mean: o.mean_ttft_ms, p50: o.median_ttft_ms, p99: o.p99_ttft_ms });
  run.tpotMs = latency({ mean: o.mean_tpot_ms, p50: o.median_tpot_ms, p99: o.p99_tpot_ms });
  run.itlMs = latency({ mean: o.mean_itl_ms, p50: o.median_itl_ms, p95: o.p95_itl_ms, p99: o.p99_itl_ms });
  run.e2eMs = latency({ mean: o.mean_e2e_latency_ms, p50: o.median_e2e_latency_ms, p99: o.p99_e2e_latency_ms });
  run.latencyNotes.push("TPOT = per-request (e2e − TTFT)/(output tokens − 1); ITL = every token gap pooled");
  if (!run.tpotMs) run.latencyNotes.push("no TPOT in this SGLang version's output");
  if (run.ttftMs && run.ttftMs.p99 === null) run.latencyNotes.push("no p99 TTFT in this SGLang version's output");
  run.perRequest = perRequestFromArrays(isObject(o.details) ? o.details : o);
  return { run, warnings };
}

/** SGLang JSONL text → one run per line, in file order. */
export function parseSglangText(text: string): ParsedFile {
  const docs = parseJsonDocuments(text);
  const runs: BakeoffRun[] = [];
  const warnings: string[] = [];
  for (const d of docs) {
    const where = docs.length > 1 ? `line ${d.line}: ` : "";
    if (!isSglang(d.value)) {
      warnings.push(`${where}skipped a JSON document that is not an SGLang result`);
      continue;
    }
    const r = sglangToRun(d.value, where);
    runs.push(r.run);
    warnings.push(...r.warnings);
  }
  if (runs.length > 0) {
    warnings.push("SGLang files do not name the model or count failed requests; enter the model by hand");
  }
  return { format: "sglang-bench-serving-jsonl", tool: "sglang", runs, warnings };
}
