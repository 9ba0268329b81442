// Test helper only: real LoadGen logs (shared/data/mlperf/loadgen) and real bake-off samples
// (shared/data/bakeoff) mapped minimally to ResultLatency and BakeoffRun. Reads files with node:fs.
import fs from "node:fs";
import { blankRun } from "@/lib/bakeoff/common";
import { sharedPath } from "@/lib/shared-data";
import type { BakeoffRun, PercentileSetMs, ResultLatency } from "@/lib/types";

type Row = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

function pct(text: string, label: RegExp): number | null {
  const m = new RegExp(`${label.source}\\s*:\\s*([\\d.]+)`).exec(text);
  return m?.[1] ? Number(m[1]) / 1e6 : null;
}

function pset(text: string, kind: "first token latency" | "time to output token"): PercentileSetMs {
  const p = (q: string) => pct(text, new RegExp(`${q.replace(".", "\\.")} percentile ${kind} \\(ns\\)`));
  return {
    min: null,
    max: null,
    mean: null,
    p50: p("50.00"),
    p90: p("90.00"),
    p95: p("95.00"),
    p97: p("97.00"),
    p99: p("99.00"),
    p999: p("99.90"),
  };
}

/** p99 TTFT/TPOT (ms) read from a real mlperf_log_summary.txt under shared/data/mlperf/loadgen. */
export function loadgenLatency(relDir: string): ResultLatency {
  const text = fs.readFileSync(sharedPath("mlperf", "loadgen", relDir, "mlperf_log_summary.txt"), "utf8");
  const limit = (k: string) => {
    const m = new RegExp(`${k} \\(ns\\): (\\d+)`).exec(text);
    return m?.[1] ? Number(m[1]) / 1e6 : null;
  };
  return {
    source: "loadgen",
    ttftMs: pset(text, "first token latency"),
    tpotMs: pset(text, "time to output token"),
    latencyMs: null,
    targetQps: null,
    ttftLimitMs: limit("ttft_latency"),
    tpotLimitMs: limit("tpot_latency"),
    loadgenVersion: null,
    minDurationMs: null,
    validity: /Result is : VALID/.test(text) ? "VALID" : /Result is : INVALID/.test(text) ? "INVALID" : "UNKNOWN",
    failedChecks: [],
    logValue: null,
    queryCount: null,
  };
}

const emptyRun: BakeoffRun = { ...blankRun("csv"), load: { kind: "rate", concurrency: null, requestRate: null } };

/** The real vLLM `bench serve` sample (shared/data/bakeoff/vllm/run=0.json), minimally mapped. */
export function vllmRun(): BakeoffRun {
  const d = JSON.parse(fs.readFileSync(sharedPath("bakeoff", "vllm", "run=0.json"), "utf8")) as Row;
  return {
    ...emptyRun,
    tool: "vllm",
    model: str(d.model_id),
    load: { kind: "concurrency", concurrency: num(d.max_concurrency), requestRate: null },
    numRequests: num(d.completed),
    numFailed: num(d.failed),
    durationS: num(d.duration),
    reqPerS: num(d.request_throughput),
    outTokPerS: num(d.output_throughput),
    totalTokPerS: num(d.total_token_throughput),
    validity: "VALID",
    ttftMs: { mean: num(d.mean_ttft_ms), p50: num(d.median_ttft_ms), p90: null, p95: null, p99: num(d.p99_ttft_ms) },
  };
}

/** The real LoadGen bake-off sample (shared/data/bakeoff/mlperf-loadgen/amd-8xMI300X-llama2-70b-99-server). */
export function loadgenRun(): BakeoffRun {
  const text = fs.readFileSync(
    sharedPath("bakeoff", "mlperf-loadgen", "amd-8xMI300X-llama2-70b-99-server", "mlperf_log_summary.txt"),
    "utf8",
  );
  const tok = /Completed tokens per second\s*:\s*([\d.]+)/.exec(text);
  return {
    ...emptyRun,
    tool: "mlperf-loadgen",
    model: "llama2-70b-99",
    load: { kind: "mlperf-server", concurrency: null, requestRate: null },
    outTokPerS: tok?.[1] ? Number(tok[1]) : null,
    validity: /Result is : VALID/.test(text) ? "VALID" : "INVALID",
    ttftLimitMs: 2000,
    tpotLimitMs: 200,
    scenarioHint: "Server",
  };
}
