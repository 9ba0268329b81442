// NVIDIA GenAI-Perf and AIPerf exports: profile_export_{genai_perf,aiperf}.json and .csv.
// Both shapes are reduced to one metric table ({unit, avg, p50…}) and mapped once. Pure: text in, runs out.
// TPOT = `inter_token_latency` (per request, like vLLM TPOT); ITL (pooled gaps) = AIPerf `inter_chunk_latency`.
import type { BakeoffRun, BakeoffTool } from "@/lib/types";
import {
  BakeoffParseError,
  blankRun,
  count,
  isObject,
  type Loc,
  latency,
  NO_LOC,
  normalizeModelName,
  obj,
  type ParsedFile,
  quantity,
  rate,
  type Src,
} from "./common";
import { headerKey, readCsvTables } from "./csv-util";
import type { Quantity } from "./plausible";

/** One metric's stats as written (checked only when read), where it is, and each stat's name in messages. */
interface MetricStats {
  unit: string | null;
  stats: Record<string, unknown>;
  loc: Loc;
  field: (stat: string) => string;
}
type MetricTable = Record<string, MetricStats>;

const LATENCY_BLOCKS: Record<string, string> = {
  time_to_first_token: "TTFT",
  inter_token_latency: "TPOT (inter_token_latency)",
  inter_chunk_latency: "ITL (inter_chunk_latency)",
  request_latency: "E2E latency (request_latency)",
};

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

/**
 * AIPerf 0.1–0.2 `profile_export_aiperf.json`: metrics nested under `records`, keyed by metric tag, each a
 * MetricResult `{tag, unit, header, avg, min, max, p1…p99, std, count}` (aiperf/exporters/json_exporter.py
 * @ 030f22db, JsonExportData.records; aiperf/common/models/record_models.py @ 02402e8f, MetricResult).
 */
export function isAiperfRecordsJson(v: unknown): v is Record<string, unknown> {
  if (!isObject(v) || !isObject(v.records)) return false;
  return Object.values(v.records).some((m) => isObject(m) && "unit" in m && ("avg" in m || "tag" in m));
}

/** Tags of the records era that the flat export renamed (ttft → time_to_first_token). */
const RECORD_TAG_ALIASES: Record<string, string> = { ttft: "time_to_first_token", ttst: "time_to_second_token" };

/** The nested records export as the flat shape (metric objects at the top level), keeping its other keys. */
export function flattenAiperfRecords(o: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (k !== "records") flat[k] = v;
  for (const [tag, m] of Object.entries(isObject(o.records) ? o.records : {})) {
    if (isObject(m) && "avg" in m) flat[RECORD_TAG_ALIASES[tag] ?? tag] = m;
  }
  return flat;
}

/** Header of the first CSV table: `Metric,avg,min,max,p99,…` (GenAI-Perf) or `Metric,avg,min,max,sum,p1,…` (AIPerf). */
export function genaiCsvTool(header: string[]): BakeoffTool | null {
  const h = header.map(headerKey);
  if (h[0] !== "metric" || !h.includes("avg")) return null;
  return h.includes("sum") || h.includes("std") || h.includes("p1") ? "aiperf" : "genai-perf";
}

/** How a run says its output tokens/s includes reasoning tokens (the overlay labels the figure by it). */
export const REASONING_NOTE = "output tokens/s counts reasoning tokens";

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
  const from = (k: string): Src => {
    const places: [string, Record<string, unknown>][] = [
      ["input_config", cfg],
      ["input_config.perf_analyzer.stimulus", pa],
      ["input_config.loadgen", lg],
      ["input_config.phases[profiling]", prof],
    ];
    const hit = places.find(([, o]) => o[k] !== undefined && o[k] !== null);
    return hit ? { v: hit[1][k], field: `${hit[0]}.${k}` } : { v: undefined, field: k };
  };
  const c = from("concurrency");
  const r = from("request_rate");
  return { model: normalizeModelName(modelRaw), conc: count(c.v, c.field), rate: rate(r.v, r.field) };
}

/** The metric table → one run. Shared by the JSON and CSV readers so both give equal values. */
function tableToRun(t: MetricTable, tool: BakeoffTool, warnings: string[]): BakeoffRun {
  const run = blankRun(tool);
  const avg = (k: string, kind: Quantity) => {
    const m = t[k];
    return m ? quantity(m.stats.avg, kind, m.field("avg"), m.loc) : null;
  };
  const lat = (k: string) => {
    const m = t[k];
    if (!m) return null;
    const f = toMsFactor(m.unit);
    if (f === null) {
      warnings.push(`${k}: unit "${m.unit ?? ""}" is not a time unit; ignored`);
      return null;
    }
    const src = (s: string): Src => ({ v: m.stats[s], field: m.field(s) });
    const p = {
      min: src("min"),
      mean: src("avg"),
      p50: src("p50"),
      p90: src("p90"),
      p95: src("p95"),
      p99: src("p99"),
    };
    return latency(p, f, LATENCY_BLOCKS[k] ?? k, m.loc);
  };
  run.islMean = avg("input_sequence_length", "tokens");
  run.oslMean = avg("output_sequence_length", "tokens");
  run.numRequests = avg("request_count", "count");
  run.reqPerS = avg("request_throughput", "rate");
  run.outTokPerS = avg("output_token_throughput", "rate");
  run.ttftMs = lat("time_to_first_token");
  run.tpotMs = lat("inter_token_latency");
  run.itlMs = lat("inter_chunk_latency");
  run.e2eMs = lat("request_latency");
  run.latencyNotes.push("TPOT from inter_token_latency: per request (e2e − TTFT)/(output tokens − 1)");
  if (tool === "aiperf") {
    const dur = t.benchmark_duration;
    run.durationS = dur
      ? quantity(dur.stats.avg, "duration", dur.field("avg"), dur.loc, secondsFactor(dur.unit))
      : null;
    run.totalTokPerS = avg("total_token_throughput", "rate");
    run.numFailed = avg("error_request_count", "count") ?? 0;
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

/** benchmark_duration is in seconds; the factor to seconds when a file states another time unit. */
function secondsFactor(unit: string | null): number {
  const f = toMsFactor(unit);
  return f === null ? 1 : f / 1000;
}

/** profile_export_{genai_perf,aiperf}.json → one run. */
export function genaiPerfJsonToRun(o: Record<string, unknown>, nested = false): ParsedFile {
  const tool: BakeoffTool = nested || isAiperfJson(o) ? "aiperf" : "genai-perf";
  const warnings: string[] = [];
  const table: MetricTable = {};
  for (const [k, v] of Object.entries(o)) {
    if (isObject(v) && "avg" in v) {
      const unit = typeof v.unit === "string" ? v.unit : null;
      table[k] = { unit, stats: v, loc: NO_LOC, field: (s) => `${k}.${s}` };
    }
  }
  const run = tableToRun(table, tool, warnings);
  const cfg = isObject(o.input_config) ? configOf(o.input_config) : { model: null, conc: null, rate: null };
  run.model = cfg.model;
  setLoad(run, cfg.conc, cfg.rate, warnings);
  if (tool === "aiperf") {
    run.toolVersion =
      typeof o.aiperf_version === "string"
        ? `aiperf ${o.aiperf_version}`
        : nested
          ? "aiperf 0.1–0.2 (metrics under records)"
          : "aiperf";
    const reasoning = table.total_reasoning_tokens ?? table.reasoning_token_count;
    const rt = reasoning ? quantity(reasoning.stats.avg, "tokens", reasoning.field("avg"), reasoning.loc) : null;
    if (rt !== null && rt > 0 && run.outTokPerS !== null) {
      run.latencyNotes.push(
        `${REASONING_NOTE} (AIPerf: output sequence length = output + reasoning tokens; ${reasoning === table.total_reasoning_tokens ? `${rt} reasoning tokens in all` : `${rt} reasoning tokens per request on average`})`,
      );
    }
    if (!("error_request_count" in o) && Array.isArray(o.error_summary)) {
      run.numFailed = o.error_summary.reduce<number>(
        (s, e, i) => s + (isObject(e) ? (count(e.count, `error_summary[${i}].count`) ?? 0) : 0),
        0,
      );
    }
  } else {
    const cfgObj = isObject(o.input_config) ? o.input_config : {};
    run.toolVersion = "model" in cfgObj ? "genai-perf (flat input_config, 2024)" : "genai-perf (nested config)";
  }
  return { format: nested ? "aiperf-records-json" : `${tool}-json`, tool, runs: [run], warnings };
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
 * What GenAI-Perf's default artifact folder says about its run. GenAI-Perf names it
 * `{model, "/" → "_"}-{openai-<endpoint type> | triton-<backend> | tensorrtllm_engine}-{concurrency<N> | request_rate<R>}`
 * (triton-inference-server/perf_analyzer genai-perf/genai_perf/parser.py `_set_artifact_paths` @ 00afbedf; the model
 * part is `formatted_model_name`, `<first>_multi` for several models). Under the openai service kind the model is an
 * OpenAI-API model id, an "org/name" id: one "_" there is the "/" GenAI-Perf replaced, so
 * "meta_llama3-8b-instruct-openai-chat-concurrency10" → model "meta/llama3-8b-instruct", as the JSON export's
 * input_config.model says. Other underscores are kept (a Triton model "tensorrt_llm_bls" is its own name).
 */
export function genaiArtifactFolder(
  folder: string,
): { model: string; concurrency: number | null; requestRate: number | null } | null {
  const m =
    /^(.+?)-(openai-[a-z_]+|triton-[a-z_]+|tensorrtllm_engine)(?:-concurrency(\d+)|-request_rate(\d+(?:\.\d+)?))?$/.exec(
      folder,
    );
  if (!m?.[1]) return null;
  const openai = m[2]?.startsWith("openai-") === true;
  const model = openai && /^[^_]+_[^_]+$/.test(m[1]) ? m[1].replace("_", "/") : m[1];
  return { model, concurrency: m[3] ? Number(m[3]) : null, requestRate: m[4] ? Number(m[4]) : null };
}

/**
 * profile_export_{genai_perf,aiperf}.csv → one run. Numbers may be quoted with thousands separators
 * ("1,019.69"). The CSV has no config: load and model come from GenAI-Perf's artifact folder name when given
 * (`…/meta_llama3-8b-instruct-openai-chat-concurrency10/…`, genaiArtifactFolder), so the CSV names the model as its
 * JSON sibling does.
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
    const valueTable = h.length === 2 && h[1] === "value";
    for (const r of t.rows) {
      const label = r.cells[0] ?? "";
      const [name, unit] = metricName(label);
      if (!name) continue;
      const stats: Record<string, unknown> = {};
      if (valueTable) stats.avg = r.cells[1];
      else for (let i = 1; i < h.length; i++) stats[h[i] ?? ""] = r.cells[i];
      const loc: Loc = { where: `line ${r.line}: `, line: r.line };
      table[name] = { unit, stats, loc, field: (s) => (valueTable ? label : `${label} ${s}`) };
    }
  }
  if (table.benchmark_duration) table.benchmark_duration.unit = "sec";
  const run = tableToRun(table, tool, warnings);
  run.toolVersion = tool === "aiperf" ? "aiperf (csv)" : "genai-perf (csv)";
  const folder = (filename ?? "").split(/[/\\]+/).slice(-2, -1)[0] ?? "";
  const art = genaiArtifactFolder(folder);
  setLoad(run, art?.concurrency ?? null, art?.requestRate ?? null, warnings);
  if (art) {
    run.model = art.model;
    const load =
      art.concurrency !== null
        ? `concurrency ${art.concurrency}`
        : art.requestRate !== null
          ? `request rate ${art.requestRate}`
          : null;
    warnings.push(
      `model "${art.model}"${load ? ` and ${load}` : ""} read from the folder name; the CSV itself has neither`,
    );
  } else warnings.push("the CSV does not name the model; the JSON export does");
  if (gpus && gpus.size > 0) {
    run.accelerators = gpus.size;
    warnings.push(`accelerator count ${gpus.size} from the GPU telemetry table`);
  }
  return { format: `${tool}-csv`, tool, runs: [run], warnings };
}
