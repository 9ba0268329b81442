// NVIDIA GenAI-Perf and AIPerf exports: profile_export_{genai_perf,aiperf}.json and .csv.
// Both shapes are reduced to one metric table ({unit, avg, p50…}) and mapped once. Pure: text in, runs out.
// TPOT = `inter_token_latency` (per request, like vLLM TPOT); ITL (pooled gaps) = AIPerf `inter_chunk_latency`.
import type { BakeoffRun, BakeoffTool } from "@/lib/types";
import {
  BakeoffParseError,
  blankRun,
  count,
  isObject,
  latency,
  normalizeModelName,
  num,
  type ParsedFile,
} from "./common";
import { headerKey, readCsvTables } from "./csv-util";

interface MetricStats {
  unit: string | null;
  [stat: string]: number | string | null;
}
type MetricTable = Record<string, MetricStats>;

const AIPERF_KEYS = [
  "aiperf_version",
  "schema_version",
  "benchmark_duration",
  "total_token_throughput",
  "benchmark_id",
];

function isMetric(v: unknown): boolean {
  return isObject(v) && "unit" in v && "avg" in v;
}

export function isGenaiPerfJson(v: unknown): v is Record<string, unknown> {
  return (
    isObject(v) && (isMetric(v.time_to_first_token) || isMetric(v.request_throughput) || isMetric(v.request_latency))
  );
}

export function isAiperfJson(v: Record<string, unknown>): boolean {
  return AIPERF_KEYS.some((k) => k in v);
}

/** Header of the first CSV table: `Metric,avg,min,max,p99,…` (GenAI-Perf) or `Metric,avg,min,max,sum,p1,…` (AIPerf). */
export function genaiCsvTool(header: string[]): BakeoffTool | null {
  const h = header.map(headerKey);
  if (h[0] !== "metric" || !h.includes("avg")) return null;
  return h.includes("sum") || h.includes("std") || h.includes("p1") ? "aiperf" : "genai-perf";
}

/** Multiplier from a unit label to ms (latencies) — null when the unit is not a time. */
function toMsFactor(unit: string | null): number | null {
  const u = (unit ?? "").toLowerCase().trim();
  if (u === "ms" || u === "milliseconds") return 1;
  if (u === "s" || u === "sec" || u === "seconds") return 1000;
  if (u === "us" || u === "µs") return 1e-3;
  if (u === "ns") return 1e-6;
  return null;
}

function first(v: unknown): unknown {
  return Array.isArray(v) ? v[0] : v;
}

function configOf(cfg: Record<string, unknown>): { model: string | null; conc: number | null; rate: number | null } {
  const obj = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});
  const pa = obj(obj(cfg.perf_analyzer).stimulus);
  const lg = obj(cfg.loadgen);
  const ep = obj(cfg.endpoint);
  const phases = Array.isArray(cfg.phases) ? cfg.phases.filter(isObject) : [];
  const prof = phases.find((p) => p.name === "profiling") ?? phases[phases.length - 1] ?? {};
  const items = obj(cfg.models).items;
  const modelRaw =
    first(cfg.model) ??
    first(cfg.model_names) ??
    first(ep.model_names) ??
    (Array.isArray(items) && isObject(items[0]) ? items[0].name : undefined) ??
    cfg.formatted_model_name;
  return {
    model: normalizeModelName(modelRaw),
    conc: count(cfg.concurrency ?? pa.concurrency ?? lg.concurrency ?? prof.concurrency),
    rate: num(cfg.request_rate ?? pa.request_rate ?? lg.request_rate ?? prof.request_rate),
  };
}

/** The metric table → one run. Shared by the JSON and CSV readers so both give equal values. */
function tableToRun(t: MetricTable, tool: BakeoffTool, warnings: string[]): BakeoffRun {
  const run = blankRun(tool);
  const avg = (k: string) => num(t[k]?.avg);
  const lat = (k: string) => {
    const m = t[k];
    if (!m) return null;
    const f = toMsFactor(m.unit);
    if (f === null) {
      warnings.push(`${k}: unit "${m.unit ?? ""}" is not a time unit; ignored`);
      return null;
    }
    return latency({ mean: m.avg, p50: m.p50, p90: m.p90, p95: m.p95, p99: m.p99 }, f);
  };
  run.islMean = avg("input_sequence_length");
  run.oslMean = avg("output_sequence_length");
  run.numRequests = count(t.request_count?.avg);
  run.reqPerS = avg("request_throughput");
  run.outTokPerS = avg("output_token_throughput");
  run.ttftMs = lat("time_to_first_token");
  run.tpotMs = lat("inter_token_latency");
  run.itlMs = lat("inter_chunk_latency");
  run.e2eMs = lat("request_latency");
  run.latencyNotes.push("TPOT from inter_token_latency: per request (e2e − TTFT)/(output tokens − 1)");
  if (tool === "aiperf") {
    const dur = t.benchmark_duration;
    run.durationS = dur ? mul1000Inverse(num(dur.avg), dur.unit) : null;
    run.totalTokPerS = avg("total_token_throughput");
    run.numFailed = count(t.error_request_count?.avg) ?? 0;
  } else {
    run.totalTokPerS =
      run.outTokPerS !== null && run.reqPerS !== null && run.islMean !== null
        ? run.outTokPerS + run.reqPerS * run.islMean
        : null;
    if (run.totalTokPerS !== null)
      warnings.push("total tokens/s derived as output tok/s + req/s × mean ISL (GenAI-Perf does not report it)");
    warnings.push("GenAI-Perf does not report failed requests or the run duration");
    if (run.numRequests === null) warnings.push("request count not in this GenAI-Perf version's export");
  }
  return run;
}

/** benchmark_duration is in seconds; convert if a file states ms. */
function mul1000Inverse(v: number | null, unit: string | null): number | null {
  if (v === null) return null;
  const f = toMsFactor(unit);
  return f === null ? v : (v * f) / 1000;
}

/** profile_export_{genai_perf,aiperf}.json → one run. */
export function genaiPerfJsonToRun(o: Record<string, unknown>): ParsedFile {
  const tool: BakeoffTool = isAiperfJson(o) ? "aiperf" : "genai-perf";
  const warnings: string[] = [];
  const table: MetricTable = {};
  for (const [k, v] of Object.entries(o)) {
    if (isObject(v) && "avg" in v) {
      const stats: MetricStats = { unit: typeof v.unit === "string" ? v.unit : null };
      for (const [s, x] of Object.entries(v)) if (s !== "unit") stats[s] = num(x);
      table[k] = stats;
    }
  }
  const run = tableToRun(table, tool, warnings);
  const cfg = isObject(o.input_config) ? configOf(o.input_config) : { model: null, conc: null, rate: null };
  run.model = cfg.model;
  setLoad(run, cfg.conc, cfg.rate, warnings);
  if (tool === "aiperf") {
    run.toolVersion = typeof o.aiperf_version === "string" ? `aiperf ${o.aiperf_version}` : "aiperf";
    if (!("error_request_count" in o) && Array.isArray(o.error_summary)) {
      run.numFailed = o.error_summary.reduce<number>((s, e) => s + (isObject(e) ? (count(e.count) ?? 0) : 0), 0);
    }
  } else {
    const cfgObj = isObject(o.input_config) ? o.input_config : {};
    run.toolVersion = "model" in cfgObj ? "genai-perf (flat input_config, 2024)" : "genai-perf (nested config)";
  }
  return { format: `${tool}-json`, tool, runs: [run], warnings };
}

function setLoad(run: BakeoffRun, conc: number | null, rate: number | null, warnings: string[]): void {
  if (conc !== null) run.load = { kind: "concurrency", concurrency: conc, requestRate: null };
  else if (rate !== null) run.load = { kind: "rate", concurrency: null, requestRate: rate };
  else {
    run.load = { kind: "sweep-step", concurrency: null, requestRate: null };
    warnings.push("load (concurrency or request rate) not in the file");
  }
}

/** "Time To First Token (ms)" → ["time_to_first_token", "ms"]. */
function metricName(label: string): [string, string | null] {
  const m = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(label.trim());
  const name = (m?.[1] ?? label)
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
  return [name, m?.[2] ?? null];
}

/**
 * profile_export_{genai_perf,aiperf}.csv → one run. Numbers may be quoted with thousands separators
 * ("1,019.69"). The CSV has no config: concurrency and model come from the artifact folder name when given
 * (`…/meta_llama3-8b-instruct-openai-chat-concurrency10/…`).
 */
export function parseGenaiPerfCsv(text: string, filename: string | null): ParsedFile {
  const { tables } = readCsvTables(text);
  const head = tables[0];
  const tool = head ? genaiCsvTool(head.header) : null;
  if (!head || !tool) {
    throw new BakeoffParseError(
      "expected a GenAI-Perf/AIPerf CSV starting with a 'Metric,avg,min,max,…' header",
      head?.line ?? 1,
      "Metric",
    );
  }
  const warnings: string[] = [];
  const table: MetricTable = {};
  let gpus: Set<string> | null = null;
  for (const t of tables) {
    const h = t.header.map(headerKey);
    if (h[0] === "endpoint" && h.includes("gpu_index")) {
      const gi = h.indexOf("gpu_index");
      gpus = new Set(t.rows.map((r) => `${r.cells[0]}|${r.cells[gi]}`));
      continue;
    }
    if (h[0] !== "metric") continue;
    for (const r of t.rows) {
      const [name, unit] = metricName(r.cells[0] ?? "");
      if (!name) continue;
      const stats: MetricStats = { unit };
      if (h.length === 2 && h[1] === "value") stats.avg = num(r.cells[1]);
      else {
        for (let i = 1; i < h.length; i++) stats[h[i] ?? ""] = num(r.cells[i]);
      }
      table[name] = stats;
    }
  }
  if (table.benchmark_duration) table.benchmark_duration.unit = "sec";
  const run = tableToRun(table, tool, warnings);
  run.toolVersion = tool === "aiperf" ? "aiperf (csv)" : "genai-perf (csv)";
  const folder = (filename ?? "").split(/[/\\]+/).slice(-2, -1)[0] ?? "";
  const cm = /^(.+?)-[a-z_]+-[a-z_]+-concurrency(\d+)$/.exec(folder);
  const conc = cm?.[2] ? Number(cm[2]) : null;
  setLoad(run, conc, null, warnings);
  if (cm?.[1]) {
    run.model = cm[1];
    warnings.push(`model "${cm[1]}" and concurrency ${conc} read from the folder name; the CSV itself has neither`);
  } else warnings.push("the CSV does not name the model; the JSON export does");
  if (gpus && gpus.size > 0) {
    run.accelerators = gpus.size;
    warnings.push(`accelerator count ${gpus.size} from the GPU telemetry table`);
  }
  return { format: `${tool}-csv`, tool, runs: [run], warnings };
}
