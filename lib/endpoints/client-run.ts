// An Endpoints client run (performance/result_summary.json, with the config.yaml beside it) as the LoadGen run record
// the importer, /reproduce and the bake-off already read (LoadgenRun, times in ns), so a client-written MLPerf
// Inference folder goes wherever a LoadGen folder goes. Pure.
//
// Validity is not decided here: this module reports what the files say (state, P99 TTFT/TPOT, duration, the
// config's min duration) and the judge (lib/judge/client-run.ts judgeClientRun) decides the checks and the verdict.
import { CLIENT_COMPLETE_CHECK, judgeClientRun } from "@/lib/judge";
import { emptyLoadgenRun, emptyPercentileSet } from "@/lib/loadgen/run";
import type { LoadgenRun, PercentileSet, Scenario } from "@/lib/types";
import { type ClientStat, type ClientSummary, percentileOf } from "./client-summary";

/** What the client's config.yaml says that a report needs (src/inference_endpoint/config/templates/*.yaml). */
export interface ClientConfig {
  /** `type`: offline | online | eval | submission. */
  type: string | null;
  modelName: string | null;
  minDurationMs: number | null;
  loadPatternType: string | null;
  targetQps: number | null;
  targetConcurrency: number | null;
}

/** The few scalar keys of a client config.yaml (block YAML, `key: value  # comment`); the rest is left alone. */
export function readClientConfig(text: string): ClientConfig {
  const values = new Map<string, string>();
  const stack: { indent: number; key: string }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*(#|$)/.test(raw) || /^\s*-/.test(raw)) continue;
    const m = /^(\s*)([A-Za-z_][\w-]*)\s*:(.*)$/.exec(raw);
    if (!m) continue;
    const indent = (m[1] ?? "").length;
    while (stack.length && (stack[stack.length - 1]?.indent ?? 0) >= indent) stack.pop();
    const key = m[2] ?? "";
    const value = (m[3] ?? "").replace(/\s+#.*$/, "").trim();
    const path = [...stack.map((s) => s.key), key].join(".");
    if (value === "") stack.push({ indent, key });
    else values.set(path, value.replace(/^(['"])(.*)\1$/, "$2"));
  }
  const str = (k: string) => {
    const v = values.get(k);
    return v === undefined || v === "null" || v === "~" ? null : v;
  };
  const num = (k: string) => {
    const v = str(k);
    const n = v === null ? Number.NaN : Number(v);
    return Number.isFinite(n) ? n : null;
  };
  // min_duration_ms also takes a suffix ("600s", "10m"), per the template's comment
  const dur = str("settings.runtime.min_duration_ms");
  const dm = dur ? /^(\d+(?:\.\d+)?)\s*(ms|s|m)?$/.exec(dur) : null;
  const minDurationMs = dm ? Number(dm[1]) * (dm[2] === "s" ? 1000 : dm[2] === "m" ? 60_000 : 1) : null;
  return {
    type: str("type"),
    modelName: str("model_params.name"),
    minDurationMs,
    loadPatternType: str("settings.load_pattern.type"),
    targetQps: num("settings.load_pattern.target_qps"),
    targetConcurrency: num("settings.load_pattern.target_concurrency"),
  };
}

/**
 * The MLPerf Inference scenario a client run stands for when no folder names it: `max_throughput` (the client's
 * offline test) → Offline, `poisson` (its online test, LoadGen Server's arrival process) → Server; a concurrency,
 * burst, step or agentic run is no Inference scenario (an Endpoints curve point).
 */
export function clientScenario(
  s: ClientSummary,
  config: ClientConfig | null,
): { scenario: Scenario | null; reason: string } {
  const lp = s.loadPattern?.type ?? config?.loadPatternType ?? null;
  if (lp === "max_throughput")
    return { scenario: "Offline", reason: "load pattern max_throughput (the client's offline test)" };
  if (lp === "poisson") return { scenario: "Server", reason: "load pattern poisson (Server's arrival process)" };
  if (config?.type === "offline") return { scenario: "Offline", reason: "config.yaml type: offline" };
  return {
    scenario: null,
    reason: lp
      ? `load pattern ${lp} is no MLPerf Inference scenario`
      : "neither the folder nor the run names a scenario",
  };
}

function toSet(stat: ClientStat | null): PercentileSet {
  if (!stat) return emptyPercentileSet();
  return {
    min: stat.min,
    max: stat.max,
    mean: stat.avg,
    p50: percentileOf(stat, 50) ?? stat.median,
    p90: percentileOf(stat, 90),
    p95: percentileOf(stat, 95),
    p97: percentileOf(stat, 97),
    p99: percentileOf(stat, 99),
    p999: percentileOf(stat, 99.9),
  };
}

export { CLIENT_COMPLETE_CHECK };

/**
 * One client run as a LoadgenRun. `scenario` is the folder's (or clientScenario's); `benchmark` (any spelling: a
 * folder name, a summary's model) picks the scenario's latency limits. tokensPerSecond is the file's system-wide `tps`, samplesPerSecond its `qps`.
 */
export function clientSummaryToLoadgenRun(
  s: ClientSummary,
  opts: { scenario: Scenario | null; benchmark: string | null; config: ClientConfig | null },
): LoadgenRun {
  const run = emptyLoadgenRun();
  run.scenarioHeader = null; // the client prints no scenario line
  // report.py to_json: "result_summary.json is the performance report"
  run.mode = "PerformanceOnly";
  run.samplesPerSecond = s.qps;
  run.tokensPerSecond = s.tps;
  run.latencyNs = toSet(s.latencyNs);
  run.ttftNs = toSet(s.ttftNs);
  run.tpotNs = toSet(s.tpotNs);
  run.targetQps = s.loadPattern?.targetQps ?? opts.config?.targetQps ?? null;
  run.minDurationMs = opts.config?.minDurationMs ?? null;
  run.queryCount = s.samplesCompleted;
  run.samplesPerQuery = 1;
  run.hasSummary = true;

  const v = judgeClientRun({
    interrupted: s.interrupted,
    complete: s.complete,
    scenario: opts.scenario,
    benchmark: opts.benchmark,
    ttftP99Ns: run.ttftNs.p99,
    tpotP99Ns: run.tpotNs.p99,
    durationNs: s.durationNs,
    minDurationMs: run.minDurationMs,
  });
  run.ttftLimitNs = v.ttftLimitNs;
  run.tpotLimitNs = v.tpotLimitNs;
  run.checks = v.checks;
  run.failedChecks = v.failedChecks;
  run.validity = v.validity;
  return run;
}
