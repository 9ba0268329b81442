// The MLPerf Endpoints client's performance/result_summary.json as a bake-off upload (tool "mlperf-endpoints"): one
// run → one load point. Reading is lib/endpoints/client-summary.ts's (every shape the client wrote; ns; percentile
// keys "90.0"/"90"); this maps it to the common record in ms. Pure.
// - load: run_config.load_pattern (report.py @ 03cd909): concurrency → concurrency N, poisson → rate target_qps,
//   max_throughput → offline; the oldest shapes write no load pattern (read from the file name, else unknown).
// - outTokPerS is the file's `tps`: SYSTEM-WIDE output tokens/s, over the legacy LoadGen window when
//   `legacy_loadgen_window_duration_ns` is set; no per-user figure is written (1000 / TPOT P90 is the rules' one).
// - TPOT is the client's tpot_ns: per request, excluding the first token. No ITL is written.
import { clientScenario, clientSummaryToLoadgenRun } from "@/lib/endpoints/client-run";
import { type ClientStat, parseClientSummary } from "@/lib/endpoints/client-summary";
import { InputError } from "@/lib/input-error";
import type { BakeoffRun, LatencyMs } from "@/lib/types";
import { BakeoffParseError, blankRun, isObject, type ParsedFile } from "./common";
import type { JsonDocument } from "./json-tolerant";
import { loadgenPathHints } from "./loadgen";
import type { DocContext, ServingTool } from "./tool-types";

/** A JSON document the client wrote: its sample counters and run duration beside a stat block. */
export function isEndpointsClientSummary(v: unknown): boolean {
  return (
    isObject(v) &&
    "n_samples_completed" in v &&
    "duration_ns" in v &&
    ("ttft" in v || "tpot" in v || "output_sequence_lengths" in v)
  );
}

function ms(stat: ClientStat | null): LatencyMs | null {
  if (!stat) return null;
  const p = (k: string) => {
    const v = stat.percentiles[k];
    return v === undefined || v === null ? null : v / 1e6;
  };
  const out: LatencyMs = {
    mean: stat.avg !== null ? stat.avg / 1e6 : null,
    p50: p("50") ?? (stat.median !== null ? stat.median / 1e6 : null),
    p90: p("90"),
    p95: p("95"),
    p99: p("99"),
  };
  if (stat.min !== null) out.min = stat.min / 1e6;
  return Object.values(out).every((x) => x === null) ? null : out;
}

/** One result_summary.json → one run. `text` is the file as uploaded, so errors name its lines. */
export function endpointsToParsed(text: string, filename: string | null): ParsedFile {
  const file = filename ?? "result_summary.json";
  let s: ReturnType<typeof parseClientSummary>;
  try {
    s = parseClientSummary(text, file);
  } catch (e) {
    if (e instanceof InputError) throw new BakeoffParseError(e.message, e.line, e.field);
    throw e;
  }
  const warnings: string[] = [];
  const hints = loadgenPathHints(filename);
  const run: BakeoffRun = blankRun("mlperf-endpoints");
  run.toolVersion = s.version ? `inference-endpoint ${s.version}` : `inference-endpoint (${s.shape} shape, no version)`;
  run.model = hints.model;
  warnings.push(
    hints.model
      ? `model "${hints.model}" read from the file path; result_summary.json does not name it`
      : "result_summary.json does not name the model; choose it by hand",
  );
  const lp = s.loadPattern;
  run.load =
    lp?.type === "concurrency"
      ? { kind: "concurrency", concurrency: lp.targetConcurrency, requestRate: null }
      : lp?.type === "poisson"
        ? { kind: "rate", concurrency: null, requestRate: lp.targetQps }
        : lp?.type === "max_throughput"
          ? { kind: "offline", concurrency: null, requestRate: null }
          : { kind: "concurrency", concurrency: null, requestRate: null };
  if (!lp) warnings.push("the file records no load pattern (run_config is newer than this shape): load unknown");
  const { scenario } = clientScenario(s, null);
  const lg = clientSummaryToLoadgenRun(s, {
    scenario,
    benchmark: hints.model,
    config: null,
  });
  run.scenarioHint = scenario;
  run.validity = lg.validity;
  run.numRequests = s.samplesCompleted;
  run.numFailed = s.samplesFailed;
  run.durationS = s.durationNs !== null ? s.durationNs / 1e9 : null;
  run.reqPerS = s.qps;
  run.outTokPerS = s.tps;
  run.islMean = s.isl?.avg ?? null;
  run.oslMean =
    s.osl?.avg ?? (s.osl?.total != null && s.samplesCompleted > 0 ? s.osl.total / s.samplesCompleted : null);
  run.ttftMs = ms(s.ttftNs);
  run.tpotMs = ms(s.tpotNs);
  run.e2eMs = ms(s.latencyNs);
  run.ttftLimitMs = lg.ttftLimitNs !== null ? lg.ttftLimitNs / 1e6 : null;
  run.tpotLimitMs = lg.tpotLimitNs !== null ? lg.tpotLimitNs / 1e6 : null;
  run.accelerators = hints.accelerators;
  run.latencyNotes.push("TPOT excludes the first token (the client's tpot_ns); times converted from nanoseconds");
  run.latencyNotes.push(
    s.legacyWindowNs !== null
      ? "output tokens/s is system-wide, over LoadGen's Server window (legacy_loadgen_window_duration_ns), not the whole run"
      : "output tokens/s is system-wide (the client's tps); no per-user figure is written",
  );
  if (s.tpsSource === "computed")
    warnings.push(
      "this shape does not write tps: output tokens/s computed as output tokens ÷ duration, as its Report.tps() did",
    );
  if (s.interrupted)
    warnings.push(
      "the client marked this run interrupted (state: interrupted): its figures are best-effort partial data",
    );
  else if (s.complete === false)
    warnings.push("the client marked this report incomplete (complete: false): some async metrics may be missing");
  if (lg.validity === "INVALID")
    warnings.push(`checks failed on the file's own figures: ${lg.failedChecks.join(", ")}`);
  return { format: "mlperf-endpoints-result-summary", tool: "mlperf-endpoints", runs: [run], warnings };
}

/** The registry entry (lib/bakeoff/tools.ts). */
export const ENDPOINTS_TOOL: Omit<ServingTool, "name"> = {
  display: "MLPerf Endpoints client",
  versions: "inference-endpoint result_summary.json, from reporter.py (2025) to report.py with ISL and finish reasons",
  method: {
    tokens: "output tokens counted by the client's tokenizer per streamed response (output_sequence_lengths)",
    percentiles:
      "TPOT per request excluding the first token; percentiles are observed samples (numpy method=lower), keys as strings",
    warmupDefault: "warm-up requests are not measured (run_config.warmup when set)",
    source: "mlcommons/endpoints src/inference_endpoint/metrics/report.py (Report.from_snapshot, to_json)",
  },
  formats: [
    {
      id: "mlperf-endpoints-result-summary",
      input: "json",
      describe: "performance/result_summary.json",
      sniff: (v) => isEndpointsClientSummary(v),
      // the document as the client formats it (indent 2), so a refusal names a line of the same layout
      parse: (docs: JsonDocument[], ctx: DocContext) =>
        endpointsToParsed(JSON.stringify(docs[0]?.value ?? null, null, 2), ctx.filename),
    },
  ],
};
