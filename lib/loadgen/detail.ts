// Streaming parser for LoadGen's machine log (mlperf_log_detail.txt: one ":::MLLOG {json}" per line).
// Pure and O(1) memory: keeps only the fields it needs; JSON.parse runs only on lines whose key it wants.
import type { LoadgenRun, SourceError } from "@/lib/types";
import {
  CHECK,
  earlyStoppingOutcome,
  emptyLoadgenRun,
  failedChecksOf,
  LOADGEN_PERCENTILES,
  type PercentileSlot,
  percentileSlot,
} from "./run";
import type { LoadgenParseResult } from "./summary";

export interface DetailParser {
  pushLine(line: string, lineNo: number): void;
  finish(): LoadgenParseResult;
}

const PREFIX = ":::MLLOG ";
const FAST_PREFIX = ':::MLLOG {"key": "';
/** Errors kept per file; beyond this only a count, so a garbage 100 MB file cannot grow memory. */
const MAX_ERRORS = 50;

type Handler = (run: LoadgenRun, value: unknown, set: (field: string, priority: number) => boolean) => void;

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

function buildHandlers(): Map<string, Handler> {
  const h = new Map<string, Handler>();
  // priority: "effective_*" beats "requested_*" whatever their order in the file.
  const numField = (key: string, field: keyof LoadgenRun, priority = 1) =>
    h.set(key, (run, v, set) => {
      if (set(field, priority)) (run as unknown as Record<string, unknown>)[field] = num(v);
    });
  const strField = (key: string, field: keyof LoadgenRun, priority = 1) =>
    h.set(key, (run, v, set) => {
      if (set(field, priority)) (run as unknown as Record<string, unknown>)[field] = str(v);
    });
  const pct = (key: string, set: "latencyNs" | "ttftNs" | "tpotNs", slot: PercentileSlot) =>
    h.set(key, (run, v) => {
      run[set][slot] = num(v);
    });
  const check = (key: string, name: string) =>
    h.set(key, (run, v) => {
      if (typeof v === "boolean") run.checks[name] = v;
    });
  const earlyStop = (key: string, name: string) =>
    h.set(key, (run, v) => {
      const ok = typeof v === "string" ? earlyStoppingOutcome(v) : null;
      if (ok !== null) run.checks[name] = ok;
    });

  strField("loadgen_version", "loadgenVersion");
  strField("sut_name", "sutName");
  strField("requested_scenario", "scenarioHeader", 1);
  strField("effective_scenario", "scenarioHeader", 2);
  strField("requested_test_mode", "mode", 1);
  strField("effective_test_mode", "mode", 2);
  h.set("result_validity", (run, v) => {
    run.validity = v === "VALID" || v === "INVALID" ? v : "UNKNOWN";
  });
  numField("result_samples_per_second", "samplesPerSecond");
  numField("result_tokens_per_second", "tokensPerSecond");
  numField("result_completed_samples_per_sec", "samplesPerSecond");
  numField("result_completed_tokens_per_second", "tokensPerSecond");
  // result_token_throughput is deliberately absent: it holds a meaningless ~1e-8 value.
  numField("result_scheduled_samples_per_sec", "scheduledSamplesPerSecond");
  numField("result_query_count", "queryCount");
  numField("requested_server_target_qps", "targetQps", 1);
  numField("requested_offline_expected_qps", "targetQps", 1);
  numField("effective_target_qps", "targetQps", 2);
  numField("requested_server_ttft_latency", "ttftLimitNs", 1);
  numField("effective_ttft_latency_ns", "ttftLimitNs", 2);
  numField("effective_server_ttft_latency", "ttftLimitNs", 2);
  numField("requested_server_tpot_latency", "tpotLimitNs", 1);
  numField("effective_tpot_latency_ns", "tpotLimitNs", 2);
  numField("effective_server_tpot_latency", "tpotLimitNs", 2);
  numField("requested_min_duration_ms", "minDurationMs", 1);
  numField("effective_min_duration_ms", "minDurationMs", 2);
  numField("requested_min_query_count", "minQueryCount", 1);
  numField("effective_min_query_count", "minQueryCount", 2);
  numField("effective_samples_per_query", "samplesPerQuery", 2);

  for (const s of ["min", "max", "mean"] as const) {
    pct(`result_${s}_latency_ns`, "latencyNs", s);
    pct(`result_first_token_${s}_latency_ns`, "ttftNs", s);
    pct(`result_time_to_output_token_${s}`, "tpotNs", s);
    pct(`result_time_per_output_token_${s}`, "tpotNs", s);
  }
  for (const p of LOADGEN_PERCENTILES) {
    const slot = percentileSlot(Number(p));
    if (!slot) continue;
    pct(`result_${p}_percentile_latency_ns`, "latencyNs", slot);
    pct(`result_first_token_${p}_percentile_latency_ns`, "ttftNs", slot);
    pct(`result_time_per_output_token_${p}_percentile_ns`, "tpotNs", slot);
    pct(`result_time_to_output_token_${p}_percentile_ns`, "tpotNs", slot);
  }
  check("result_perf_constraints_met", CHECK.perfConstraints);
  check("result_min_duration_met", CHECK.minDuration);
  check("result_min_queries_met", CHECK.minQueries);
  check("early_stopping_met", CHECK.earlyStopping);
  earlyStop("early_stopping_ttft_result", CHECK.ttftEarlyStopping);
  earlyStop("early_stopping_tpot_result", CHECK.tpotEarlyStopping);
  earlyStop("early_stopping_result", CHECK.latencyEarlyStopping);
  return h;
}

const HANDLERS = buildHandlers();

/** Parses the JSON part of an MLLOG line; tolerates bare nan/inf values (some LoadGen builds print them). */
function parsePayload(line: string): { key?: unknown; value?: unknown } | null {
  const json = line.slice(PREFIX.length);
  try {
    return JSON.parse(json) as { key?: unknown; value?: unknown };
  } catch {
    const patched = json.replace(/("value":\s*)-?(?:nan|inf|infinity)\b/i, "$1null");
    if (patched === json) return null;
    try {
      return JSON.parse(patched) as { key?: unknown; value?: unknown };
    } catch {
      return null;
    }
  }
}

/**
 * Streaming parser: push lines in order, then finish(). Example:
 * `:::MLLOG {"key": "result_completed_tokens_per_second", "value": 785522, ...}` → run.tokensPerSecond === 785522.
 */
export function createDetailParser(source: string): DetailParser {
  const run = emptyLoadgenRun();
  run.hasDetail = true;
  const priorities = new Map<string, number>();
  const errors: SourceError[] = [];
  let dropped = 0;
  let lines = 0;
  let lastLineNo = 0;
  let sawValidity = false;
  let sawSamples = false;
  let sawTokens = false;
  let useTokenLatencies = false;
  /** The newest bad line: reported as "cut mid-way" if nothing follows it. */
  let pendingBad: { lineNo: number; message: string } | null = null;

  const set = (field: string, priority: number): boolean => {
    const prev = priorities.get(field) ?? 0;
    if (priority < prev) return false;
    priorities.set(field, priority);
    return true;
  };
  const addError = (line: number | null, field: string | null, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ source, line, field, message });
    else dropped++;
  };
  const flushBad = () => {
    if (pendingBad) addError(pendingBad.lineNo, null, pendingBad.message);
    pendingBad = null;
  };

  function pushLine(rawLine: string, lineNo: number): void {
    const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
    if (line.length === 0 || line.trim() === "") return;
    flushBad();
    lines++;
    lastLineNo = lineNo;
    if (!line.startsWith(PREFIX)) {
      pendingBad = { lineNo, message: "not a :::MLLOG line" };
      return;
    }
    let key: string | null = null;
    if (line.startsWith(FAST_PREFIX)) {
      const end = line.indexOf('"', FAST_PREFIX.length);
      if (end > 0) key = line.slice(FAST_PREFIX.length, end);
    }
    // A cheap completeness test, so unparsed lines still reveal a cut: every MLLOG object ends with "}".
    const complete = line.charCodeAt(line.length - 1) === 125 /* } */;
    if (key === "requested_use_token_latencies") useTokenLatencies = line.includes('"value": true');
    if (key !== null && !HANDLERS.has(key)) {
      if (!complete) pendingBad = { lineNo, message: "line is not valid JSON" };
      return;
    }
    const payload = parsePayload(line);
    if (!payload || typeof payload !== "object") {
      pendingBad = { lineNo, message: "line is not valid JSON" };
      return;
    }
    const k = typeof payload.key === "string" ? payload.key : null;
    const handler = k === null ? undefined : HANDLERS.get(k);
    if (!handler) return;
    handler(run, payload.value, set);
    if (k === "result_validity") sawValidity = true;
    if (k === "result_samples_per_second" || k === "result_completed_samples_per_sec") sawSamples = true;
    if (k === "result_tokens_per_second" || k === "result_completed_tokens_per_second") sawTokens = true;
  }

  function finish(): LoadgenParseResult {
    if (pendingBad) {
      const { lineNo, message } = pendingBad;
      pendingBad = null;
      addError(lineNo, null, `${message}: the last line is incomplete (log cut mid-way?)`);
    }
    if (lines === 0) {
      return { run: null, errors: [{ source, line: null, field: null, message: "empty LoadGen detail log" }] };
    }
    if (!sawValidity) addError(lastLineNo, "result_validity", "log ends before result_validity (truncated?)");
    const latencyScenario = /^(single|multi)stream$/i.test(run.scenarioHeader ?? "");
    const server = run.scenarioHeader === "Server";
    if (!sawSamples && !latencyScenario) {
      const field = server ? "result_completed_samples_per_sec" : "result_samples_per_second";
      addError(lastLineNo, field, "log ends before the throughput entry (truncated?)");
    }
    // LLM runs (requested_use_token_latencies) must also report tokens/s; it is logged last.
    if (useTokenLatencies && !sawTokens && !latencyScenario) {
      const field = server ? "result_completed_tokens_per_second" : "result_tokens_per_second";
      addError(lastLineNo, field, "log ends before the tokens/s entry (truncated?)");
    }
    if (dropped > 0) errors.push({ source, line: null, field: null, message: `${dropped} more errors not shown` });
    run.failedChecks = failedChecksOf(run.checks);
    return { run, errors };
  }

  return { pushLine, finish };
}

/** Convenience: the whole file as one string. Walks it with indexOf, without building a line array. */
export function parseLoadgenDetail(text: string, source: string): LoadgenParseResult {
  const parser = createDetailParser(source);
  let start = 0;
  let lineNo = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    lineNo++;
    if (end > start) parser.pushLine(text.slice(start, end), lineNo);
    start = end + 1;
  }
  return parser.finish();
}
